import { z } from "zod";
import {
  availabilityOverrideSchema,
  availabilityOwnerSchema,
  availabilityWeekInputSchema,
  removeAvailabilityOverrideSchema,
  weeklyAvailabilitySchema,
} from "@medlegal/domain";
import {
  availabilityWeek,
  getAvailability,
  removeAvailabilityOverride,
  setAvailabilityOverride,
  setWeeklyAvailability,
} from "../../services/scheduling/availability";
import { roleProcedure, router } from "../../trpc";
import { availabilityOutputSchema, weekGridRowOutputSchema } from "@medlegal/domain";

// Consultants manage their own; staff any consultant's (the service scopes by role).
const own = roleProcedure("availability.own");

export const availabilityRouter = router({
  get: own
    .input(availabilityOwnerSchema)
    .output(availabilityOutputSchema)
    .query(({ ctx, input }) => getAvailability(ctx.deps, input)),
  setWeekly: own
    .input(weeklyAvailabilitySchema)
    .output(availabilityOutputSchema)
    .mutation(({ ctx, input }) => setWeeklyAvailability(ctx.deps, input)),
  setOverride: own
    .input(availabilityOverrideSchema)
    .output(availabilityOutputSchema)
    .mutation(({ ctx, input }) => setAvailabilityOverride(ctx.deps, input)),
  removeOverride: own
    .input(removeAvailabilityOverrideSchema)
    .output(availabilityOutputSchema)
    .mutation(({ ctx, input }) => removeAvailabilityOverride(ctx.deps, input)),
  week: roleProcedure("availability.agency")
    .input(availabilityWeekInputSchema)
    .output(z.array(weekGridRowOutputSchema))
    .query(({ ctx, input }) => availabilityWeek(ctx.deps, input)),
});
