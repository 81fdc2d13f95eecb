import { z } from "zod";

/**
 * The live event stream (docs/architecture.md, "Live events"): what a browser tab hears, ids only.
 * The tab refetches what an event names; "resync" means it may have missed something, so it
 * refetches everything it shows.
 */
export type LiveMessage =
  | { kind: "notifications" }
  | { kind: "thread"; threadId: string }
  | { kind: "query"; queryId: string }
  | { kind: "meeting"; meetingId: string }
  | { kind: "resync" };

/** At most this many open streams per user (a tab holds one); the next answers 429. */
export const MAX_LIVE_STREAMS_PER_USER = 5;

export const LIVE_MESSAGES = {
  tooMany: `You have too many MedLegal tabs open (at most ${MAX_LIVE_STREAMS_PER_USER} receive live updates). Close one and reload this page.`,
  sessionEnded: "Your session has ended. Please sign in again.",
  badEventId: "That event id is not valid.",
} as const;

/**
 * `lastEventId`: the id of the last event the tab heard, sent back by the client on a reconnect
 * (tRPC's `tracked()`): "<process token>:<sequence>".
 */
export const liveEventsInputSchema = z
  .object({
    lastEventId: z
      .string({ error: LIVE_MESSAGES.badEventId })
      .max(64, LIVE_MESSAGES.badEventId)
      .regex(/^[A-Za-z0-9_-]+:\d{1,15}$/, LIVE_MESSAGES.badEventId)
      .nullish(),
  })
  .optional();

/** One event as it leaves the server; ids are uuids the server wrote, checked again here. */
export const liveMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("notifications") }),
  z.object({ kind: z.literal("thread"), threadId: z.string() }),
  z.object({ kind: z.literal("query"), queryId: z.string() }),
  z.object({ kind: z.literal("meeting"), meetingId: z.string() }),
  z.object({ kind: z.literal("resync") }),
]);
