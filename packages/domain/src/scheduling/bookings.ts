import { z } from "zod";
import { BOOKING_SORTS, BOOKING_STATUSES, type BookingStatus } from "../constants";
import { sastToUtc, sastDate, isoWeekday, addDays, WEEKDAY_LABEL } from "../platform/sa-time";
import type { AssignmentStatus } from "../queries/assignments";
import {
  calendarDate,
  clockTime,
  id,
  idInputSchema,
  instant,
  listInput,
  optionalText,
  optionalTextOrNull,
  pageCursor,
  pageLimit,
  searchText,
  text,
} from "../platform/input-primitives";

export const ASSESSMENT_MODES = ["in_person", "video"] as const;
export type AssessmentMode = (typeof ASSESSMENT_MODES)[number];

const time = clockTime;
const date = calendarDate();

const rangeSchema = z
  .object({
    start: time,
    end: time,
    venue: text()
      .trim()
      .max(200, "A venue must be at most 200 characters")
      .nullish()
      .transform((v) => v || null),
    mode: z.enum(ASSESSMENT_MODES, { error: "Choose in person or video" }).default("in_person"),
  })
  .refine((r) => r.start < r.end, { message: "A time range must end after it starts", path: ["end"] })
  .refine((r) => r.mode === "video" || !!r.venue, { message: "An in-person range needs a venue", path: ["venue"] });

/** Whether any two of one day's ranges overlap (a range may start when another ends). */
export function rangesOverlap(ranges: readonly { start: string; end: string }[]): boolean {
  const sorted = [...ranges].sort((a, b) => a.start.localeCompare(b.start));
  return sorted.some((r, i) => i > 0 && r.start < sorted[i - 1]!.end);
}

/** A consultant's week: per ISO weekday (1-7), zero or more ranges that must not overlap. */
export const weeklyAvailabilitySchema = z.object({
  consultantId: id("Choose a consultant").optional(),
  days: z
    .array(
      z.object({
        weekday: z
          .number({ error: "A weekday is a number from 1 to 7" })
          .int()
          .min(1, "A weekday is a number from 1 to 7")
          .max(7, "A weekday is a number from 1 to 7"),
        ranges: z.array(rangeSchema).max(6, "At most 6 time ranges a day"),
      }),
    )
    .max(7, "A week has 7 days")
    .superRefine((days, ctx) => {
      for (const day of days) {
        if (rangesOverlap(day.ranges)) ctx.addIssue({ code: "custom", message: `${WEEKDAY_LABEL[day.weekday]}'s time ranges overlap` });
      }
    }),
  dailyCapacity: z
    .number({ error: "Daily capacity is a number" })
    .int("Daily capacity is a number")
    .min(1, "At least one assessment a day")
    .max(20, "At most 20 assessments a day"),
});
export type WeeklyAvailabilityInput = z.input<typeof weeklyAvailabilitySchema>;

/** One date's exception: a day off, or other hours for that date. */
export const availabilityOverrideSchema = z
  .object({
    consultantId: id("Choose a consultant").optional(),
    date,
    unavailable: z.boolean({ error: "Say whether the day is unavailable" }),
    ranges: z.array(rangeSchema).max(6, "At most 6 time ranges a day").default([]),
    note: text().trim().max(200, "A note must be at most 200 characters").nullish(),
  })
  .refine((o) => o.unavailable || o.ranges.length > 0, { message: "Give the other hours, or mark the day unavailable", path: ["ranges"] })
  .refine((o) => o.unavailable || !rangesOverlap(o.ranges), { message: "These time ranges overlap", path: ["ranges"] });

/** Whose availability to read or change: a consultant their own, staff any consultant's. */
export const availabilityOwnerSchema = listInput({ consultantId: id("Choose a consultant").optional() });
export const removeAvailabilityOverrideSchema = z.object({ consultantId: id("Choose a consultant").optional(), date });
export const availabilityWeekInputSchema = z.object({
  weekStart: calendarDate("Week start"),
  specializationId: id("Choose a specialization").optional(),
});

/** An expert's window of availability and a bookable slot, as the scheduling procedures answer them. */
const whereAndHow = { venue: z.string().nullable(), mode: z.enum(ASSESSMENT_MODES) };
export const timeRangeOutputSchema = z.object({ start: z.string(), end: z.string(), ...whereAndHow });
export type TimeRange = z.output<typeof timeRangeOutputSchema>;
export const slotOutputSchema = z.object({ startsAt: z.string(), endsAt: z.string(), ...whereAndHow });
export type Slot = z.output<typeof slotOutputSchema>;

export interface SlotRules {
  /** Ranges per ISO weekday. */
  weekly: Record<number, TimeRange[]>;
  /** Per date: null for a day off, or the ranges that replace the weekly ones. */
  overrides: Record<string, TimeRange[] | null>;
  dailyCapacity: number;
}

