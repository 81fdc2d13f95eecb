import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 39 item 1 (docs/operations.md, "Nightly backups"): each backup the server makes of the
 * embedded database, nightly or asked for in Settings, with how it ended; the Settings tab and the
 * notices to administrators read it. A "missed" row records a night the server was not running.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE backup_runs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      trigger text NOT NULL CHECK (trigger IN ('nightly', 'manual')),
      status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'missed')),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      started_by uuid REFERENCES users (id),
      file_name text,
      size_bytes bigint,
      row_count integer,
      file_count integer,
      error text
    )`.execute(db);
  await sql`CREATE INDEX backup_runs_newest ON backup_runs (started_at DESC)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE backup_runs`.execute(db);
}
