import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import {
  internationalPhone,
  LIVE_MEETING_STATUSES,
  REMINDER_KINDS,
  reminderWanted,
  saDayLabel,
  sastDate,
  sastTime,
} from "@medlegal/domain";
import type { ClaimantMessageChannel, ReminderKind, ReminderTemplates } from "@medlegal/domain";
import { now } from "../platform/clock";
import { declaredDays } from "../sla/holidays";
import { getAgencySettings } from "../settings/settings";
import { guestLinkUrl, guestToken } from "../meetings/guest-links";
import { reminderTemplates, reminderText } from "./templates";

/** How far ahead the sweep looks: a confirmation for a booking further out waits until then. */
const LOOK_AHEAD_MS = 60 * 24 * 60 * 60_000;

/**
 * Queues the reminders that are due (docs/decisions.md "Messages to claimants"): for each
 * confirmed booking ahead (in person or by video) whose claimant agreed to messages (a STOP withdrew
 * that consent), has a phone and has not said they cannot attend, the confirmation at once, then the
 * reminder 2 working days before and the one at 07:00 on the day. One text per claimant's day
 * (docs/product-rules.md "One text per claimant's day"): the due bookings of one claimant, day, venue
 * and kind share a message that lists them; `claimant_message_bookings` covers each booking once per
 * kind, and the unique (booking, kind) of the message keeps it once however many instances sweep
 * together. A video assessment's text carries the claimant's own guest link. Returns how many were queued.
 */
