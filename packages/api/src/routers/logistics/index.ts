import { z } from "zod";
import {
  applyLogisticsSchema,
  bookingLogisticsInputSchema,
  bookingTaskOutputSchema,
  bookingTasksInputSchema,
  completeBookingTaskSchema,
  daySheetInputSchema,
  daySheetOutputSchema,
  interpreterListInputSchema,
  interpreterOptionOutputSchema,
  logisticsViewOutputSchema,
  setBookingLogisticsSchema,
} from "@medlegal/domain";
import { completeBookingTask, listBookingTasks } from "../../services/logistics/cannot-attend";
import { daySheet } from "../../services/logistics/day-sheet";
import { applyLogisticsToSameDay, getLogistics, listInterpreters, setLogistics } from "../../services/logistics/logistics-records";
import { roleProcedure, router } from "../../trpc";

/** The claimant's day around a booking (docs/decisions.md "The claimant's day: logistics"); row scoping in the service. */
export const logisticsRouter = router({
  get: roleProcedure("bookings.read")
    .input(bookingLogisticsInputSchema)
    .output(logisticsViewOutputSchema)
    .query(({ ctx, input }) => getLogistics(ctx.deps, input)),
  set: roleProcedure("bookings.manage")
    .input(setBookingLogisticsSchema)
    .output(logisticsViewOutputSchema)
    .mutation(({ ctx, input }) => setLogistics(ctx.deps, input)),
  applyToSameDay: roleProcedure("bookings.manage")
    .input(applyLogisticsSchema)
    .output(z.object({ applied: z.array(z.string()) }))
    .mutation(({ ctx, input }) => applyLogisticsToSameDay(ctx.deps, input)),
  // The interpreters with an account, for the form's picker (docs/decisions.md "Interpreters as users").
  interpreters: roleProcedure("bookings.manage")
    .input(interpreterListInputSchema)
    .output(z.array(interpreterOptionOutputSchema))
    .query(({ ctx, input }) => listInterpreters(ctx.deps, input)),
  // What a claimant's "cannot attend" leaves to undo, in front of the case manager until done.
  tasks: roleProcedure("bookings.manage")
    .input(bookingTasksInputSchema)
    .output(z.array(bookingTaskOutputSchema))
    .query(({ ctx, input }) => listBookingTasks(ctx.deps, input)),
  completeTask: roleProcedure("bookings.manage")
    .input(completeBookingTaskSchema)
    .output(bookingTaskOutputSchema)
    .mutation(({ ctx, input }) => completeBookingTask(ctx.deps, input)),
  daySheet: roleProcedure("bookings.manage")
    .input(daySheetInputSchema)
    .output(daySheetOutputSchema)
    .query(({ ctx, input }) => daySheet(ctx.deps, input)),
});
