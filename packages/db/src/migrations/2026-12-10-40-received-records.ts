import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 40 item 5: records a holder sent, uploaded against their request (stored files of kind
 * `record_request`), and what the server found when it processed them off the request thread:
 * the page count and whether the pages carry text (docs/decisions.md, "Received records").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE received_records (
      file_id uuid PRIMARY KEY REFERENCES files (id),
      request_id uuid NOT NULL REFERENCES record_requests (id),
      state text NOT NULL DEFAULT 'processing' CHECK (state IN ('processing', 'ready', 'failed')),
      pages integer,
      text_pages integer,
      error text,
      attempts integer NOT NULL DEFAULT 0,
      claimed_until timestamptz,
      processed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX received_records_request ON received_records (request_id)`.execute(db);
  await sql`CREATE INDEX received_records_processing ON received_records (created_at) WHERE state = 'processing'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE received_records`.execute(db);
}
