import {
  availabilityOverrideSchema,
  availabilityOwnerSchema,
  availabilityWeekInputSchema,
  removeAvailabilityOverrideSchema,
  weeklyAvailabilitySchema,
} from "@medlegal/domain";
import { availabilityWeek, getAvailability, removeAvailabilityOverride, setAvailabilityOverride, setWeeklyAvailability } from "../../services/scheduling/availability";
import { roleProcedure, router } from "../../trpc";

// Consultants manage their own; staff any consultant's (the service scopes by role).
const own = roleProcedure("availability.own");

export const availabilityRouter = router({
  get: own.input(availabilityOwnerSchema).query(({ ctx, input }) => getAvailability({ db: ctx.db, actor: ctx.actor }, input)),
  setWeekly: own.input(weeklyAvailabilitySchema).mutation(({ ctx, input }) => setWeeklyAvailability({ db: ctx.db, actor: ctx.actor }, input)),
  setOverride: own.input(availabilityOverrideSchema).mutation(({ ctx, input }) => setAvailabilityOverride({ db: ctx.db, actor: ctx.actor }, input)),
  removeOverride: own.input(removeAvailabilityOverrideSchema).mutation(({ ctx, input }) => removeAvailabilityOverride({ db: ctx.db, actor: ctx.actor }, input)),
  week: roleProcedure("availability.agency").input(availabilityWeekInputSchema).query(({ ctx, input }) => availabilityWeek({ db: ctx.db, actor: ctx.actor }, input)),
});
