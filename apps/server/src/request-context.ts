import type { FastifyReply, FastifyRequest } from "fastify";
import type { Actor, RequestMeta, SessionControl, SignedInActor } from "@medlegal/api";
import { AppError } from "@medlegal/api";
import type { CurrentUser } from "@medlegal/domain";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the session (plugins/auth.ts). */
    user: CurrentUser | null;
  }
}

/** What the services need to know about a request; the public origin is configuration (main.ts), never a header. */
export function requestMeta(request: FastifyRequest): RequestMeta {
  return {
    ip: request.ip ?? null,
    userAgent: request.headers["user-agent"] ?? null,
    requestId: String(request.id),
    appUrl: request.server.appUrl,
  };
}

export function actorOf(request: FastifyRequest): Actor {
  return { user: request.user, meta: requestMeta(request) };
}

/** The caller, or 401 when there is no session: every REST adapter that needs a user starts here. */
export function signedInActor(request: FastifyRequest): SignedInActor {
  if (!request.user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  return { user: request.user, meta: requestMeta(request) };
}

export const SESSION_COOKIE = "medlegal.sid";

/** Ends the request's session in the store and tells the browser to drop its cookie. */
export async function endSession(request: FastifyRequest, reply?: FastifyReply): Promise<void> {
  if (request.session?.sessionId) await request.session.destroy();
  request.user = null;
  reply?.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** Session operations over @fastify/session, shared by the REST adapters and the tRPC context. */
export function sessionControl(request: FastifyRequest, reply?: FastifyReply): SessionControl {
  return {
    async login(userId) {
      // A new id at sign-in: the old one is destroyed in the store (no session fixation).
      await request.session.regenerate();
      const now = Date.now();
      request.session.userId = userId;
      request.session.signedInAt = now;
      request.session.lastSeenAt = now;
    },
    currentId() {
      return request.session.sessionId ?? null;
    },
    logout() {
      return endSession(request, reply);
    },
  };
}
