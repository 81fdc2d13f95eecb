import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type * as Fastify from "fastify";
import type { SessionStore } from "@fastify/session";
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from "@medlegal/domain";
import type { SessionCache } from "./session-cache";

declare module "fastify" {
  interface Session {
    userId?: string;
    /** When the user signed in (ms); the session ends 12 hours later whatever happens. */
    signedInAt?: number;
    /** Last user activity (ms); the session ends 15 minutes after it. Polls do not move it. */
    lastSeenAt?: number;
  }
}

/** When a session stops being valid: idle expiry, capped by the absolute lifetime. */
export function sessionExpiry(session: { signedInAt?: number; lastSeenAt?: number }): Date {
  const signedInAt = session.signedInAt ?? Date.now();
  const lastSeenAt = session.lastSeenAt ?? signedInAt;
  return new Date(Math.min(lastSeenAt + SESSION_IDLE_MS, signedInAt + SESSION_ABSOLUTE_MS));
}

/**
 * Sessions live in PostgreSQL, so every server process behind a load balancer sees the same ones,
 * and ending a user's sessions (password reset, deactivation) is one DELETE.
 */
export class PgSessionStore implements SessionStore {
  /** `cache` answers most reads from memory (docs/decisions.md, "Session cache"). */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly cache: SessionCache | null = null,
  ) {}

  /**
   * Saves a session. A signed-in session is only ever updated, never inserted: once logout, a
   * password change, a reset or deactivation has deleted its row, a request that was still in
   * flight cannot bring it back. Sign-in regenerates the id, which inserts the new session empty
   * first (`regenerate` stores it before the user is bound), so a signed-in row always exists
   * before its first update. See docs/decisions.md, "Security".
   */
  set(sid: string, session: Fastify.Session, callback: (err?: unknown) => void): void {
    const { cookie: _cookie, ...data } = session as Fastify.Session & { cookie?: unknown };
    const row = {
      sid,
      user_id: session.userId ?? null,
      data: JSON.stringify(data),
      expires_at: sessionExpiry(session),
    };
    const write = session.userId
      ? this.db
          .updateTable("sessions")
          .set({ user_id: row.user_id, data: row.data, expires_at: row.expires_at })
          .where("sid", "=", sid)
          .execute()
      : this.db
          .insertInto("sessions")
          .values(row)
          .onConflict((oc) =>
            oc.column("sid").doUpdateSet({ data: row.data, expires_at: row.expires_at }).where("sessions.user_id", "is", null),
          )
          .execute();
    this.cache?.forgetSession(sid);
    write.then(() => callback(), callback);
  }

  get(sid: string, callback: (err: unknown, result?: Fastify.Session | null) => void): void {
    const read = () =>
      this.db
        .selectFrom("sessions")
        .select(["data"])
        .where("sid", "=", sid)
        .where("expires_at", ">", new Date())
        .executeTakeFirst()
        .then((row) => (row ? (row.data as Fastify.Session) : null));
    const found = this.cache ? this.cache.session(sid, read) : read();
    found.then((session) => {
      // A kept session still ends on time: the expiry is judged on every read, as the row's is.
      if (session && sessionExpiry(session).getTime() <= Date.now()) return callback(null, null);
      callback(null, session as Fastify.Session | null);
    }, callback);
  }

  destroy(sid: string, callback: (err?: unknown) => void): void {
    this.cache?.forgetSession(sid);
    this.db
      .deleteFrom("sessions")
      .where("sid", "=", sid)
      .execute()
      .then(() => callback(), callback);
  }
}
