import { z } from "zod";
import {
  bookableExpertOutputSchema,
  bookableExpertsInputSchema,
  bookingInputSchema,
  bookingListInputSchema,
  bookingOutputSchema,
  bookingPageOutputSchema,
  cancelBookingSchema,
  correctAttendanceSchema,
  idInputSchema,
  recordAttendanceSchema,
  recordCannotAttendSchema,
  rescheduleBookingSchema,
  slotOutputSchema,
  slotsInputSchema,
} from "@medlegal/domain";
import { correctAttendance, recordAttendance } from "../../services/scheduling/attendance";
import { getBooking, listBookings } from "../../services/scheduling/booking-records";
import { cancelBooking, confirmBooking, createBooking, rescheduleBooking } from "../../services/scheduling/booking-requests";
import { bookableExperts, listSlots } from "../../services/scheduling/booking-slots";
import { recordClaimantCannotAttend } from "../../services/logistics/cannot-attend";
import { roleProcedure, router } from "../../trpc";

const book = roleProcedure("bookings.book");

export const bookingsRouter = router({
  list: roleProcedure("bookings.read")
    .input(bookingListInputSchema)
    .output(bookingPageOutputSchema)
    .query(({ ctx, input }) => listBookings(ctx.deps, input)),
  get: roleProcedure("bookings.read")
    .input(idInputSchema)
    .output(bookingOutputSchema)
    .query(({ ctx, input }) => getBooking(ctx.deps, input)),
  listExperts: book
    .input(bookableExpertsInputSchema)
    .output(z.array(bookableExpertOutputSchema))
    .query(({ ctx, input }) => bookableExperts(ctx.deps, input)),
  listSlots: book
    .input(slotsInputSchema)
    .output(z.array(slotOutputSchema))
    .query(({ ctx, input }) => listSlots(ctx.deps, input)),
  create: book
    .input(bookingInputSchema)
    .output(bookingOutputSchema)
    .mutation(({ ctx, input }) => createBooking(ctx.deps, input)),
  cancel: book
    .input(cancelBookingSchema)
    .output(bookingOutputSchema)
    .mutation(({ ctx, input }) => cancelBooking(ctx.deps, input)),
  reschedule: book
    .input(rescheduleBookingSchema)
    .output(bookingOutputSchema)
    .mutation(({ ctx, input }) => rescheduleBooking(ctx.deps, input)),
  confirm: roleProcedure("bookings.manage")
    .input(idInputSchema)
    .output(bookingOutputSchema)
    .mutation(({ ctx, input }) => confirmBooking(ctx.deps, input)),
  recordAttendance: roleProcedure("bookings.attendance")
    .input(recordAttendanceSchema)
    .output(bookingOutputSchema)
    .mutation(({ ctx, input }) => recordAttendance(ctx.deps, input)),
  // A NO the claimant gave by phone: the same as a NO by text (docs/product-rules.md "A claimant who cannot attend").
  recordCannotAttend: roleProcedure("bookings.manage")
    .input(recordCannotAttendSchema)
    .output(bookingOutputSchema)
    .mutation(({ ctx, input }) => recordClaimantCannotAttend(ctx.deps, input)),
  correctAttendance: roleProcedure("bookings.manage")
    .input(correctAttendanceSchema)
    .output(bookingOutputSchema)
    .mutation(({ ctx, input }) => correctAttendance(ctx.deps, input)),
});
