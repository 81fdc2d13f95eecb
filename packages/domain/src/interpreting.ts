import { z } from "zod";
import { ASSESSMENT_MODES, BOOKING_STATUSES } from "./bookings";
import { id } from "./input-primitives";
import { MEETING_STATUSES } from "./meetings";

/**
 * The interpreter's own bookings (issue 28, docs/decisions.md "Interpreters as users"): what they
 * need to be there and to interpret, and nothing about the injury. Like the day sheet, an answer
 * never carries the discipline, the diagnosis, case or claim numbers or ID numbers.
 */

export const INTERPRETING_MESSAGES = {
  notInterpreter: "Choose an active interpreter's account, or enter an external interpreter's name.",
  noMeeting: "This booking has no video meeting yet: it opens once the agency confirms the booking.",
  meetingOver: "This booking's video meeting has ended or was cancelled.",
} as const;

export const interpretingListInputSchema = z.object({
  when: z.enum(["upcoming", "past"], { error: "Choose upcoming or past bookings" }).default("upcoming"),
});
export const interpretingBookingInputSchema = z.object({ bookingId: id("Choose a booking") });

/** One booking the interpreter is named on. */
export const interpretingBookingOutputSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(BOOKING_STATUSES),
  mode: z.enum(ASSESSMENT_MODES),
  /** Where to be (in person); null for a video booking. */
  venue: z.string().nullable(),
  claimantName: z.string(),
  claimantLanguage: z.string(),
  /** The language the agency booked the interpreter for. */
  language: z.string().nullable(),
  guardian: z.object({ name: z.string(), relationship: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  /** The booking's video meeting, when there is one (video bookings, once confirmed). */
  meeting: z.object({ status: z.enum(MEETING_STATUSES), canJoin: z.boolean() }).nullable(),
});
export type InterpretingBooking = z.output<typeof interpretingBookingOutputSchema>;

/** An active interpreter's account, for the logistics form's picker. */
export const interpreterOptionOutputSchema = z.object({ id: z.string(), name: z.string(), contact: z.string() });
export type InterpreterOption = z.output<typeof interpreterOptionOutputSchema>;