export async function queueDueReminders(db: Kysely<Database>, at: Date = now(), appUrl = ""): Promise<number> {
  const bookings = await db
    .selectFrom("bookings as b")
    .innerJoin("patients as p", "p.id", "b.patient_id")
    .select(["b.id", "b.reference", "b.starts_at", "b.venue", "b.mode", "b.patient_id", "p.phone", "p.message_channel", "p.home_language"])
    .where("b.status", "=", "confirmed")
    .where((eb) => eb.or([eb("b.claimant_answer", "is", null), eb("b.claimant_answer", "<>", "cannot_attend")]))
    .where("b.starts_at", ">", at)
    .where("b.starts_at", "<", new Date(at.getTime() + LOOK_AHEAD_MS))
    .where("p.message_channel", "is not", null)
    .where("p.phone", "is not", null)
    .where("p.anonymised_at", "is", null)
    .orderBy("b.starts_at")
    .orderBy("b.reference")
    .execute();
  if (bookings.length === 0) return 0;
  const [covered, declared, agency, texts] = await Promise.all([
    db
      .selectFrom("claimant_message_bookings as c")
      .innerJoin("claimant_messages as m", "m.id", "c.message_id")
      .select(["c.booking_id", "c.kind", "m.created_at"])
      .where(
        "c.booking_id",
        "in",
        bookings.map((b) => b.id),
      )
      .execute(),
    declaredDays(db),
    getAgencySettings({ db }),
    reminderTemplates(db),
  ]);
  const queued = new Map(covered.map((m) => [`${m.booking_id}/${m.kind}`, m.created_at]));
  // The claimant's day at one place: a video assessment is its own (its own link).
  const placeOf = (b: (typeof bookings)[number]) =>
    `${b.patient_id}|${sastDate(b.starts_at)}|${b.mode === "video" ? b.id : (b.venue ?? "")}`;
  const groups = new Map<string, { kind: ReminderKind; due: typeof bookings; to: string }>();
  for (const booking of bookings) {
    const to = internationalPhone(booking.phone!);
    if (!to) continue;
    // The booking counts as confirmed, for the claimant, when they were first told of it.
    const confirmedAt = queued.get(`${booking.id}/confirmation`) ?? at;
    for (const kind of REMINDER_KINDS) {
      if (queued.has(`${booking.id}/${kind}`) || !reminderWanted(kind, booking.starts_at, confirmedAt, at, declared)) continue;
      const key = `${placeOf(booking)}|${kind}`;
      const group = groups.get(key) ?? { kind, due: [], to };
      group.due.push(booking);
      groups.set(key, group);
    }
  }
  let inserted = 0;
  for (const [key, group] of groups) {
    const place = key.slice(0, key.lastIndexOf("|"));
    // The text lists the whole day at that place (a booking added later gets a confirmation naming all).
    const day = bookings.filter((b) => placeOf(b) === place);
    const first = group.due[0]!;
    const row = reminderRow(
      { ...first, listed: day },
      group.kind,
      group.to,
      agency.phone,
      texts.templates,
      at,
      first.mode === "video" ? await claimantJoinLink(db, first.id, appUrl) : undefined,
    );
    const message = await db
      .insertInto("claimant_messages")
      .values(row)
      .onConflict((c) => c.columns(["booking_id", "kind"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!message) continue;
    await db
      .insertInto("claimant_message_bookings")
      .values(group.due.map((b) => ({ message_id: message.id, booking_id: b.id, kind: group.kind })))
      .onConflict((c) => c.columns(["booking_id", "kind"]).doNothing())
      .execute();
    inserted++;
  }
  return inserted;
}

/** The claimant's own guest link to a video assessment's meeting, or null when they have no guest place (no e-mail). */
async function claimantJoinLink(db: Kysely<Database>, bookingId: string, appUrl: string): Promise<string | null> {
  const guest = await db
    .selectFrom("meetings as m")
    .innerJoin("meeting_participants as p", "p.meeting_id", "m.id")
    .select(["m.room_id", "m.starts_at", "m.ends_at", "p.id"])
    .where("m.booking_id", "=", bookingId)
    .where("m.status", "in", [...LIVE_MEETING_STATUSES])
    .where("p.user_id", "is", null)
    .where("p.guest_role", "=", "claimant")
    .orderBy("p.created_at")
    .executeTakeFirst();
  if (!guest) return null;
  return guestLinkUrl(appUrl, guest.room_id, await guestToken(db, guest, guest.id));
}

export interface RemindedBooking {
  id: string;
  reference: string;
  starts_at: Date;
  venue: string | null;
  mode?: "in_person" | "video";
  patient_id: string;
  message_channel: ClaimantMessageChannel | null;
  home_language: string;
  /** The claimant's bookings the text lists (that day, that place); just this one when absent. */
  listed?: { reference: string; starts_at: Date }[];
}

/**
 * One reminder as queued: the text in the claimant's language, nothing about their health. Several
 * bookings are named with their times; a video assessment's venue is the claimant's link (`joinLink`:
 * null when they have none yet, and the agency sends it).
 */
export function reminderRow(
  booking: RemindedBooking,
  kind: ReminderKind,
  to: string,
  agencyPhone: string,
  templates: ReminderTemplates["templates"],
  at: Date,
  joinLink?: string | null,
) {
  const listed = booking.listed?.length ? booking.listed : [booking];
  const reference =
    listed.length === 1 ? listed[0]!.reference : listFormat.format(listed.map((b) => `${b.reference} at ${sastTime(b.starts_at)}`));
  const video = booking.mode === "video";
  const venue = video
    ? joinLink
      ? "by video"
      : "by video: the agency will send you the link to join"
    : (booking.venue ?? "the venue your attorney gave you");
  let text = reminderText(
    kind,
    booking.home_language,
    {
      reference,
      date: saDayLabel(listed[0]!.starts_at),
      time: sastTime(listed[0]!.starts_at),
      venue,
      agencyPhone,
      ...(video && joinLink ? { mapLink: joinLink } : {}),
    },
    templates,
  );
  // The templates label their link as a map; for a video assessment it is the way in.
  if (video && joinLink) text = text.replace(new RegExp(`\\S+:\\s*${escapeRegExp(joinLink)}`), `Join: ${joinLink}`);
  return {
    patient_id: booking.patient_id,
    booking_id: booking.id,
    kind,
    to_phone: to,
    channel: booking.message_channel!,
    text,
    created_at: at,
    next_attempt_at: at,
  };
}

const listFormat = new Intl.ListFormat("en-ZA", { style: "long", type: "conjunction" });
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
