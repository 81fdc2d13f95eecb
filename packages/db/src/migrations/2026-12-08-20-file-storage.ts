import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 39 item 3 (docs/decisions.md, "File storage"): a file's bytes live in the configured
 * store (a folder, or an S3-compatible bucket) under `storage_key`, or, as before, in `data`.
 * The row keeps the size and SHA-256 either way, and every read checks the bytes against them.
 * A destroyed file has neither.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE files ALTER COLUMN data DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE files ADD COLUMN storage_key text`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_bytes_in_one_place CHECK (data IS NULL OR storage_key IS NULL)`.execute(db);
  // files:migrate walks what is still in the database by id, and resumes where it stopped.
  await sql`CREATE INDEX files_in_database ON files (id) WHERE data IS NOT NULL AND destroyed_at IS NULL`.execute(db);
  // Objects to remove from the store once the transaction that let go of them commits (a
  // destruction): a sweeper removes each and its row, so a store that is down delays, never skips, it.
  await sql`
    CREATE TABLE file_deletions (
      storage_key text PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      last_error text
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE file_deletions`.execute(db);
  await sql`DROP INDEX files_in_database`.execute(db);
  await sql`ALTER TABLE files DROP CONSTRAINT files_bytes_in_one_place`.execute(db);
  await sql`ALTER TABLE files DROP COLUMN storage_key`.execute(db);
  await sql`UPDATE files SET data = '\\x'::bytea WHERE data IS NULL`.execute(db);
  await sql`ALTER TABLE files ALTER COLUMN data SET NOT NULL`.execute(db);
}
