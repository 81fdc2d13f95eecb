import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { LiveHub } from "@medlegal/api";
import { AppError, liveStreamOwner, toHttpStatus } from "@medlegal/api";
import { LIVE_MESSAGES, MAX_LIVE_STREAMS_PER_USER } from "@medlegal/domain";
import { guestCookie, sessionControl } from "../request-context";

const LIVE_PATH = "/trpc/live.events";

/**
 * The live event stream's door (docs/architecture.md, "Live events"). tRPC answers every
 * subscription with 200 and puts a refusal inside the event stream; a browser's EventSource
 * retries that forever. Here a caller without a session gets a real 401 (the web then runs the
 * session-expired flow) and a user beyond the stream limit a real 429, before the stream opens.
 * The hub checks both again when it opens the stream.
 */
export const livePlugin = fp(async (app: FastifyInstance, { hub }: { hub: LiveHub | null }) => {
  const isLive = (url: string, method: string) => url.split("?")[0] === LIVE_PATH && method === "GET";
  // tRPC's event-stream headers say "no-cache"; answers about people are never stored at all.
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (isLive(request.url, request.method) && payload instanceof Response) payload.headers.set("Cache-Control", "no-store, no-transform");
    done(null, payload);
  });
  const guardStream = async (request: FastifyRequest, reply: FastifyReply) => {
    // An event stream is flushed event by event: never compressed (which would buffer it).
    request.headers["x-no-compression"] = "1";
    try {
      const owner = await liveStreamOwner({
        db: app.db,
        user: request.user,
        session: sessionControl(request, reply),
        guest: guestCookie(request, reply),
      });
      if (hub && hub.count(owner) >= MAX_LIVE_STREAMS_PER_USER) {
        throw new AppError("TOO_MANY_REQUESTS", LIVE_MESSAGES.tooMany);
      }
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      reply.code(toHttpStatus(error.code)).header("Cache-Control", "no-store").send({ message: error.message });
    }
  };
  // Every other request passes without a promise (docs/decisions.md, "Performance").
  app.addHook("preHandler", (request, reply, done) => {
    if (!isLive(request.url, request.method)) return done();
    guardStream(request, reply).then(() => done(), done);
  });
});