/**
 * The free slots of a consultant between two dates (inclusive, South African dates): availability
 * (weekly ranges, replaced by a date's override), cut into slots of `minutes`, minus slots that
 * overlap a live booking, minus whole days already at capacity, and never in the past.
 */
export function computeSlots(
  rules: SlotRules,
  bookings: { startsAt: Date; endsAt: Date }[],
  from: string,
  to: string,
  minutes: number,
  now: Date,
): Slot[] {
  const slots: Slot[] = [];
  const perDay = new Map<string, number>();
  for (const b of bookings) perDay.set(sastDate(b.startsAt), (perDay.get(sastDate(b.startsAt)) ?? 0) + 1);
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if ((perDay.get(day) ?? 0) >= rules.dailyCapacity) continue;
    const ranges = day in rules.overrides ? rules.overrides[day] : rules.weekly[isoWeekday(day)];
    if (!ranges) continue;
    for (const range of ranges) {
      const rangeEnd = sastToUtc(day, range.end).getTime();
      for (let start = sastToUtc(day, range.start).getTime(); start + minutes * 60_000 <= rangeEnd; start += minutes * 60_000) {
        const end = start + minutes * 60_000;
        if (start <= now.getTime()) continue;
        if (bookings.some((b) => b.startsAt.getTime() < end && b.endsAt.getTime() > start)) continue;
        slots.push({ startsAt: new Date(start).toISOString(), endsAt: new Date(end).toISOString(), venue: range.venue, mode: range.mode });
      }
    }
  }
  return slots;
}

/** Whether a proposed booking sits inside the consultant's availability on its day. */
export function fitsAvailability(rules: SlotRules, startsAt: Date, endsAt: Date): TimeRange | null {
  const day = sastDate(startsAt);
  if (sastDate(new Date(endsAt.getTime() - 1)) !== day) return null;
  const ranges = day in rules.overrides ? rules.overrides[day] : rules.weekly[isoWeekday(day)];
  return (
    ranges?.find((r) => sastToUtc(day, r.start).getTime() <= startsAt.getTime() && endsAt.getTime() <= sastToUtc(day, r.end).getTime()) ??
    null
  );
}

export const ASSESSMENT_MINUTES = 60;

export { BOOKING_SORTS, BOOKING_STATUSES, type BookingSort, type BookingStatus } from "../constants";
export const BOOKING_STATUS_LABEL: Record<BookingStatus, string> = {
  requested: "Requested",
  confirmed: "Confirmed",
  attended: "Attended",
  no_show: "No-show",
  cancelled: "Cancelled",
  rescheduled: "Rescheduled",
};
export const LIVE_BOOKING_STATUSES: readonly BookingStatus[] = ["requested", "confirmed"];

export const CANCELLATION_CLASSES = ["chargeable", "no_fee", "no_fee_pay_expert"] as const;
export type CancellationClass = (typeof CANCELLATION_CLASSES)[number];
export const CANCELLATION_CLASS_LABEL: Record<CancellationClass, string> = {
  chargeable: "Chargeable (under 24 hours' notice)",
  no_fee: "No fee",
  no_fee_pay_expert: "No fee, but pay the expert",
};

/** Under 24 hours' notice a cancellation is chargeable (docs/product-rules.md#bookings-and-availability). */
export function defaultCancellationClass(startsAt: Date, now: Date): CancellationClass {
  return startsAt.getTime() - now.getTime() < 24 * 3_600_000 ? "chargeable" : "no_fee";
}

export const SLOT_TAKEN_MESSAGE = "That time slot has just been taken; please choose another.";
export const CAPACITY_FULL_MESSAGE = "That consultant's day is fully booked; please choose another day.";

/**
 * A booking belongs to a query and to an accepted assignment of it: the expert is one who accepted
 * the query, and the case, claimant and specialization follow from the query and the assignment
 * (docs/decisions.md, "The main journey").
 */
export const bookingInputSchema = z.object({
  queryId: id("Choose a query"),
  consultantId: id("Choose an expert"),
  startsAt: instant("Choose a time slot"),
  endsAt: instant("Choose when the assessment ends").optional(),
  note: optionalTextOrNull(1000, "A note"),
});
export type BookingInput = z.input<typeof bookingInputSchema>;

export const cancelBookingSchema = z.object({
  id: id(),
  reason: text("Give a reason for cancelling")
    .trim()
    .min(1, "Give a reason for cancelling")
    .max(1000, "A reason must be at most 1000 characters"),
  cancellationClass: z.enum(CANCELLATION_CLASSES, { error: "Choose a cancellation class" }).optional(),
});

export const rescheduleBookingSchema = z.object({
  id: id(),
  startsAt: instant("Choose a time slot"),
  note: optionalText(1000, "A note"),
});

