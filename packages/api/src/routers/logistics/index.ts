import { z } from "zod";
import { applyLogisticsSchema, bookingLogisticsInputSchema, daySheetInputSchema, daySheetOutputSchema, interpreterOptionOutputSchema, logisticsViewOutputSchema, setBookingLogisticsSchema } from "@medlegal/domain";
import { daySheet } from "../../services/logistics/day-sheet";
import { applyLogisticsToSameDay, getLogistics, listInterpreters, setLogistics } from "../../services/logistics/logistics-records";
import { roleProcedure, router } from "../../trpc";

/** The claimant's day around a booking (docs/decisions.md "The claimant's day: logistics"); row scoping in the service. */
export const logisticsRouter = router({
  get: roleProcedure("bookings.read").input(bookingLogisticsInputSchema).output(logisticsViewOutputSchema).query(({ ctx, input }) => getLogistics({ db: ctx.db, actor: ctx.actor }, input)),
  set: roleProcedure("bookings.manage").input(setBookingLogisticsSchema).output(logisticsViewOutputSchema).mutation(({ ctx, input }) => setLogistics({ db: ctx.db, actor: ctx.actor }, input)),
  applyToSameDay: roleProcedure("bookings.manage")
    .input(applyLogisticsSchema)
    .output(z.object({ applied: z.array(z.string()) }))
    .mutation(({ ctx, input }) => applyLogisticsToSameDay({ db: ctx.db, actor: ctx.actor }, input)),
  // The interpreters with an account, for the form's picker (docs/decisions.md "Interpreters as users").
  interpreters: roleProcedure("bookings.manage").output(z.array(interpreterOptionOutputSchema)).query(({ ctx }) => listInterpreters({ db: ctx.db, actor: ctx.actor })),
  daySheet: roleProcedure("bookings.manage").input(daySheetInputSchema).output(daySheetOutputSchema).query(({ ctx, input }) => daySheet({ db: ctx.db, actor: ctx.actor }, input)),
});
