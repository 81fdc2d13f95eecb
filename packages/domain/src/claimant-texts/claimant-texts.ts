import { z } from "zod";
import { courtDaysBefore } from "../court-clock/court-clock";
import type { PublicHoliday } from "../platform/holidays";
import { addDays, sastDate, sastToUtc } from "../platform/sa-time";

/**
 * Text messages to claimants (issue 28): the channels, the three reminders and when they fall due,
 * and how a claimant's reply is read. See docs/decisions.md "Messages to claimants".
 */

export const CLAIMANT_MESSAGE_CHANNELS = ["sms", "whatsapp"] as const;
export type ClaimantMessageChannel = (typeof CLAIMANT_MESSAGE_CHANNELS)[number];
export const CLAIMANT_MESSAGE_CHANNEL_LABEL: Record<ClaimantMessageChannel, string> = { sms: "SMS", whatsapp: "WhatsApp" };

/** Sent on confirmation, 2 working days before, and at 07:00 on the day (SA time); each once. */
export const REMINDER_KINDS = ["confirmation", "two_days_before", "morning_of"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** The hour (SA time) of the working-days-before reminder: office hours, so a NO reaches staff the same day. */
export const TWO_DAYS_BEFORE_TIME = "09:00";
export const MORNING_OF_TIME = "07:00";
export const WORKING_DAYS_BEFORE = 2;

/**
 * When a reminder of a booking falls due. The confirmation is due when the booking is confirmed;
 * the other two are fixed times before the assessment, counted in working days (weekends and
 * public holidays skipped).
 */
export function reminderDueAt(kind: ReminderKind, startsAt: Date, confirmedAt: Date, declared: readonly PublicHoliday[] = []): Date {
  const day = sastDate(startsAt);
  if (kind === "confirmation") return confirmedAt;
  if (kind === "morning_of") return sastToUtc(day, MORNING_OF_TIME);
  // The working day 2 working days before the assessment's day (courtDaysBefore counts the same days).
  const previous = courtDaysBefore(addDays(day, -1), WORKING_DAYS_BEFORE - 1, declared);
  return sastToUtc(previous, TWO_DAYS_BEFORE_TIME);
}

/**
 * Whether a reminder is still worth sending at `at`: never after the assessment has begun, and a
 * fixed-time reminder whose time had passed when the booking was confirmed is skipped (the
 * confirmation already told the claimant everything), so a late confirmation sends one text, not three.
 */
export function reminderWanted(
  kind: ReminderKind,
  startsAt: Date,
  confirmedAt: Date,
  at: Date,
  declared: readonly PublicHoliday[] = [],
): boolean {
  if (at.getTime() >= startsAt.getTime()) return false;
  const due = reminderDueAt(kind, startsAt, confirmedAt, declared);
  if (due.getTime() > at.getTime()) return false;
  return kind === "confirmation" || due.getTime() > confirmedAt.getTime();
}

export type ClaimantReplyAction = "confirm" | "decline" | "stop" | "other";

const CONFIRM_WORDS = new Set(["yes", "y", "ja", "yebo"]);
const DECLINE_WORDS = new Set(["no"]);
const STOP_WORDS = new Set(["stop"]);

/** A claimant's reply as the app acts on it: YES (also Y, JA, YEBO), NO, STOP, in any case, spaces ignored. */
export function claimantReplyAction(text: string): ClaimantReplyAction {
  const word = text.trim().toLowerCase();
  if (CONFIRM_WORDS.has(word)) return "confirm";
  if (DECLINE_WORDS.has(word)) return "decline";
  if (STOP_WORDS.has(word)) return "stop";
  return "other";
}

/**
 * A South African phone number in the international form the gateway takes (+27…): local numbers
 * ("082 555 0101", "0825550101") lose the leading 0; spaces, dashes and brackets go. Null when the
 * text is not a phone number.
 */
export function internationalPhone(phone: string): string | null {
  const compact = phone.replace(/[\s\-().]/g, "");
  if (/^\+\d{8,15}$/.test(compact)) return compact;
  if (/^00\d{8,15}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^0\d{9}$/.test(compact)) return `+27${compact.slice(1)}`;
  if (/^27\d{9}$/.test(compact)) return `+${compact}`;
  return null;
}

/** The claimant's consent to reminders on their phone and the channel they chose (POPIA); none means no message. */
export const claimantMessagingInputSchema = z.object({
  patientId: z.string().uuid(),
  channel: z.enum(CLAIMANT_MESSAGE_CHANNELS).nullable(),
});
export type ClaimantMessagingInput = z.infer<typeof claimantMessagingInputSchema>;

/** The gateway's inbound reply (README "Text messages to claimants"). */
export const inboundReplySchema = z.object({
  id: z.string().trim().min(1, "id is required: the gateway's own id of the message").max(200),
  from: z.string().trim().min(1, "from is required").max(32),
  text: z.string().max(2000),
  channel: z.enum(CLAIMANT_MESSAGE_CHANNELS),
});
export type InboundReply = z.infer<typeof inboundReplySchema>;

/** The gateway's delivery receipt. */
export const deliveryReceiptSchema = z.object({
  id: z.string().uuid("id must be a message id"),
  status: z.enum(["delivered", "failed"]),
  reason: z.string().max(500).optional(),
});
export type DeliveryReceipt = z.infer<typeof deliveryReceiptSchema>;

/** Retry delays after a failed send: 1, 2, 4 … minutes, at most an hour; given up a day after the message was queued. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
}
export const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;

/** A gateway call signed longer ago than this is refused as a possible replay (README "Text messages to claimants"). */
export const WEBHOOK_TOLERANCE_MS = 5 * 60_000;
