import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { CalendarFeedStatus } from "@medlegal/domain";
import { addDays, CALENDAR_FEED_DAYS, sastDate, sastToUtc } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { visibleBookings } from "../platform/access";
import { loadVisibleBooking } from "../scheduling/booking-records";
import { findCurrentUser } from "../users/users";
import type { CalendarBooking } from "./calendar-entries";
import { calendarText } from "./calendar-entries";

/**
 * Bookings in outside calendars: one booking as an .ics file, and each user's personal feed (a
 * URL with an unguessable token that a calendar app polls). Both carry only neutral entries
 * (calendar-entries.ts; docs/decisions.md "Calendars carry no health information").
 */

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const FEED_NOT_FOUND = "This calendar link does not exist or was revoked.";

const toCalendarBooking = (row: {
  id: string;
  reference: string;
  status: CalendarBooking["status"];
  starts_at: Date;
  ends_at: Date;
  mode: CalendarBooking["mode"];
  venue: string | null;
}): CalendarBooking => ({
  id: row.id,
  reference: row.reference,
  status: row.status,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  mode: row.mode,
  venue: row.venue,
});

/** One booking the caller may see as an iCalendar file (404 otherwise). */
export async function bookingIcs({ db, actor }: Deps, id: string): Promise<{ fileName: string; body: string }> {
  const booking = await loadVisibleBooking(db, actor, id);
  return { fileName: `${booking.reference}.ics`, body: calendarText(actor.meta.appUrl, [toCalendarBooking(booking)]) };
}

/** Whether the caller has a live feed, since when and when a calendar app last read it (never the URL: only its hash is kept). */
export async function feedStatus({ db, actor }: Deps): Promise<CalendarFeedStatus> {
  const feed = await db
    .selectFrom("calendar_feeds")
    .select(["created_at", "last_used_at"])
    .where("user_id", "=", actor.user.id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return feed
    ? { active: true, createdAt: feed.created_at.toISOString(), lastUsedAt: feed.last_used_at?.toISOString() ?? null }
    : { active: false, createdAt: null, lastUsedAt: null };
}

/** A new feed URL for the caller; any earlier one stops working at once. The URL is shown this once. */
export async function createFeed({ db, actor }: Deps): Promise<{ url: string }> {
  const token = randomBytes(32).toString("base64url");
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable("calendar_feeds")
      .set({ revoked_at: now() })
      .where("user_id", "=", actor.user.id)
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    const { id } = await trx
      .insertInto("calendar_feeds")
      .values({ user_id: actor.user.id, token_hash: sha256(token) })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "calendar_feed.create",
      entityType: "calendar_feed",
      entityId: id,
      after: { replaced: revoked.length > 0 },
    });
  });
  return { url: `${actor.meta.appUrl}/api/calendar/feed/${token}.ics` };
}

/** Ends the caller's feed: the next poll of its URL answers 404. */
export async function revokeFeed({ db, actor }: Deps): Promise<CalendarFeedStatus> {
  await db.transaction().execute(async (trx) => {
    const revoked = await trx
      .updateTable("calendar_feeds")
      .set({ revoked_at: now() })
      .where("user_id", "=", actor.user.id)
      .where("revoked_at", "is", null)
      .returning("id")
      .executeTakeFirst();
    if (!revoked) throw new AppError("NOT_FOUND", "You have no calendar link to revoke.");
    await recordAudit(trx, actor, { action: "calendar_feed.revoke", entityType: "calendar_feed", entityId: revoked.id });
  });
  return { active: false, createdAt: null, lastUsedAt: null };
}

/**
 * A feed's calendar, by the token in its URL: the owner's bookings (those their role lets them
 * see) from a month back to a year ahead. An unknown or revoked token, or a deactivated owner,
 * is a 404 like any missing page.
 */
export async function feedCalendar(db: Kysely<Database>, appUrl: string, token: string): Promise<string> {
  const feed = await db
    .updateTable("calendar_feeds")
    .set({ last_used_at: sql`now()` })
    .where("token_hash", "=", sha256(token))
    .where("revoked_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  const user = feed ? await findCurrentUser(db, feed.user_id) : null;
  if (!user) throw new AppError("NOT_FOUND", FEED_NOT_FOUND);
  const today = sastDate(now());
  const rows = await db
    .selectFrom("bookings")
    .select(["id", "reference", "status", "starts_at", "ends_at", "mode", "venue"])
    .where(visibleBookings(user))
    .where("starts_at", ">=", sastToUtc(addDays(today, -CALENDAR_FEED_DAYS.back), "00:00"))
    .where("starts_at", "<", sastToUtc(addDays(today, CALENDAR_FEED_DAYS.ahead), "00:00"))
    .orderBy("starts_at")
    .limit(CALENDAR_FEED_DAYS.maxEntries)
    .execute();
  return calendarText(appUrl, rows.map(toCalendarBooking), "MedLegal assessments");
}
