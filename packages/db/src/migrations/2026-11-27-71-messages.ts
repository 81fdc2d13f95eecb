import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Message threads about queries (docs/decisions.md, "Messages"): a thread's kind, the query and
 * consultant it is about, its activity time for the keyset list; a participant's last-read time
 * (unread = later messages by someone else), replacing the per-message reads; attachments through
 * the files store; when each reader was last e-mailed about unread messages.
 *
 * Named after 2026-11-25-91: that migration rewrites the files owner-kind check, so this one must
 * run after it (and after it on databases that already ran it).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE message_threads ADD COLUMN kind text NOT NULL DEFAULT 'direct' CHECK (kind IN ('query_attorney', 'query_expert', 'direct', 'internal'))`.execute(
    db,
  );
  await sql`ALTER TABLE message_threads ADD COLUMN consultant_id uuid REFERENCES users(id)`.execute(db);
  await sql`ALTER TABLE message_threads ADD COLUMN last_message_at timestamptz`.execute(db);
  // The list's sort key: the last message, or the thread's creation while it has none.
  await sql`ALTER TABLE message_threads ADD COLUMN activity_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  await sql`UPDATE message_threads t SET last_message_at = (SELECT max(m.created_at) FROM messages m WHERE m.thread_id = t.id)`.execute(db);
  await sql`UPDATE message_threads SET activity_at = coalesce(last_message_at, created_at)`.execute(db);
  await sql`ALTER TABLE message_threads ADD CONSTRAINT message_threads_query_fk FOREIGN KEY (query_id) REFERENCES queries(id)`.execute(db);
  await sql`ALTER TABLE message_threads ADD CONSTRAINT message_threads_kind_fields CHECK (
    (kind = 'query_attorney' AND query_id IS NOT NULL AND consultant_id IS NULL)
    OR (kind = 'query_expert' AND query_id IS NOT NULL AND consultant_id IS NOT NULL)
    OR (kind IN ('direct', 'internal') AND consultant_id IS NULL))`.execute(db);
  // One attorney thread per query, one expert thread per query and consultant, also when two people open it at once.
  await sql`CREATE UNIQUE INDEX message_threads_one_attorney ON message_threads (query_id) WHERE kind = 'query_attorney'`.execute(db);
  await sql`CREATE UNIQUE INDEX message_threads_one_expert ON message_threads (query_id, consultant_id) WHERE kind = 'query_expert'`.execute(
    db,
  );
  await sql`CREATE INDEX message_threads_activity ON message_threads (activity_at DESC, id DESC)`.execute(db);

  await sql`ALTER TABLE thread_participants ADD COLUMN last_read_at timestamptz`.execute(db);
  await sql`ALTER TABLE thread_participants ADD COLUMN joined_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  // What each participant had read: up to the newest message they had a read row for.
  await sql`
    UPDATE thread_participants p SET last_read_at = (
      SELECT max(m.created_at) FROM message_reads r JOIN messages m ON m.id = r.message_id
      WHERE r.user_id = p.user_id AND m.thread_id = p.thread_id)`.execute(db);
  await db.schema.dropTable("message_reads").execute();

  await sql`DROP INDEX messages_thread`.execute(db);
  await sql`CREATE INDEX messages_thread_page ON messages (thread_id, created_at, id)`.execute(db);

  // An upload waits as 'message_upload' owned by its uploader, then becomes 'message_attachment' owned by its message.
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version', 'invoice', 'credit_note', 'payment_proof', 'meeting_recording', 'message_upload', 'message_attachment'))`.execute(
    db,
  );

  // Message e-mails have their own notification preference.
  for (const table of ["notifications", "notification_preferences"]) {
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_type_check`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_type_check`)} CHECK (type IN ('query_update', 'payment_reminder', 'system_alert', 'query_completed', 'other', 'message'))`.execute(
      db,
    );
  }

  // The delayed e-mail about unread messages: when the reader was last e-mailed about this thread, and up to
  // which message. The sweeper claims a participant with one UPDATE whose conditions include these, so
  // with several processes the e-mail goes out once (docs/decisions.md, "Messages").
  await sql`ALTER TABLE thread_participants ADD COLUMN emailed_at timestamptz, ADD COLUMN emailed_until timestamptz`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["notifications", "notification_preferences"]) {
    await sql`DELETE FROM ${sql.table(table)} WHERE type = 'message'`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} DROP CONSTRAINT ${sql.ref(`${table}_type_check`)}`.execute(db);
    await sql`ALTER TABLE ${sql.table(table)} ADD CONSTRAINT ${sql.ref(`${table}_type_check`)} CHECK (type IN ('query_update', 'payment_reminder', 'system_alert', 'query_completed', 'other'))`.execute(
      db,
    );
  }
  await sql`DELETE FROM files WHERE owner_kind IN ('message_upload', 'message_attachment')`.execute(db);
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version', 'invoice', 'credit_note', 'payment_proof', 'meeting_recording'))`.execute(
    db,
  );
  await sql`DROP INDEX messages_thread_page`.execute(db);
  await sql`CREATE INDEX messages_thread ON messages (thread_id, created_at)`.execute(db);
  await db.schema
    .createTable("message_reads")
    .addColumn("message_id", "uuid", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("read_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("message_reads_pk", ["message_id", "user_id"])
    .execute();
  await sql`
    INSERT INTO message_reads (message_id, user_id)
    SELECT m.id, p.user_id FROM thread_participants p JOIN messages m ON m.thread_id = p.thread_id
    WHERE p.last_read_at IS NOT NULL AND m.created_at <= p.last_read_at`.execute(db);
  await sql`ALTER TABLE thread_participants DROP COLUMN emailed_until, DROP COLUMN emailed_at, DROP COLUMN joined_at, DROP COLUMN last_read_at`.execute(
    db,
  );
  await sql`DROP INDEX message_threads_activity`.execute(db);
  await sql`DROP INDEX message_threads_one_expert`.execute(db);
  await sql`DROP INDEX message_threads_one_attorney`.execute(db);
  await sql`ALTER TABLE message_threads DROP CONSTRAINT message_threads_kind_fields, DROP CONSTRAINT message_threads_query_fk`.execute(db);
  await sql`ALTER TABLE message_threads DROP COLUMN activity_at, DROP COLUMN last_message_at, DROP COLUMN consultant_id, DROP COLUMN kind`.execute(
    db,
  );
}
