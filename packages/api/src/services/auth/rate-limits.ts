import type { Kysely, RawBuilder } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type { Actor } from "../../actors";
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

/** Counts one attempt under `key` in a fixed window shared by every server process, atomically; answers the count so far and the window's end. */
export async function countInWindow(db: Kysely<Database>, key: string, windowMs: number): Promise<{ count: number; resetAt: Date }> {
  const { rows } = await sql<{ count: number; reset_at: Date }>`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now()
        THEN now() + ${windowMs} * interval '1 millisecond' ELSE rate_limits.reset_at END
    RETURNING count, reset_at`.execute(db);
  const row = rows[0]!;
  return { count: Number(row.count), resetAt: new Date(row.reset_at) };
}

/** Counts one attempt under `key`; 429 past the limit, naming `what`. */
export async function countAttempt(db: Kysely<Database>, key: string, limit: Limit, what = "attempts"): Promise<void> {
  const { count, resetAt } = await countInWindow(db, key, limit.window);
  if (count > limit.max) {
    throw new AppError("TOO_MANY_REQUESTS", `Too many ${what}. Please wait ${waitSentence(resetAt.getTime() - Date.now())} and try again.`);
  }
}

/**
 * 429 when `key` has already counted `limit.max` attempts in its live window; counts nothing. For
 * limits on failures only (a wrong code), where the caller counts with countInWindow after a failure.
 */
export async function assertUnderLimit(db: Kysely<Database>, key: string, limit: Limit, what = "attempts"): Promise<void> {
  const row = await db
    .selectFrom("rate_limits")
    .select(["count", "reset_at"])
    .where("key", "=", key)
    .where("reset_at", ">", sql<Date>`now()`)
    .executeTakeFirst();
  if (row && Number(row.count) >= limit.max) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `Too many ${what}. Please wait ${waitSentence(new Date(row.reset_at).getTime() - Date.now())} and try again.`,
    );
  }
}

/** One attempt at `action` from the caller's address. */
export function limitByIp({ db, actor, limits }: LimitDeps, action: LimitedAction): Promise<void> {
  return countAttempt(db, `${action}:ip:${actor.meta.ip ?? "unknown"}`, limits.perIp[action]);
}

/** The key of a sign-in account: the user when one matches, else what was typed (so unknown names pause alike). */
export const loginAccountKey = (userId: string | null, typed: string) => (userId ? `user:${userId}` : `name:${typed.toLowerCase()}`);

/**
 * Claims one sign-in attempt (a password or a second-factor code) for the account before anything
 * is checked, in one atomic statement: the row lock orders concurrent attempts, so 30 guesses sent
 * at once are counted one by one and only those before the pause are checked. Past the free
 * attempts each one sets a pause that doubles (1 s, 2 s, 4 s ...) up to the cap: guessing slows to
 * a crawl, while a stranger can keep the real user waiting for a minute at most. A success clears
 * the count (clearLoginFailures); 429 while the account is paused.
 */
export async function claimLoginAttempt(db: Kysely<Database>, accountKey: string, backoff: RateLimits["loginBackoff"]): Promise<void> {
  const pauseAfter = (attempts: RawBuilder<number>) =>
    sql`now() + CASE WHEN ${attempts} > ${backoff.freeFailures}
      THEN LEAST(${backoff.maxPauseMs}::float8, 1000 * power(2, ${attempts} - ${backoff.freeFailures} - 1)) ELSE 0 END * interval '1 millisecond'`;
  const { rows } = await sql<{ failures: number }>`
    INSERT INTO login_failures (account_key, failures, last_failed_at, blocked_until)
    VALUES (${accountKey}, 1, now(), ${pauseAfter(sql<number>`1`)})
    ON CONFLICT (account_key) DO UPDATE SET
      failures = login_failures.failures + 1,
      last_failed_at = now(),
      blocked_until = ${pauseAfter(sql<number>`(login_failures.failures + 1)`)}
    -- The wall clock, not the transaction's start: an attempt that waited for the row lock must not
    -- read the time a later attempt wrote (its own start) as a pause.
    WHERE login_failures.blocked_until <= clock_timestamp()
    RETURNING failures`.execute(db);
  if (rows.length) return;
  // Paused: the database's clock says for how long, as it set the pause.
  const left = await sql<{ left_ms: number }>`
    SELECT ceil(extract(epoch FROM blocked_until - now()) * 1000)::int8 AS left_ms
    FROM login_failures WHERE account_key = ${accountKey}`.execute(db);
  throw new AppError(
    "TOO_MANY_REQUESTS",
    `Too many failed sign-ins for this account. Please wait ${waitSentence(Number(left.rows[0]?.left_ms ?? 1000))} and try again.`,
  );
}

/**
 * Gives back a claimed attempt whose password was right but whose second factor is still due: it
 * is no failure, yet it clears nothing (the codes are guessed next, under the same pause).
 */
export async function releaseLoginAttempt(db: Kysely<Database>, accountKey: string): Promise<void> {
  await sql`UPDATE login_failures SET failures = failures - 1 WHERE account_key = ${accountKey} AND failures > 0`.execute(db);
}

export async function clearLoginFailures(db: Kysely<Database>, accountKey: string): Promise<void> {
  await db.deleteFrom("login_failures").where("account_key", "=", accountKey).execute();
}
