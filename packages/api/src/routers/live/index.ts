import { isTrackedEnvelope, tracked, TRPCError } from "@trpc/server";
import type { TrackedEnvelope } from "@trpc/server";
import { z } from "zod";
import type { LiveMessage } from "@medlegal/domain";
import { can, LIVE_MESSAGES, liveEventsInputSchema, liveMessageSchema, TWO_FACTOR_MESSAGES } from "@medlegal/domain";
import type { Context } from "../../context";
import { AppError, toTrpcCode } from "../../errors";
import { guestSessionParticipant } from "../../services/meetings/guest-links";
import type { LiveOwner } from "../../services/platform/live-hub";
import { publicProcedure, router } from "../../trpc";

/**
 * Who may hold a stream: a signed-in user whose role has "live.events" (every role), or else a
 * meeting guest's session, which hears its meeting only. 401 with neither. The server's route
 * check (apps/server/src/plugins/live.ts) calls this too, so a refusal is a real HTTP status.
 */
export async function liveStreamOwner(ctx: Pick<Context, "db" | "user" | "session" | "guest">): Promise<LiveOwner> {
  const sessionId = ctx.session.currentId();
  if (ctx.user && sessionId) {
    if (ctx.user.twoFactorSetupRequired) throw new AppError("FORBIDDEN", TWO_FACTOR_MESSAGES.setupRequired);
    if (!can(ctx.user.role, "live.events")) throw new AppError("FORBIDDEN", "You do not have permission to do that.");
    return { kind: "user", userId: ctx.user.id, sessionId };
  }
  const cookie = ctx.guest.read();
  const guest = cookie ? await guestSessionParticipant(ctx.db, cookie) : undefined;
  if (cookie && guest) return { kind: "guest", participantId: guest.id, guestCookie: cookie };
  throw new AppError("UNAUTHORIZED", LIVE_MESSAGES.sessionEnded);
}

/** Each event as tRPC's `tracked(id, message)`, checked against the schema as it leaves. */
const trackedMessage = z.custom<TrackedEnvelope<LiveMessage>>(
  (value) => isTrackedEnvelope(value) && liveMessageSchema.safeParse(value[1]).success,
  "Not a live event.",
);
/** The subscription's output: an async iterable whose every item passes `trackedMessage`. */
const liveStreamOutputSchema = z.custom<AsyncIterable<TrackedEnvelope<LiveMessage>>>(
  (value) => !!value && typeof value === "object" && Symbol.asyncIterator in value,
);

/** An AppError thrown while streaming keeps its code (tRPC would otherwise call it a 500, which the client retries). */
function asTrpcError(error: unknown): unknown {
  return error instanceof AppError ? new TRPCError({ code: toTrpcCode(error.code), message: error.message, cause: error }) : error;
}

export const liveRouter = router({
  /**
   * The tab's live event stream over server-sent events (docs/architecture.md, "Live events").
   * Never moves the idle timer (plugins/auth.ts POLL_PROCEDURES); ends with 401 once the session ends.
   */
  events: publicProcedure
    .input(liveEventsInputSchema)
    .output(liveStreamOutputSchema)
    .subscription(async function* ({ ctx, input, signal }) {
      if (!ctx.live) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: "Live updates are not available right now." });
      let stream: AsyncGenerator<{ id: string; message: LiveMessage }>;
      try {
        stream = ctx.live.open(await liveStreamOwner(ctx), input?.lastEventId, signal);
      } catch (error) {
        throw asTrpcError(error);
      }
      try {
        for await (const item of stream) {
          const envelope = tracked(item.id, item.message);
          if (!trackedMessage.safeParse(envelope).success) continue;
          yield envelope;
        }
      } catch (error) {
        throw asTrpcError(error);
      }
    }),
});
