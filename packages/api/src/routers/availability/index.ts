import { availabilityOverrideSchema, weeklyAvailabilitySchema } from "@medlegal/domain";
import { availabilityWeek, getAvailability, removeAvailabilityOverride, setAvailabilityOverride, setWeeklyAvailability } from "../../services/availability";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";

// Consultants manage their own; staff any consultant's (the service scopes by role).
const own = roleProcedure("availability.own");

export const availabilityRouter = router({
  get: own.input(inputAs<{ consultantId?: string } | undefined>()).query(({ ctx, input }) => getAvailability({ db: ctx.db, actor: ctx.actor }, input)),
  setWeekly: own.input(inputOf(weeklyAvailabilitySchema)).mutation(({ ctx, input }) => setWeeklyAvailability({ db: ctx.db, actor: ctx.actor }, input)),
  setOverride: own.input(inputOf(availabilityOverrideSchema)).mutation(({ ctx, input }) => setAvailabilityOverride({ db: ctx.db, actor: ctx.actor }, input)),
  removeOverride: own.input(inputAs<{ consultantId?: string; date: string }>()).mutation(({ ctx, input }) => removeAvailabilityOverride({ db: ctx.db, actor: ctx.actor }, input)),
  week: roleProcedure("availability.agency").input(inputAs<{ weekStart: string; specializationId?: string }>()).query(({ ctx, input }) => availabilityWeek({ db: ctx.db, actor: ctx.actor }, input)),
});
