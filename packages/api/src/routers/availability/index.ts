import { z } from "zod";
import { availabilityWeek, getAvailability, removeAvailabilityOverride, setAvailabilityOverride, setWeeklyAvailability } from "../../services/availability";
import { roleProcedure, router } from "../../trpc";

const input = z.unknown();
// Consultants manage their own; staff any consultant's (the service scopes by role).
const own = roleProcedure("availability.own");

export const availabilityRouter = router({
  get: own.input(input).query(({ ctx, input }) => getAvailability({ db: ctx.db, actor: ctx.actor }, input)),
  setWeekly: own.input(input).mutation(({ ctx, input }) => setWeeklyAvailability({ db: ctx.db, actor: ctx.actor }, input)),
  setOverride: own.input(input).mutation(({ ctx, input }) => setAvailabilityOverride({ db: ctx.db, actor: ctx.actor }, input)),
  removeOverride: own.input(input).mutation(({ ctx, input }) => removeAvailabilityOverride({ db: ctx.db, actor: ctx.actor }, input)),
  week: roleProcedure("availability.agency").input(input).query(({ ctx, input }) => availabilityWeek({ db: ctx.db, actor: ctx.actor }, input)),
});
