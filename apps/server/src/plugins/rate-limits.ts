import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import rateLimit from "@fastify/rate-limit";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { AppError } from "@medlegal/api";
import { isStorableText } from "@medlegal/domain";
import { pgRateLimitStore } from "../rate-limit-store";

export type LimitedAction = "login" | "register" | "forgotPassword" | "resetPassword";

export interface Limit {
  max: number;
  /** Window in milliseconds. */
  window: number;
}

export interface RateLimits {
  perIp: Record<LimitedAction, Limit>;
  /** Per account (username or e-mail), whatever address the attempts come from. */
  perAccount: Record<"login" | "forgotPassword", Limit>;
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: {
    login: { max: 30, window: 15 * MINUTE },
    register: { max: 10, window: 60 * MINUTE },
    forgotPassword: { max: 10, window: 15 * MINUTE },
    resetPassword: { max: 20, window: 15 * MINUTE },
  },
  perAccount: {
    login: { max: 10, window: 15 * MINUTE },
    forgotPassword: { max: 3, window: 60 * MINUTE },
  },
};

declare module "fastify" {
  interface FastifyInstance {
    /** Counts one attempt at `action` by this request's IP and, when given, by the account; 429 past the limit. */
    limitAttempt(request: FastifyRequest, action: LimitedAction, account?: unknown): Promise<void>;
  }
}

const tooMany = (seconds: number) =>
  new AppError(
    "TOO_MANY_REQUESTS",
    `Too many attempts. Please wait ${seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`} and try again.`,
  );

export const rateLimitsPlugin = fp(async (app: FastifyInstance, opts: { db: Kysely<Database>; limits: RateLimits }) => {
  await app.register(rateLimit, { global: false, store: pgRateLimitStore(opts.db) });

  // The account an attempt names, per request; limiters are built once, so their keys read it here.
  const accountOf = new WeakMap<FastifyRequest, string>();
  const limiters = new Map<string, ReturnType<FastifyInstance["createRateLimit"]>>();
  const limiter = (key: string, limit: Limit, keyOf: (request: FastifyRequest) => string) => {
    let created = limiters.get(key);
    if (!created) {
      created = app.createRateLimit({ max: limit.max, timeWindow: limit.window, keyGenerator: keyOf });
      limiters.set(key, created);
    }
    return created;
  };

  app.decorate("limitAttempt", async (request: FastifyRequest, action: LimitedAction, account?: unknown) => {
    const checks = [limiter(`${action}:ip`, opts.limits.perIp[action], (r) => `${action}:ip:${r.ip}`)];
    const perAccount = (opts.limits.perAccount as Partial<Record<LimitedAction, Limit>>)[action];
    // A name PostgreSQL cannot store (NUL, broken Unicode) names no account; the door refuses it.
    if (perAccount && typeof account === "string" && account.trim() && isStorableText(account)) {
      const name = account.trim().toLowerCase().slice(0, 254);
      accountOf.set(request, name);
      checks.push(limiter(`${action}:account`, perAccount, (r) => `${action}:account:${accountOf.get(r) ?? ""}`));
    }
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) throw tooMany(result.ttlInSeconds);
    }
  });
});
