import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { Actor } from "../../context";
import { AppError } from "../../errors";

/**
 * Attempt limits for the sign-in, sign-up and password-reset steps. They live here, where the
 * services that both the REST adapters and the tRPC procedures call can apply them, so neither
 * door is left open (docs/decisions.md, "Security").
 */
export type LimitedAction = "login" | "register" | "forgotPassword" | "resetPassword";

export interface Limit {
  max: number;
  /** Window in milliseconds. */
  window: number;
}

export interface RateLimits {
  perIp: Record<LimitedAction, Limit>;
  /** Reset mails per e-mail address, whatever address the requests come from. */
  perAccount: { forgotPassword: Limit };
  /** Per signed-in user: file downloads (every one reads claimant data from the database). */
  perUser: { fileDownload: Limit };
  /** Consecutive failed sign-ins of one account that pass freely, and the longest pause after them. */
  loginBackoff: { freeFailures: number; maxPauseMs: number };
}

const MINUTE = 60_000;
export const DEFAULT_RATE_LIMITS: RateLimits = {
  perIp: {
    login: { max: 30, window: 15 * MINUTE },
    register: { max: 10, window: 60 * MINUTE },
    forgotPassword: { max: 10, window: 15 * MINUTE },
    resetPassword: { max: 20, window: 15 * MINUTE },
  },
  perAccount: { forgotPassword: { max: 3, window: 60 * MINUTE } },
  // A reviewer opens a few files a minute; a script pulling every file it can see is stopped.
  perUser: { fileDownload: { max: 120, window: 10 * MINUTE } },
  loginBackoff: { freeFailures: 5, maxPauseMs: MINUTE },
};

export interface LimitDeps {
  db: Kysely<Database>;
  actor: Actor;
  limits: RateLimits;
}

const waitSentence = (ms: number) => {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  return seconds >= 90 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
};

/** Counts one attempt under `key` in a fixed window shared by every server process; 429 past the limit, naming `what`. */
export async function countAttempt(db: Kysely<Database>, key: string, limit: Limit, what = "attempts"): Promise<void> {
  const { rows } = await sql<{ count: number; reset_at: Date }>`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + ${limit.window} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now()
        THEN now() + ${limit.window} * interval '1 millisecond' ELSE rate_limits.reset_at END
    RETURNING count, reset_at`.execute(db);
  const row = rows[0]!;
  if (Number(row.count) > limit.max) {
    const left = new Date(row.reset_at).getTime() - Date.now();
    throw new AppError("TOO_MANY_REQUESTS", `Too many ${what}. Please wait ${waitSentence(left)} and try again.`);
  }
}

/** One attempt at `action` from the caller's address. */
export function limitByIp({ db, actor, limits }: LimitDeps, action: LimitedAction): Promise<void> {
  return countAttempt(db, `${action}:ip:${actor.meta.ip ?? "unknown"}`, limits.perIp[action]);
}

/** The key of a sign-in account: the user when one matches, else what was typed (so unknown names pause alike). */
export const loginAccountKey = (userId: string | null, typed: string) => (userId ? `user:${userId}` : `name:${typed.toLowerCase()}`);

/** 429 while the account must pause after repeated failures. */
export async function assertLoginNotPaused(db: Kysely<Database>, accountKey: string): Promise<void> {
  // The database's clock decides, as it does when the pause is set (recordLoginFailure).
  const { rows } = await sql<{ left_ms: number }>`
    SELECT ceil(extract(epoch FROM blocked_until - now()) * 1000)::int8 AS left_ms
    FROM login_failures WHERE account_key = ${accountKey} AND blocked_until > now()`.execute(db);
  const row = rows[0];
  if (row) {
    throw new AppError("TOO_MANY_REQUESTS", `Too many failed sign-ins for this account. Please wait ${waitSentence(Number(row.left_ms))} and try again.`);
  }
}

/**
 * Records a failed sign-in. Past the free failures each one doubles the pause (1 s, 2 s, 4 s ...)
 * up to the cap: guessing slows to a crawl, while a stranger can keep the real user waiting for
 * a minute at most.
 */
export async function recordLoginFailure(db: Kysely<Database>, accountKey: string, backoff: RateLimits["loginBackoff"]): Promise<void> {
  await sql`
    INSERT INTO login_failures (account_key, failures, last_failed_at, blocked_until)
    VALUES (${accountKey}, 1, now(), now())
    ON CONFLICT (account_key) DO UPDATE SET failures = login_failures.failures + 1, last_failed_at = now(), blocked_until = now()`.execute(db);
  await sql`
    UPDATE login_failures
    SET blocked_until = now() + LEAST(
      ${backoff.maxPauseMs}::float8,
      1000 * power(2, failures - ${backoff.freeFailures} - 1)
    ) * interval '1 millisecond'
    WHERE account_key = ${accountKey} AND failures > ${backoff.freeFailures}`.execute(db);
}

export async function clearLoginFailures(db: Kysely<Database>, accountKey: string): Promise<void> {
  await db.deleteFrom("login_failures").where("account_key", "=", accountKey).execute();
}