export const bookingListInputSchema = listInput({
  status: z.enum(BOOKING_STATUSES, { error: "Choose a booking status" }).optional(),
  consultantId: id("Choose a consultant").optional(),
  specializationId: id("Choose a specialization").optional(),
  queryId: id("Choose a query").optional(),
  venue: optionalText(200, "Venue"),
  search: searchText,
  from: calendarDate("From date").optional(),
  to: calendarDate("To date").optional(),
  sort: z.enum(BOOKING_SORTS, { error: "Choose a sort order" }).default("soonest"),
  cursor: pageCursor,
  limit: pageLimit(500).default(50),
});
export type BookingListInput = z.input<typeof bookingListInputSchema>;
export const slotsInputSchema = z.object({
  consultantId: id("Choose a consultant"),
  from: calendarDate("From date"),
  to: calendarDate("To date"),
});
/** The experts a booking on this query may name: those who accepted it. */
export const bookableExpertsInputSchema = z.object({ queryId: id("Choose a query") });

/** One requested specialization of a query and whom a booking on it may name. */
export interface SpecializationExpert {
  specializationId: string;
  /** The expert who accepted the query for it: the only one `bookings.create` takes. */
  accepted: { consultantId: string; consultantName: string } | null;
  /** With nobody accepted yet, the expert proposed and still to answer (null when none is). */
  proposedName: string | null;
}

/**
 * Each requested specialization of a query, in the query's order, with its accepted expert (the
 * only bookable one) or, while nobody has accepted, the proposed expert it waits for. Declined,
 * withdrawn and completed assignments count for neither (docs/decisions.md, "The main journey").
 */
export function specializationExperts(query: {
  specializationIds: readonly string[];
  assignments: readonly { consultantId: string; consultantName: string; specializationId: string; status: AssignmentStatus }[];
}): SpecializationExpert[] {
  return query.specializationIds.map((specializationId) => {
    const of = query.assignments.filter((a) => a.specializationId === specializationId);
    const accepted = of.find((a) => a.status === "accepted");
    return {
      specializationId,
      accepted: accepted ? { consultantId: accepted.consultantId, consultantName: accepted.consultantName } : null,
      proposedName: accepted ? null : (of.find((a) => a.status === "proposed")?.consultantName ?? null),
    };
  });
}

export const NO_ACCEPTED_ASSIGNMENT_MESSAGE = "That expert has not accepted this query; book one of the experts who accepted it.";
export const NOT_YOUR_EXPERT_MESSAGE = "That expert has not accepted any of your queries, so their diary is not open to you.";
export const recordAttendanceSchema = idInputSchema.extend({ attended: z.boolean({ error: "Say whether the claimant attended" }) });

/** Staff put right a wrong attended / no-show mark; the reason goes into the audit trail (it decides billing). */
export const correctAttendanceSchema = recordAttendanceSchema.extend({
  reason: text("Say why the mark was wrong")
    .trim()
    .min(1, "Say why the mark was wrong")
    .max(1000, "A reason must be at most 1000 characters"),
});

export const CLAIMANT_ANSWERS = ["confirmed", "cannot_attend"] as const;
export type ClaimantAnswer = (typeof CLAIMANT_ANSWERS)[number];
export const CLAIMANT_ANSWER_LABEL: Record<ClaimantAnswer, string> = {
  confirmed: "Claimant confirmed by text",
  cannot_attend: "Claimant cannot attend",
};
export const REMINDER_STATES = ["queued", "sent", "delivered", "failed", "not_sent"] as const;
export type ReminderState = (typeof REMINDER_STATES)[number];
export const REMINDER_STATE_LABEL: Record<ReminderState, string> = {
  queued: "Reminder queued",
  sent: "Reminder sent",
  delivered: "Reminder delivered",
  failed: "Reminder not delivered",
  not_sent: "Reminder could not be sent",
};

export const ROSTER_DUTIES = ["bookings_desk", "reports_desk", "on_call"] as const;
export type RosterDuty = (typeof ROSTER_DUTIES)[number];
export const ROSTER_DUTY_LABEL: Record<RosterDuty, string> = {
  bookings_desk: "Bookings desk",
  reports_desk: "Reports desk",
  on_call: "On call",
};

export const rosterShiftSchema = z
  .object({ employeeId: id("Choose an employee"), date, start: time, end: time, duty: z.enum(ROSTER_DUTIES, { error: "Choose a duty" }) })
  .refine((s) => s.start < s.end, { message: "A shift must end after it starts", path: ["end"] });

export const rosterRangeSchema = z.object({ from: calendarDate("From date"), to: calendarDate("To date") });

export const ROSTER_CLASH_MESSAGE = "That employee already has a shift at that time.";
