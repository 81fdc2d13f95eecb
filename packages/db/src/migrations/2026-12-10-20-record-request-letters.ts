import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 40, the request letter and the chase (docs/decisions.md "PAIA clock"): the files of a records
 * request by what they are (the letter sent, a follow-up letter, the records received), and the
 * clock's reminders, one row per request, decision day and lead time, claimed by the sweeper with
 * ON CONFLICT DO NOTHING so each goes once across server processes (as court_step_reminders do).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE record_request_files (
      file_id uuid PRIMARY KEY REFERENCES files (id),
      request_id uuid NOT NULL REFERENCES record_requests (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('letter', 'follow_up', 'records')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX record_request_files_request ON record_request_files (request_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE record_request_reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL REFERENCES record_requests (id) ON DELETE CASCADE,
      due_on date NOT NULL,
      lead_days integer NOT NULL,
      sent_at timestamptz NOT NULL,
      UNIQUE (request_id, due_on, lead_days)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE record_request_reminders, record_request_files`.execute(db);
}
