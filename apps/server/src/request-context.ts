import type { FastifyReply, FastifyRequest } from "fastify";
import type { Actor, Deps, GuestCookie, PendingSecondFactor, RequestMeta, SessionControl, SignedInActor } from "@medlegal/api";
import { AppError } from "@medlegal/api";
import type { CurrentUser } from "@medlegal/domain";
import { TWO_FACTOR_MESSAGES } from "@medlegal/domain";

declare module "fastify" {
  interface FastifyRequest {
    /** The signed-in user, resolved once per request from the session (plugins/auth.ts). */
    user: CurrentUser | null;
  }
  interface Session {
    /** A sign-in whose password was right, waiting for its second factor; no userId meanwhile. */
    pendingSecondFactor?: PendingSecondFactor;
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

/**
 * The caller, or 401 when there is no session (403 while a compulsory two-factor set-up is due):
 * every REST adapter that needs a user starts here.
 */
export function signedInActor(request: FastifyRequest): SignedInActor {
  if (!request.user) throw new AppError("UNAUTHORIZED", "Please sign in to continue.");
  if (request.user.twoFactorSetupRequired) throw new AppError("FORBIDDEN", TWO_FACTOR_MESSAGES.setupRequired);
  return { user: request.user, meta: requestMeta(request) };
}

/**
 * What services take (packages/api's platform/deps.ts) for the signed-in caller, with signedInActor's
 * 401/403: the REST adapters' twin of the tRPC procedures' `ctx.deps`.
 */
export function signedInDeps(request: FastifyRequest): Deps {
  return { db: request.server.db, actor: signedInActor(request) };
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
    async awaitSecondFactor({ userId, account }) {
      await request.session.regenerate();
      request.session.pendingSecondFactor = { userId, account, startedAt: Date.now(), attempts: 0 };
    },
    pendingSecondFactor() {
      return request.session.pendingSecondFactor ?? null;
    },
    setPendingSecondFactor(pending) {
      if (pending) request.session.pendingSecondFactor = pending;
      else delete request.session.pendingSecondFactor;
    },
    currentId() {
      return request.session.sessionId ?? null;
    },
    logout() {
      return endSession(request, reply);
    },
  };
}

export const GUEST_COOKIE = "medlegal.guest";

/**
 * A meeting guest's session cookie (docs/architecture.md, "Video assessments"): read only by the
 * meeting room's procedures, never by the auth plugin, so it makes no user and opens nothing else.
 */
export function guestCookie(request: FastifyRequest, reply?: FastifyReply): GuestCookie {
  return {
    read() {
      return request.cookies[GUEST_COOKIE] ?? null;
    },
    set(value, expiresAt) {
      reply?.setCookie(GUEST_COOKIE, value, {
        httpOnly: true,
        sameSite: "strict",
        secure: request.protocol === "https",
        path: "/",
        expires: expiresAt,
      });
    },
  };
}
