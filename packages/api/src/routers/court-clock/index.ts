import {
  courtClockGetSchema,
  courtClockOutputSchema,
  courtClockSettingsSchema,
  courtDatesInputSchema,
  courtOrderInputSchema,
  courtOrderRemoveSchema,
  courtMattersOutputSchema,
  rule369DeliveredInputSchema,
} from "@medlegal/domain";
import { markRule369Delivered } from "../../services/bundles/rule-36-9";
import { getCourtClock } from "../../services/court-clock/court-clock";
import { listCourtMatters } from "../../services/court-clock/court-matters";
import {
  addCourtOrder,
  getCourtClockSettings,
  removeCourtOrder,
  setCourtDates,
  updateCourtClockSettings,
} from "../../services/court-clock/court-dates";
import { roleProcedure, router } from "../../trpc";

/** The court's clock of a case (docs/decisions.md "The court's clock"); row scoping in the service. */
export const courtClockRouter = router({
  get: roleProcedure("cases.read")
    .input(courtClockGetSchema)
    .output(courtClockOutputSchema)
    .query(({ ctx, input }) => getCourtClock(ctx.deps, input)),
  /** The caller's matters on the court's clock: the trial calendar, the dashboards' counts, the nearest deadlines. */
  matters: roleProcedure("cases.read")
    .output(courtMattersOutputSchema)
    .query(({ ctx }) => listCourtMatters(ctx.deps)),
  setDates: roleProcedure("cases.update")
    .input(courtDatesInputSchema)
    .output(courtClockOutputSchema)
    .mutation(({ ctx, input }) => setCourtDates(ctx.deps, input)),
  addOrder: roleProcedure("cases.update")
    .input(courtOrderInputSchema)
    .output(courtClockOutputSchema)
    .mutation(({ ctx, input }) => addCourtOrder(ctx.deps, input)),
  removeOrder: roleProcedure("cases.update")
    .input(courtOrderRemoveSchema)
    .output(courtClockOutputSchema)
    .mutation(({ ctx, input }) => removeCourtOrder(ctx.deps, input)),
  /** The day the Rule 36(9)(a) notice and/or 36(9)(b) summaries were delivered (issue 41): the clock counts them done. */
  markNoticesDelivered: roleProcedure("expertNotices.deliver")
    .input(rule369DeliveredInputSchema)
    .output(courtClockOutputSchema)
    .mutation(({ ctx, input }) => markRule369Delivered(ctx.deps, input)),
  offsets: roleProcedure("settings.agency")
    .output(courtClockSettingsSchema)
    .query(({ ctx }) => getCourtClockSettings(ctx.deps)),
  setOffsets: roleProcedure("settings.agency")
    .input(courtClockSettingsSchema)
    .output(courtClockSettingsSchema)
    .mutation(({ ctx, input }) => updateCourtClockSettings(ctx.deps, input)),
});
