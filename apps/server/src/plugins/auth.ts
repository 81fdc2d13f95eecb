import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { findCurrentUser, mustSetUpTwoFactor } from "@medlegal/api";
import { endSession } from "../request-context";
import type { SessionCache } from "../session-cache";
import { sessionExpiry } from "../session-store";

/**
 * Background reads the web polls, and the live event stream (a GET to /trpc/live.events); they
 * must not count as activity nor rewrite the session row.
 */
const POLL_PROCEDURES = new Set(["notifications.list", "messages.unreadCount", "live.events"]);
/** Activity moves the idle timer at most once a minute, so reads do not write on every request. */
const TOUCH_INTERVAL_MS = 60_000;

declare module "fastify" {
  interface FastifyContextConfig {
    /** Marks a route the web polls in the background (see POLL_PROCEDURES). */
    poll?: boolean;
  }
}

function isPoll(request: FastifyRequest): boolean {
  if (request.routeOptions.config.poll) return true;
  const path = request.url.split("?")[0] ?? "";
  if (!path.startsWith("/trpc/")) return false;
  const procedures = decodeURIComponent(path.slice("/trpc/".length)).split(",");
  return procedures.every((p) => POLL_PROCEDURES.has(p));
}

/** Resolves request.user from the session, enforcing idle and absolute expiry on the server. */
export const authPlugin = fp(async (app: FastifyInstance, { db, cache }: { db: Kysely<Database>; cache: SessionCache | null }) => {
  const resolve = async (userId: string): Promise<CurrentUser | null> => {
    const user = await findCurrentUser(db, userId);
    if (!user) return null;
    // Held at a compulsory two-factor set-up: procedures other than the set-up answer 403.
    return (await mustSetUpTwoFactor(db, user)) ? { ...user, twoFactorSetupRequired: true as const } : user;
  };
  app.decorateRequest("user", null);
  app.addHook("preHandler", async (request, reply) => {
    const session = request.session;
    if (!session?.userId) return;
    const now = Date.now();
    if (sessionExpiry(session).getTime() <= now) {
      await endSession(request, reply);
      return;
    }
    const userId = session.userId;
    const user = cache ? await cache.user(userId, () => resolve(userId)) : await resolve(userId);
    if (!user) {
      // Deactivated or removed since sign-in: the session ends now.
      await endSession(request, reply);
      return;
    }
    request.user = user;
    if (!isPoll(request) && now - (session.lastSeenAt ?? 0) > TOUCH_INTERVAL_MS) session.lastSeenAt = now;
  });
  if (cache) {
    // A changing request answers only once this process has heard the revocations it caused
    // (sign-out, deactivation, a second factor), so they hold here on the very next request.
    app.addHook("onSend", (request, _reply, payload, done) => {
      if (request.method === "GET" || request.method === "HEAD") return done(null, payload);
      cache.settle(db).then(() => done(null, payload), done);
    });
  }
});
