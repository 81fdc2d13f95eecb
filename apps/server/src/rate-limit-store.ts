import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";

type Callback = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store over PostgreSQL: fixed windows counted in one upsert, shared by every
 * server process, so a limit holds however many instances run.
 */
export function pgRateLimitStore(db: Kysely<Database>) {
  return class PgRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number) {
      sql<{ count: number; reset_at: Date }>`
        INSERT INTO rate_limits (key, count, reset_at)
        VALUES (${key}, 1, now() + ${timeWindow} * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
          reset_at = CASE WHEN rate_limits.reset_at <= now()
            THEN now() + ${timeWindow} * interval '1 millisecond' ELSE rate_limits.reset_at END
        RETURNING count, reset_at`
        .execute(db)
        .then(({ rows }) => {
          const row = rows[0]!;
          callback(null, { current: Number(row.count), ttl: Math.max(0, new Date(row.reset_at).getTime() - Date.now()) });
        }, callback);
    }

    read(key: string, callback: Callback) {
      db.selectFrom("rate_limits")
        .select(["count", "reset_at"])
        .where("key", "=", key)
        .where("reset_at", ">", new Date())
        .executeTakeFirst()
        .then(
          (row) => callback(null, row ? { current: row.count, ttl: row.reset_at.getTime() - Date.now() } : { current: 0, ttl: 0 }),
          callback,
        );
    }

    child() {
      return this;
    }
  };
}
