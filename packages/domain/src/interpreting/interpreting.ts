import { z } from "zod";
import { ASSESSMENT_MODES, BOOKING_STATUSES } from "../scheduling/bookings";
import { id } from "../platform/input-primitives";
import { MEETING_STATUSES } from "../meetings/meetings";

/**
 * The interpreter's own bookings (issue 28, docs/decisions.md "Interpreters as users"): what they
 * need to be there and to interpret, and nothing about the injury. Like the day sheet, an answer
 * never carries the discipline, the diagnosis, case or claim numbers or ID numbers.
 */

export const INTERPRETING_MESSAGES = {
  notInterpreter: "Choose an active interpreter's account, or enter an external interpreter's name.",
  noMeeting: "This booking has no video meeting yet: it opens once the agency confirms the booking.",
  meetingOver: "This booking's video meeting has ended or was cancelled.",
  notOpen: "This booking was cancelled, moved or has happened: there is nothing to answer.",
  cannotAttend: "The claimant cannot attend this booking: there is nothing to confirm.",
} as const;

export const INTERPRETER_ANSWERS = ["confirmed", "declined"] as const;
export type InterpreterAnswer = (typeof INTERPRETER_ANSWERS)[number];
export const INTERPRETER_ANSWER_LABEL: Record<InterpreterAnswer, string> = { confirmed: "You confirmed", declined: "You declined" };
/** What staff see of the named interpreter's answer on the booking's logistics. */
export const INTERPRETER_ANSWER_STAFF_LABEL: Record<InterpreterAnswer, string> = {
  confirmed: "Interpreter confirmed",
  declined: "Interpreter declined: name another",
};

/** The interpreter's answer to a booking they are named on (declining tells the case manager). */
export const answerInterpretingSchema = z.object({
  bookingId: id("Choose a booking"),
  answer: z.enum(INTERPRETER_ANSWERS, { error: "Confirm or decline" }),
});

/**
 * Whether an interpreter's languages cover the language a booking needs (case and spacing ignored);
 * an interpreter whose languages are not recorded is not a mismatch, only unknown.
 */
export function interpreterSpeaks(languages: readonly string[], language: string | null): boolean | null {
  if (!language || languages.length === 0) return null;
  const wanted = language.trim().toLowerCase();
  return languages.some((l) => l.trim().toLowerCase() === wanted);
}

/** The warning when a named interpreter's account does not list the booked language (said, not refused; docs/product-rules.md "Interpreters"). */
export function interpreterLanguageWarning(name: string, language: string): string {
  return `${name} does not list ${language} among their languages`;
}

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
  /** The claimant said they cannot come: the interpreter is not needed (shown instead of Confirmed). */
  claimantCannotAttend: z.boolean(),
  /** The expert the interpreter works with, and the agency's phone for the day. */
  expertName: z.string(),
  agencyPhone: z.string().nullable(),
  /** The interpreter's own answer; null until they confirm or decline. */
  answer: z.enum(INTERPRETER_ANSWERS).nullable(),
});
export type InterpretingBooking = z.output<typeof interpretingBookingOutputSchema>;

/** An active interpreter's account, for the logistics form's picker. */
export const interpreterOptionOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  contact: z.string(),
  languages: z.array(z.string()),
});
export type InterpreterOption = z.output<typeof interpreterOptionOutputSchema>;
