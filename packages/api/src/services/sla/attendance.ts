import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { AttendanceChannel, AttendanceFigures } from "@medlegal/domain";
import { ATTENDANCE_CHANNELS, noShowRatePercent, sastDate } from "@medlegal/domain";
import * as clock from "../platform/clock";
import { fullName } from "../platform/sql";
import { monthStart, saMonth } from "./monitoring";

interface Tally {
  attended: number;
  noShows: number;
}
const withRate = <T extends Tally>(t: T) => ({ ...t, noShowRate: noShowRatePercent(t.attended, t.noShows) });
const add = (into: Tally, from: Tally) => {
  into.attended += from.attended;
  into.noShows += from.noShows;
};

/**
 * Attended and missed in-person assessments of the last `months` months (this one included), per
 * month, expert and reminder channel (docs/decisions.md, "Attendance figures"). A booking's channel
 * is the one its reminders went out on; "none" when no reminder was sent (no consent, no phone, or
 * booked too late). Video assessments are left out: they get no text reminder to compare.
 */
export async function attendanceFigures(
  { db }: { db: Kysely<Database> },
  { months }: { months: number },
  now = clock.now(),
): Promise<AttendanceFigures> {
  const since = monthStart(now, months - 1);
  const channel = sql<AttendanceChannel>`coalesce((SELECT min(m.channel) FROM claimant_messages m WHERE m.booking_id = bookings.id AND m.sent_at IS NOT NULL), 'none')`;
  const rows = await db
    .selectFrom("bookings")
    .innerJoin("users as expert", "expert.id", "bookings.consultant_id")
    .leftJoin("specializations", "specializations.id", "bookings.specialization_id")
    .select([
      saMonth("bookings.starts_at").as("month"),
      "bookings.consultant_id",
      fullName("expert").as("name"),
      "specializations.name as specialization",
      channel.as("channel"),
      sql<number>`count(*) FILTER (WHERE bookings.status = 'attended')::int`.as("attended"),
      sql<number>`count(*) FILTER (WHERE bookings.status = 'no_show')::int`.as("noShows"),
    ])
    .where("bookings.mode", "=", "in_person")
    .where("bookings.status", "in", ["attended", "no_show"])
    .where("bookings.starts_at", ">=", since)
    .where("bookings.starts_at", "<", now)
    // By position: the month and channel are expressions, and "name" would be ambiguous.
    .groupBy([sql`1`, sql`2`, sql`3`, sql`4`, sql`5`])
    .execute();

  const perMonth = new Map<string, Tally>();
  const perExpert = new Map<string, Tally & { consultantId: string; name: string; specialization: string | null }>();
  const perChannel = new Map<AttendanceChannel, Tally>(ATTENDANCE_CHANNELS.map((c) => [c, { attended: 0, noShows: 0 }]));
  for (let back = months - 1; back >= 0; back--) perMonth.set(sastDate(monthStart(now, back)).slice(0, 7), { attended: 0, noShows: 0 });
  for (const r of rows) {
    add(perMonth.get(r.month) ?? perMonth.set(r.month, { attended: 0, noShows: 0 }).get(r.month)!, r);
    const expert =
      perExpert.get(r.consultant_id) ??
      perExpert
        .set(r.consultant_id, { consultantId: r.consultant_id, name: r.name, specialization: r.specialization, attended: 0, noShows: 0 })
        .get(r.consultant_id)!;
    add(expert, r);
    add(perChannel.get(r.channel)!, r);
  }
  return {
    months: [...perMonth].map(([month, t]) => withRate({ month, ...t })),
    experts: [...perExpert.values()]
      .map(withRate)
      .sort((a, b) => (b.noShowRate ?? 0) - (a.noShowRate ?? 0) || a.name.localeCompare(b.name)),
    channels: [...perChannel].map(([channel, t]) => withRate({ channel, ...t })),
  };
}
