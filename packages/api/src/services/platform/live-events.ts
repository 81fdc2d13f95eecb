import { sql } from "kysely";
import type { Db } from "./deps";

/**
 * What changed, for whom: ids only, never content, so nothing private travels twice and a tab
 * that missed an event loses nothing (it refetches). See docs/architecture.md, "Live events".
 */
export type LiveEvent =
  /** The users' bells changed (a notification created, read or deleted). */
  | { kind: "notifications"; userIds: string[] }
  /** A message was posted to (or a participant joined) a thread these users take part in. */
  | { kind: "thread"; threadId: string; userIds: string[] }
  /** A query these users may see changed (status, assignment, booking, report, document). */
  | { kind: "query"; queryId: string; userIds: string[] }
  /**
   * A meeting's lobby, participants or signals changed (video assessments). `participantIds` names
   * the meeting participants concerned, users and guests alike: guests are not users, and a room's
   * stream is addressed by participant (docs/architecture.md, "Video assessments").
   */
  | { kind: "meeting"; meetingId: string; userIds: string[]; participantIds: string[] };

/** The PostgreSQL channel every server process listens on for live events. */
export const LIVE_EVENTS_CHANNEL = "medlegal_live_events";

/** pg_notify refuses payloads of 8000 bytes or more; events are ids, so this is a sanity bound. */
const MAX_PAYLOAD_BYTES = 7900;

/**
 * Announces an event to every server process. Call it with the transaction of the change:
 * PostgreSQL delivers a NOTIFY only when that transaction commits, so a rolled-back change
 * announces nothing.
 */
export async function announce(db: Db, event: LiveEvent): Promise<void> {
  const participantIds = event.kind === "meeting" ? [...new Set(event.participantIds)] : [];
  if (event.userIds.length === 0 && participantIds.length === 0) return;
  const payload = JSON.stringify({ ...event, userIds: [...new Set(event.userIds)], ...(event.kind === "meeting" ? { participantIds } : {}) });
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error(`live event too large: ${event.kind}`);
  await sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`.execute(db);
}
