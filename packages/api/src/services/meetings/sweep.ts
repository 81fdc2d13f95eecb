import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { MEETING_EMPTY_END_MINUTES, MEETING_OPENS_MINUTES_BEFORE } from "@medlegal/domain";
import type { Actor } from "../../actors";
import type { SweepJob } from "../platform/sweeper";
import { now } from "../platform/clock";
import { announceMeeting } from "./meeting-records";
import { closeMeeting } from "./meeting-lifecycle";
import { SIGNALS_KEPT_MINUTES } from "./signals";

/** The sweeper acts as nobody: its audit rows have no user. */
const SWEEPER: Actor = { user: null, meta: { ip: null, userAgent: "sweeper", requestId: "meetings-sweep", appUrl: "" } };

/**
 * The meetings' clock work (docs/architecture.md, "Background work"): rooms open 15 minutes before
 * the start; a meeting in progress that has stood empty for 30 minutes ends, and one that never
 * started ends 30 minutes after its planned end; old signals and guest sessions go. Each meeting is
 * claimed with FOR UPDATE SKIP LOCKED inside its own transaction, so two processes never end one
 * meeting twice.
 */
export async function sweepMeetings(db: Kysely<Database>): Promise<{ opened: number; ended: number }> {
  const at = now();
  const opened = await db
    .updateTable("meetings")
    .set({ status: "open", opened_at: at, updated_at: at })
    .where("status", "=", "scheduled")
    .where("starts_at", "<=", new Date(at.getTime() + MEETING_OPENS_MINUTES_BEFORE * 60_000))
    .returning("id")
    .execute();
  for (const { id } of opened) await announceMeeting(db, id);

  const emptySince = new Date(at.getTime() - MEETING_EMPTY_END_MINUTES * 60_000);
  let ended = 0;
  for (;;) {
    const done = await db.transaction().execute(async (trx) => {
      const meeting = await trx
        .selectFrom("meetings")
        .selectAll()
        .where((eb) =>
          eb.or([
            eb.and([eb("status", "=", "in_progress"), eb(sql`coalesce(last_presence_at, started_at)`, "<", emptySince)]),
            eb.and([
              eb("status", "in", ["scheduled", "open"]),
              eb("ends_at", "<", emptySince),
              eb.or([eb("last_presence_at", "is", null), eb("last_presence_at", "<", emptySince)]),
            ]),
          ]),
        )
        .limit(1)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      if (!meeting) return false;
      await closeMeeting(trx, SWEEPER, meeting, meeting.status === "in_progress" ? "empty" : "unused");
      return true;
    });
    if (!done) break;
    ended++;
  }

  await db
    .deleteFrom("meeting_signals")
    .where("created_at", "<", new Date(at.getTime() - SIGNALS_KEPT_MINUTES * 60_000))
    .execute();
  await db.deleteFrom("meeting_guest_sessions").where("expires_at", "<=", at).execute();
  return { opened: opened.length, ended };
}

export const meetingsJob = (db: Kysely<Database>): SweepJob => ({ name: "meetings", everyMs: 60_000, run: () => sweepMeetings(db) });
