import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { internationalPhone, REMINDER_KINDS, reminderWanted, saDayLabel, sastTime } from "@medlegal/domain";
import type { ClaimantMessageChannel, ReminderKind, ReminderTemplates } from "@medlegal/domain";
import { now } from "../platform/clock";
import { declaredDays } from "../sla/holidays";
import { getAgencySettings } from "../settings/settings";
import { reminderTemplates, reminderText } from "./templates";

/** How far ahead the sweep looks: a confirmation for a booking further out waits until then. */
const LOOK_AHEAD_MS = 60 * 24 * 60 * 60_000;

/**
 * Queues the reminders that are due (docs/decisions.md "Messages to claimants"): for each
 * confirmed in-person booking ahead whose claimant agreed to messages (a STOP withdrew that
 * consent) and has a phone, the confirmation at once, then the reminder 2 working days before and the one at
 * 07:00 on the day. The unique (booking, kind) index makes each one once, however many instances
 * sweep together. Returns how many were queued.
 */
export async function queueDueReminders(db: Kysely<Database>, at: Date = now()): Promise<number> {
  const bookings = await db
    .selectFrom("bookings as b")
    .innerJoin("patients as p", "p.id", "b.patient_id")
    .select(["b.id", "b.reference", "b.starts_at", "b.venue", "b.patient_id", "p.phone", "p.message_channel", "p.home_language"])
    .where("b.status", "=", "confirmed")
    .where("b.mode", "=", "in_person")
    .where("b.starts_at", ">", at)
    .where("b.starts_at", "<", new Date(at.getTime() + LOOK_AHEAD_MS))
    .where("p.message_channel", "is not", null)
    .where("p.phone", "is not", null)
    .where("p.anonymised_at", "is", null)
    .execute();
  if (bookings.length === 0) return 0;
  const [sent, declared, agency, texts] = await Promise.all([
    db.selectFrom("claimant_messages").select(["booking_id", "kind", "created_at"]).where("booking_id", "in", bookings.map((b) => b.id)).execute(),
    declaredDays(db),
    getAgencySettings({ db }),
    reminderTemplates(db),
  ]);
  const queued = new Map(sent.map((m) => [`${m.booking_id}/${m.kind}`, m.created_at]));
  const rows = bookings.flatMap((booking) => {
    const to = internationalPhone(booking.phone!);
    if (!to) return [];
    // The booking counts as confirmed, for the claimant, when they were first told of it.
    const confirmedAt = queued.get(`${booking.id}/confirmation`) ?? at;
    return REMINDER_KINDS.filter((kind) => !queued.has(`${booking.id}/${kind}`) && reminderWanted(kind, booking.starts_at, confirmedAt, at, declared)).map((kind: ReminderKind) =>
      reminderRow(booking, kind, to, agency.phone, texts.templates, at),
    );
  });
  if (rows.length === 0) return 0;
  const inserted = await db.insertInto("claimant_messages").values(rows).onConflict((c) => c.columns(["booking_id", "kind"]).doNothing()).returning("id").execute();
  return inserted.length;
}

export interface RemindedBooking {
  id: string;
  reference: string;
  starts_at: Date;
  venue: string | null;
  patient_id: string;
  message_channel: ClaimantMessageChannel | null;
  home_language: string;
}

/** One reminder of a booking as queued: the text in the claimant's language, nothing about their health. */
export function reminderRow(booking: RemindedBooking, kind: ReminderKind, to: string, agencyPhone: string, templates: ReminderTemplates["templates"], at: Date) {
  return {
    patient_id: booking.patient_id,
    booking_id: booking.id,
    kind,
    to_phone: to,
    channel: booking.message_channel!,
    text: reminderText(kind, booking.home_language, {
      reference: booking.reference,
      date: saDayLabel(booking.starts_at),
      time: sastTime(booking.starts_at),
      venue: booking.venue ?? "the venue your attorney gave you",
      agencyPhone,
    }, templates),
    created_at: at,
    next_attempt_at: at,
  };
}
