import { z } from "zod";
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
import { roleProcedure, router } from "../../trpc";

const input = z.unknown();
const book = roleProcedure("bookings.book");

export const bookingsRouter = router({
  list: roleProcedure("bookings.read").input(input).query(({ ctx, input }) => listBookings({ db: ctx.db, actor: ctx.actor }, input)),
  get: roleProcedure("bookings.read").input(input).query(({ ctx, input }) => getBooking({ db: ctx.db, actor: ctx.actor }, input)),
  listConsultants: book.input(input).query(({ ctx, input }) => bookableConsultants({ db: ctx.db, actor: ctx.actor }, input)),
  listSlots: book.input(input).query(({ ctx, input }) => listSlots({ db: ctx.db, actor: ctx.actor }, input)),
  create: book.input(input).mutation(({ ctx, input }) => createBooking({ db: ctx.db, actor: ctx.actor }, input)),
  cancel: book.input(input).mutation(({ ctx, input }) => cancelBooking({ db: ctx.db, actor: ctx.actor }, input)),
  reschedule: book.input(input).mutation(({ ctx, input }) => rescheduleBooking({ db: ctx.db, actor: ctx.actor }, input)),
  confirm: roleProcedure("bookings.manage").input(input).mutation(({ ctx, input }) => confirmBooking({ db: ctx.db, actor: ctx.actor }, input)),
  recordAttendance: roleProcedure("bookings.attendance")
    .input(input)
    .mutation(({ ctx, input }) => recordAttendance({ db: ctx.db, actor: ctx.actor }, input)),
});
