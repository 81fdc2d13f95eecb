import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 40 item 5: a text layer for the scanned pages of received records, added in the background
 * by OCR when the machine has it (docs/decisions.md, "Received records"). Each page's invisible text
 * is kept as it is made, so a server that stops resumes at the next page; the searchable copy is a
 * stored file of its own, the original and its SHA-256 stay as received.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE received_records
      ADD COLUMN ocr_state text CHECK (ocr_state IN ('pending', 'running', 'done', 'unavailable', 'failed')),
      ADD COLUMN ocr_pages integer,
      ADD COLUMN ocr_pages_done integer NOT NULL DEFAULT 0,
      ADD COLUMN ocr_attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN ocr_claimed_until timestamptz,
      ADD COLUMN ocr_error text,
      ADD COLUMN searchable_file_id uuid REFERENCES files (id)`.execute(db);
  await sql`CREATE INDEX received_records_ocr ON received_records (created_at) WHERE ocr_state IN ('pending', 'running')`.execute(db);
  await sql`
    CREATE TABLE received_record_ocr_pages (
      file_id uuid NOT NULL REFERENCES received_records (file_id) ON DELETE CASCADE,
      page integer NOT NULL,
      data bytea NOT NULL,
      PRIMARY KEY (file_id, page)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE received_record_ocr_pages`.execute(db);
  await sql`DROP INDEX received_records_ocr`.execute(db);
  await sql`
    ALTER TABLE received_records
      DROP COLUMN ocr_state, DROP COLUMN ocr_pages, DROP COLUMN ocr_pages_done, DROP COLUMN ocr_attempts,
      DROP COLUMN ocr_claimed_until, DROP COLUMN ocr_error, DROP COLUMN searchable_file_id`.execute(db);
}
