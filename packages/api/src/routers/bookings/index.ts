import { bookingInputSchema, cancelBookingSchema, rescheduleBookingSchema } from "@medlegal/domain";
import { bookingListInputSchema } from "../../services/bookings";
import {
  bookableConsultants,
  cancelBooking,
  confirmBooking,
  createBooking,
  getBooking,
  listBookings,
  listSlots,
  recordAttendance,
  rescheduleBooking,
} from "../../services/bookings";
import { inputAs, inputOf, roleProcedure, router } from "../../trpc";

const book = roleProcedure("bookings.book");

export const bookingsRouter = router({
  list: roleProcedure("bookings.read").input(inputOf(bookingListInputSchema)).query(({ ctx, input }) => listBookings({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("bookings.read").input(inputAs<{ id: string }>()).query(({ ctx, input }) => getBooking({ db: ctx.db, actor: ctx.actor }, input)),
  listConsultants: book.input(inputAs<{ specializationId: string }>()).query(({ ctx, input }) => bookableConsultants({ db: ctx.db, actor: ctx.actor }, input)),
  listSlots: book.input(inputAs<{ consultantId: string; from: string; to: string }>()).query(({ ctx, input }) => listSlots({ db: ctx.db, actor: ctx.actor }, input)),
  create: book.input(inputOf(bookingInputSchema)).mutation(({ ctx, input }) => createBooking({ db: ctx.db, actor: ctx.actor }, input)),
  cancel: book.input(inputOf(cancelBookingSchema)).mutation(({ ctx, input }) => cancelBooking({ db: ctx.db, actor: ctx.actor }, input)),
  reschedule: book.input(inputOf(rescheduleBookingSchema)).mutation(({ ctx, input }) => rescheduleBooking({ db: ctx.db, actor: ctx.actor }, input)),
  confirm: roleProcedure("bookings.manage").input(inputAs<{ id: string }>()).mutation(({ ctx, input }) => confirmBooking({ db: ctx.db, actor: ctx.actor }, input)),
  recordAttendance: roleProcedure("bookings.attendance")
    .input(inputAs<{ id: string; attended: boolean }>())
    .mutation(({ ctx, input }) => recordAttendance({ db: ctx.db, actor: ctx.actor }, input)),
});
