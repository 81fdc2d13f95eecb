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

/**
 * pg_notify refuses payloads of 8000 bytes or more. An event names ids only, but a wide fan-out (every
 * employee, say) can still pass that, so its recipients are split over several notifications.
 */
export const MAX_PAYLOAD_BYTES = 7900;

/**
 * Announces an event to every server process. Call it with the transaction of the change:
 * PostgreSQL delivers a NOTIFY only when that transaction commits, so a rolled-back change
 * announces nothing. However many recipients it names, it never fails the change: a list too long
 * for one notification goes out as several, each recipient named in exactly one.
 */
export async function announce(db: Db, event: LiveEvent): Promise<void> {
  for (const payload of livePayloads(event)) await sql`select pg_notify(${LIVE_EVENTS_CHANNEL}, ${payload})`.execute(db);
}

/**
 * The notifications' texts for an event: one, or (recipients halved until each fits) several that
 * differ only in their recipients. None for an event with nobody to tell.
 */
export function livePayloads(event: LiveEvent, maxBytes = MAX_PAYLOAD_BYTES): string[] {
  const users = [...new Set(event.userIds)];
  const participants = event.kind === "meeting" ? [...new Set(event.participantIds)] : [];
  const encode = (userIds: string[], participantIds: string[]) =>
    JSON.stringify({ ...event, userIds, ...(event.kind === "meeting" ? { participantIds } : {}) });
  const payloads: string[] = [];
  const add = (userIds: string[], participantIds: string[]) => {
    const payload = encode(userIds, participantIds);
    if (Buffer.byteLength(payload) <= maxBytes) return void payloads.push(payload);
    // One recipient that does not fit is not an id: a caller's mistake, not a fan-out.
    if (userIds.length + participantIds.length <= 1) throw new Error(`live event too large: ${event.kind}`);
    // Both halves are non-empty and smaller (ceil of one list, floor of the other), so this ends.
    const u = Math.ceil(userIds.length / 2);
    const p = Math.floor(participantIds.length / 2);
    add(userIds.slice(0, u), participantIds.slice(0, p));
    add(userIds.slice(u), participantIds.slice(p));
  };
  if (users.length || participants.length) add(users, participants);
  return payloads;
}
