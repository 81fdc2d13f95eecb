import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import * as clock from "./clock";

/**
 * Background work that every server process runs: each job claims its due rows in PostgreSQL
 * (an `UPDATE ... RETURNING`, `FOR UPDATE SKIP LOCKED` or an idempotent `DELETE`), so with several
 * processes on one database each side effect still happens once, and nothing is lost on restart.
 * See docs/architecture.md, "Background work".
 */
export interface SweepJob {
  name: string;
  everyMs: number;
  run(): Promise<unknown>;
  /** Asks a long run to end soon (a child process to stop), before the sweeper waits for it. */
  stop?(): void;
}

export interface Sweeper {
  /** Stops scheduling and waits for the runs in progress, so shutdown never cuts a job in half. */
  stop(): Promise<void>;
}

/** Told of every finished run: the job, how long it took and whether it failed (the server's metrics). */
export type SweepObserver = (run: { job: string; seconds: number; failed: boolean; finishedAt: Date }) => void;

export function startSweeper(jobs: SweepJob[], log: (message: string) => void = console.error, observe?: SweepObserver): Sweeper {
  let stopped = false;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  const schedule = (job: SweepJob) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      const started = performance.now();
      const finished = (failed: boolean) =>
        observe?.({ job: job.name, seconds: (performance.now() - started) / 1000, failed, finishedAt: new Date() });
      const run = job
        .run()
        .then(
          () => finished(false),
          (error: unknown) => {
            finished(true);
            log(`[sweeper] ${job.name}: ${error instanceof Error ? error.message : String(error)}`);
          },
        )
        .finally(() => {
          running.delete(run);
          schedule(job);
        });
      running.add(run);
    }, job.everyMs);
    timers.add(timer);
  };
  for (const job of jobs) schedule(job);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const job of jobs) job.stop?.();
      await Promise.all([...running]);
    },
  };
}

/** A failed-sign-in count is forgotten after a day without failures. */
const LOGIN_FAILURES_KEPT = "1 day";

/** Removes what has expired: sessions, rate-limit windows, reset and sign-up links and old sign-in failure counts. */
export async function purgeExpired(db: Kysely<Database>): Promise<Record<string, number>> {
  const now = clock.now();
  const [sessions, rateLimits, resetTokens, pendingRegistrations, loginFailures] = await Promise.all([
    db.deleteFrom("sessions").where("expires_at", "<=", now).executeTakeFirst(),
    db.deleteFrom("rate_limits").where("reset_at", "<=", now).executeTakeFirst(),
    db
      .deleteFrom("password_reset_tokens")
      .where((eb) => eb.or([eb("expires_at", "<=", now), eb("used_at", "is not", null)]))
      .executeTakeFirst(),
    db
      .deleteFrom("pending_registrations")
      .where((eb) => eb.or([eb("expires_at", "<=", now), eb("used_at", "is not", null)]))
      .executeTakeFirst(),
    db
      .deleteFrom("login_failures")
      .where("blocked_until", "<=", now)
      .where("last_failed_at", "<", sql<Date>`now() - ${sql.lit(LOGIN_FAILURES_KEPT)}::interval`)
      .executeTakeFirst(),
  ]);
  return {
    sessions: Number(sessions.numDeletedRows),
    rateLimits: Number(rateLimits.numDeletedRows),
    resetTokens: Number(resetTokens.numDeletedRows),
    pendingRegistrations: Number(pendingRegistrations.numDeletedRows),
    loginFailures: Number(loginFailures.numDeletedRows),
  };
}

export const purgeJob = (db: Kysely<Database>): SweepJob => ({ name: "purge", everyMs: 10 * 60_000, run: () => purgeExpired(db) });
