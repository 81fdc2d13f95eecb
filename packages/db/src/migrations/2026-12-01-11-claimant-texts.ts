import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * A claimant's own text message on the query (issue 28; docs/decisions.md "Claimant texts in the
 * query's messages"): a reply that is neither YES, NO nor STOP becomes a message in the query's
 * claimant thread, read by the case manager. The claimant is not a user, so a message has either a
 * sender user or a sender label (the claimant's name and number), and a thread the app opened on
 * the claimant's behalf has no creating user.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE message_threads DROP CONSTRAINT message_threads_kind_check`.execute(db);
  await sql`ALTER TABLE message_threads ADD CONSTRAINT message_threads_kind_check CHECK (kind IN ('query_attorney', 'query_expert', 'query_claimant', 'direct', 'internal'))`.execute(
    db,
  );
  await sql`ALTER TABLE message_threads DROP CONSTRAINT message_threads_kind_fields`.execute(db);
  await sql`ALTER TABLE message_threads ADD CONSTRAINT message_threads_kind_fields CHECK (
    (kind IN ('query_attorney', 'query_claimant') AND query_id IS NOT NULL AND consultant_id IS NULL)
    OR (kind = 'query_expert' AND query_id IS NOT NULL AND consultant_id IS NOT NULL)
    OR (kind IN ('direct', 'internal') AND consultant_id IS NULL))`.execute(db);
  await sql`CREATE UNIQUE INDEX message_threads_one_claimant ON message_threads (query_id) WHERE kind = 'query_claimant'`.execute(db);
  await sql`ALTER TABLE message_threads ALTER COLUMN created_by DROP NOT NULL`.execute(db);

  await sql`ALTER TABLE messages ALTER COLUMN sender_id DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE messages ADD COLUMN sender_label text, ADD COLUMN claimant_reply_id uuid REFERENCES claimant_replies(id)`.execute(
    db,
  );
  await sql`ALTER TABLE messages ADD CONSTRAINT messages_sender CHECK ((sender_id IS NOT NULL) <> (sender_label IS NOT NULL))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM messages WHERE sender_id IS NULL`.execute(db);
  await sql`DELETE FROM message_threads WHERE kind = 'query_claimant'`.execute(db);
  await sql`ALTER TABLE messages DROP CONSTRAINT messages_sender, DROP COLUMN sender_label, DROP COLUMN claimant_reply_id`.execute(db);
  await sql`ALTER TABLE messages ALTER COLUMN sender_id SET NOT NULL`.execute(db);
  await sql`DROP INDEX message_threads_one_claimant`.execute(db);
  await sql`ALTER TABLE message_threads DROP CONSTRAINT message_threads_kind_fields`.execute(db);
  await sql`ALTER TABLE message_threads ADD CONSTRAINT message_threads_kind_fields CHECK (
    (kind = 'query_attorney' AND query_id IS NOT NULL AND consultant_id IS NULL)
    OR (kind = 'query_expert' AND query_id IS NOT NULL AND consultant_id IS NOT NULL)
    OR (kind IN ('direct', 'internal') AND consultant_id IS NULL))`.execute(db);
  await sql`ALTER TABLE message_threads DROP CONSTRAINT message_threads_kind_check`.execute(db);
  await sql`ALTER TABLE message_threads ADD CONSTRAINT message_threads_kind_check CHECK (kind IN ('query_attorney', 'query_expert', 'direct', 'internal'))`.execute(
    db,
  );
}
