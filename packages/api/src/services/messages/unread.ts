import { sql } from "kysely";

/**
 * The unread rule, written once (docs/decisions.md, "Messages"): message `m` is unread by the
 * participant row `p` of its thread when someone else (a claimant's text has no sender user) wrote it after p's last-read time. The
 * sidebar count, the thread list's counts and "Unread" filter and the delayed e-mail all use it;
 * each also keeps to the threads p may still read (`threadStillVisible`), checked once per thread
 * rather than once per message. Aliases name a `messages` row and a `thread_participants` row.
 */
export function unreadBy(m: string, p: string) {
  const col = (alias: string, column: string) => sql.ref(`${alias}.${column}`);
  return sql<boolean>`(${col(m, "thread_id")} = ${col(p, "thread_id")} AND ${col(m, "sender_id")} IS DISTINCT FROM ${col(p, "user_id")}
    AND (${col(p, "last_read_at")} IS NULL OR ${col(m, "created_at")} > ${col(p, "last_read_at")}))`;
}
