import { z } from "zod";
import { calendarDate, clockTime, id, optionalTextOrNull, text } from "../platform/input-primitives";
import { isValidPhone } from "../users/passwords";
import type { ClaimantAnswer } from "../scheduling/bookings";
import { BOOKING_STATUS_LABEL } from "../scheduling/bookings";
import type { BookingStatus } from "../constants";

/**
 * The claimant's day around a booking (issue 28, docs/decisions.md "The claimant's day: logistics"):
 * how they travel, where they sleep, who interprets, who comes with them and what they eat, with the
 * costs the attorney is billed as disbursements. Staff set it; the booking's attorney reads it; the
 * expert sees only the interpreter and the guardian.
 */

export const TRANSPORT_KINDS = ["none", "shuttle", "taxi", "reimbursement"] as const;
export type TransportKind = (typeof TRANSPORT_KINDS)[number];
export const TRANSPORT_LABELS: Record<TransportKind, string> = {
  none: "None (the claimant comes on their own)",
  shuttle: "The agency's shuttle",
  taxi: "Taxi",
  reimbursement: "Reimbursed travel",
};
/** Short words for the day sheet's columns. */
export const TRANSPORT_SHORT: Record<TransportKind, string> = {
  none: "Own way",
  shuttle: "Shuttle",
  taxi: "Taxi",
  reimbursement: "Reimbursed",
};

/** The cost items, each its own disbursement line on the attorney's invoice. */
export const LOGISTICS_COST_ITEMS = ["transport", "accommodation", "interpreter", "meals"] as const;
export type LogisticsCostItem = (typeof LOGISTICS_COST_ITEMS)[number];
export const LOGISTICS_COST_LABELS: Record<LogisticsCostItem, string> = {
  transport: "Transport",
  accommodation: "Accommodation",
  interpreter: "Interpreter",
  meals: "Meals",
};

