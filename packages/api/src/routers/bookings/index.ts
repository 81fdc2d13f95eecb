import {
  bookableConsultantsInputSchema,
  bookingInputSchema,
  bookingListInputSchema,
  cancelBookingSchema,
  idInputSchema,
  correctAttendanceSchema,
  recordAttendanceSchema,
  rescheduleBookingSchema,
  slotsInputSchema,
} from "@medlegal/domain";
import {
  bookableConsultants,
  cancelBooking,
  confirmBooking,
  createBooking,
  getBooking,
  listBookings,
  listSlots,
  correctAttendance,
  recordAttendance,
  rescheduleBooking,
} from "../../services/scheduling/bookings";
import { roleProcedure, router } from "../../trpc";

const book = roleProcedure("bookings.book");

export const bookingsRouter = router({
  list: roleProcedure("bookings.read").input(bookingListInputSchema).query(({ ctx, input }) => listBookings({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("bookings.read").input(idInputSchema).query(({ ctx, input }) => getBooking({ db: ctx.db, actor: ctx.actor }, input)),
  listConsultants: book.input(bookableConsultantsInputSchema).query(({ ctx, input }) => bookableConsultants({ db: ctx.db, actor: ctx.actor }, input)),
  listSlots: book.input(slotsInputSchema).query(({ ctx, input }) => listSlots({ db: ctx.db, actor: ctx.actor }, input)),
  create: book.input(bookingInputSchema).mutation(({ ctx, input }) => createBooking({ db: ctx.db, actor: ctx.actor }, input)),
  cancel: book.input(cancelBookingSchema).mutation(({ ctx, input }) => cancelBooking({ db: ctx.db, actor: ctx.actor }, input)),
  reschedule: book.input(rescheduleBookingSchema).mutation(({ ctx, input }) => rescheduleBooking({ db: ctx.db, actor: ctx.actor }, input)),
  confirm: roleProcedure("bookings.manage").input(idInputSchema).mutation(({ ctx, input }) => confirmBooking({ db: ctx.db, actor: ctx.actor }, input)),
  recordAttendance: roleProcedure("bookings.attendance")
    .input(recordAttendanceSchema)
    .mutation(({ ctx, input }) => recordAttendance({ db: ctx.db, actor: ctx.actor }, input)),
  correctAttendance: roleProcedure("bookings.manage")
    .input(correctAttendanceSchema)
    .mutation(({ ctx, input }) => correctAttendance({ db: ctx.db, actor: ctx.actor }, input)),
});