/** One item's cost: at most R 100 000, in whole cents. */
export const MAX_LOGISTICS_CENTS = 10_000_000;
const cost = (label: string) =>
  z
    .number({ error: `${label} is an amount in cents` })
    .int(`${label} is a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_LOGISTICS_CENTS, `${label} can be at most R 100 000.00`)
    .nullish()
    .transform((v) => v ?? null);

const optionalPhone = text()
  .trim()
  .max(30, "The phone number must be at most 30 characters")
  .refine((v) => v === "" || isValidPhone(v), "Please enter a valid phone number")
  .optional()
  .transform((v) => v || null);

export const LOGISTICS_MESSAGES = {
  pickup: "Enter where the claimant is picked up",
  pickupTime: "Enter the pickup time",
  reimbursement: "Enter the amount to reimburse",
  noTransportCost: "Only a taxi or reimbursed travel has a cost",
  accommodationName: "Enter the guesthouse's name",
  nights: "Enter the number of nights",
  interpreterLanguage: "Enter the language the interpreter speaks",
  interpreterName: "Enter the interpreter's name",
  guardianName: "Enter the guardian's or escort's name",
  guardianRelationship: "Enter how they are related to the claimant",
  guardianPhone: "Enter the guardian's or escort's phone number",
  mealsWhat: "Say which meals are provided",
  billed: "These costs are on the attorney's invoice already: correct the invoice instead (a credit note once it is issued).",
  noOtherBookings: "The claimant has no other booking that day.",
} as const;

/** What staff enter for a booking; the rules that tie fields together are checked here, once. */
export const setBookingLogisticsSchema = z
  .object({
    bookingId: id("Choose a booking"),
    transport: z.enum(TRANSPORT_KINDS, { error: "Choose how the claimant travels" }),
    pickupPoint: optionalTextOrNull(200, "The pickup point"),
    pickupTime: clockTime
      .or(z.literal(""))
      .optional()
      .transform((v) => v || null),
    transportCents: cost("The transport cost"),
    accommodationName: optionalTextOrNull(200, "The guesthouse"),
    accommodationNights: z
      .number({ error: "Nights are a whole number" })
      .int("Nights are a whole number")
      .min(1, "At least one night")
      .max(14, "At most 14 nights")
      .nullish()
      .transform((v) => v ?? null),
    accommodationCents: cost("The accommodation cost"),
    interpreterLanguage: optionalTextOrNull(60, "The language"),
    interpreterName: optionalTextOrNull(120, "The interpreter's name"),
    interpreterContact: optionalTextOrNull(200, "The interpreter's contact"),
    interpreterCents: cost("The interpreter's fee"),
    /** An interpreter with an account (docs/decisions.md "Interpreters as users"): their name and contact come from it. */
    interpreterUserId: id("Choose an interpreter")
      .nullish()
      .transform((v) => v ?? null),
    guardianName: optionalTextOrNull(120, "The guardian's name"),
    guardianRelationship: optionalTextOrNull(60, "The relationship"),
    guardianPhone: optionalPhone,
    meals: optionalTextOrNull(200, "Meals"),
    mealsCents: cost("The meals' cost"),
  })
  .superRefine((v, ctx) => {
    const need = (ok: unknown, path: string, message: string) => {
      if (!ok) ctx.addIssue({ code: "custom", path: [path], message });
    };
    const picked = v.transport === "shuttle" || v.transport === "taxi";
    if (picked) {
      need(v.pickupPoint, "pickupPoint", LOGISTICS_MESSAGES.pickup);
      need(v.pickupTime, "pickupTime", LOGISTICS_MESSAGES.pickupTime);
    }
    if (v.transport === "reimbursement") need(v.transportCents, "transportCents", LOGISTICS_MESSAGES.reimbursement);
    if (v.transport === "none" || v.transport === "shuttle")
      need(v.transportCents === null, "transportCents", LOGISTICS_MESSAGES.noTransportCost);
    if (v.accommodationNights !== null || v.accommodationCents !== null)
      need(v.accommodationName, "accommodationName", LOGISTICS_MESSAGES.accommodationName);
    if (v.accommodationName) need(v.accommodationNights, "accommodationNights", LOGISTICS_MESSAGES.nights);
    if (v.interpreterName || v.interpreterContact || v.interpreterCents !== null || v.interpreterUserId)
      need(v.interpreterLanguage, "interpreterLanguage", LOGISTICS_MESSAGES.interpreterLanguage);
    if (v.interpreterLanguage) need(v.interpreterName || v.interpreterUserId, "interpreterName", LOGISTICS_MESSAGES.interpreterName);
    if (v.guardianName || v.guardianRelationship || v.guardianPhone) {
      need(v.guardianName, "guardianName", LOGISTICS_MESSAGES.guardianName);
      need(v.guardianRelationship, "guardianRelationship", LOGISTICS_MESSAGES.guardianRelationship);
      need(v.guardianPhone, "guardianPhone", LOGISTICS_MESSAGES.guardianPhone);
    }
    if (v.mealsCents !== null) need(v.meals, "meals", LOGISTICS_MESSAGES.mealsWhat);
  });
export type SetBookingLogisticsInput = z.output<typeof setBookingLogisticsSchema>;
/** The fields as sent (optional ones left out), before the schema fills in the nulls. */
export type SetBookingLogisticsFields = z.input<typeof setBookingLogisticsSchema>;

export const bookingLogisticsInputSchema = z.object({ bookingId: id("Choose a booking") });

/** Copies a booking's arrangements to the claimant's other live bookings that day (costs stay on the first). */
export const applyLogisticsSchema = z.object({ bookingId: id("Choose a booking") });

/** The interpreters for the logistics form, those who speak `language` first. */
export const interpreterListInputSchema = z
  .object({ language: text().trim().max(60, "The language must be at most 60 characters").optional() })
  .optional();

export const daySheetInputSchema = z.object({
  day: calendarDate("The day"),
  venue: text().trim().max(200, "The venue must be at most 200 characters").optional(),
});

/* ---------- outputs ---------- */

export const bookingLogisticsOutputSchema = z.object({
  bookingId: z.string(),
  transport: z.enum(TRANSPORT_KINDS),
  pickupPoint: z.string().nullable(),
  pickupTime: z.string().nullable(),
  transportCents: z.number().nullable(),
  accommodationName: z.string().nullable(),
  accommodationNights: z.number().nullable(),
  accommodationCents: z.number().nullable(),
  interpreterLanguage: z.string().nullable(),
  interpreterName: z.string().nullable(),
  interpreterContact: z.string().nullable(),
  interpreterCents: z.number().nullable(),
  interpreterUserId: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianRelationship: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  meals: z.string().nullable(),
  mealsCents: z.number().nullable(),
  updatedAt: z.string(),
});
export type BookingLogistics = z.output<typeof bookingLogisticsOutputSchema>;

const sameDayBookingSchema = z.object({
  id: z.string(),
  reference: z.string(),
  startsAt: z.string(),
  consultantName: z.string(),
  hasLogistics: z.boolean(),
});

/**
 * Staff and the booking's attorney get everything (and the claimant's other bookings that day); the
 * expert only who interprets and who accompanies the claimant, which is what the room needs.
 */
export const logisticsViewOutputSchema = z.discriminatedUnion("scope", [
  z.object({
    scope: z.literal("full"),
    logistics: bookingLogisticsOutputSchema.nullable(),
    /** Cost items already on the attorney's invoice (their amounts can no longer change here). */
    billed: z.array(z.enum(LOGISTICS_COST_ITEMS)),
    sameDay: z.array(sameDayBookingSchema),
    /** The claimant's home language and whether they need an interpreter: the form prefills the language from it. */
    claimantLanguage: z.string(),
    interpreterNeeded: z.boolean(),
    /** The named interpreter's account does not list the booked language (a warning, not a refusal). */
    interpreterMismatch: z.boolean(),
    /** The named interpreter's own answer on My Interpreting. */
    interpreterAnswer: z.enum(["confirmed", "declined"]).nullable(),
  }),
  z.object({
    scope: z.literal("expert"),
    interpreter: z.object({ language: z.string(), name: z.string() }).nullable(),
    guardian: z.object({ name: z.string(), relationship: z.string() }).nullable(),
  }),
]);
export type LogisticsView = z.output<typeof logisticsViewOutputSchema>;

/** One arrival on the day sheet: no diagnosis, specialization or ID number (reception, driver, interpreter read it). */
export const daySheetArrivalSchema = z.object({
  bookingId: z.string(),
  reference: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  claimantName: z.string(),
  claimantPhone: z.string().nullable(),
  expertName: z.string(),
  transport: z.enum(TRANSPORT_KINDS).nullable(),
  pickupPoint: z.string().nullable(),
  pickupTime: z.string().nullable(),
  interpreterLanguage: z.string().nullable(),
  interpreterName: z.string().nullable(),
  interpreterContact: z.string().nullable(),
  guardianName: z.string().nullable(),
  guardianRelationship: z.string().nullable(),
  guardianPhone: z.string().nullable(),
  accommodationName: z.string().nullable(),
  meals: z.string().nullable(),
  /** The claimant said they cannot come: the row stays, struck through, so reception knows. */
  cannotAttend: z.boolean(),
});
export type DaySheetArrival = z.output<typeof daySheetArrivalSchema>;

export const daySheetOutputSchema = z.object({
  day: z.string(),
  /** The venue shown (the one asked for, else the day's first), null when nobody comes in person. */
  venue: z.string().nullable(),
  /** Venues with in-person bookings that day, for the picker. */
  venues: z.array(z.string()),
  arrivals: z.array(daySheetArrivalSchema),
});
export type DaySheet = z.output<typeof daySheetOutputSchema>;

/* ---------- a claimant who cannot attend (issue 37 item 1; docs/product-rules.md) ---------- */

/**
 * What a booking shows for its state: "Claimant cannot attend" in place of Requested or Confirmed
 * once the claimant said NO (by text, or staff recorded it), until staff cancel or move it.
 */
export function bookingStatusShown(status: BookingStatus, claimantAnswer: ClaimantAnswer | null): string {
  return claimantCannotAttend(status, claimantAnswer) ? CANNOT_ATTEND_LABEL : BOOKING_STATUS_LABEL[status];
}
/** Whether a booking stands but its claimant will not come (the day is to be undone, not run). */
export const claimantCannotAttend = (status: BookingStatus, claimantAnswer: ClaimantAnswer | null): boolean =>
  claimantAnswer === "cannot_attend" && (status === "requested" || status === "confirmed");
export const CANNOT_ATTEND_LABEL = "Claimant cannot attend";

export const BOOKING_TASK_KINDS = ["cancel_transport", "cancel_accommodation", "tell_interpreter"] as const;
export type BookingTaskKind = (typeof BOOKING_TASK_KINDS)[number];
export const BOOKING_TASK_LABELS: Record<BookingTaskKind, string> = {
  cancel_transport: "Cancel the transport",
  cancel_accommodation: "Cancel the accommodation",
  tell_interpreter: "Tell the interpreter",
};

export const CANNOT_ATTEND_MESSAGES = {
  notLive: "Only a requested or confirmed booking can be marked as one the claimant cannot attend.",
  already: "The claimant is already recorded as unable to attend this booking.",
  taskDone: "This task is already done.",
} as const;

export const recordCannotAttendSchema = z.object({ id: id("Choose a booking") });
export const bookingTasksInputSchema = z.object({ bookingId: id("Choose a booking").optional() });
export const completeBookingTaskSchema = z.object({ id: id("Choose a task") });

export const bookingTaskOutputSchema = z.object({
  id: z.string(),
  kind: z.enum(BOOKING_TASK_KINDS),
  detail: z.string(),
  bookingId: z.string(),
  bookingReference: z.string(),
  startsAt: z.string(),
  claimantName: z.string(),
  createdAt: z.string(),
  doneAt: z.string().nullable(),
});
export type BookingTask = z.output<typeof bookingTaskOutputSchema>;
