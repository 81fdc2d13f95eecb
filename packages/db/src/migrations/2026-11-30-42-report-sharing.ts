import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Upstream reports shared with the downstream experts of a query (issue 27, section 3;
 * docs/decisions.md "Disciplines that wait"): the attorney's consent on the query, recorded once, the
 * shares made on release, and "share" as a kind of access in the access log.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE queries
      ADD COLUMN report_sharing_consent_at timestamptz,
      ADD COLUMN report_sharing_consent_by uuid REFERENCES users(id)`.execute(db);
  await sql`
    CREATE TABLE report_shares (
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      consultant_id uuid NOT NULL REFERENCES users(id),
      shared_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (report_id, consultant_id)
    )`.execute(db);
  await sql`CREATE INDEX report_shares_consultant ON report_shares (consultant_id)`.execute(db);
  await sql`ALTER TABLE access_log DROP CONSTRAINT access_log_action_check`.execute(db);
  await sql`ALTER TABLE access_log ADD CONSTRAINT access_log_action_check CHECK (action IN ('view', 'download', 'export', 'print', 'share'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE report_shares`.execute(db);
  await sql`ALTER TABLE queries DROP COLUMN report_sharing_consent_at, DROP COLUMN report_sharing_consent_by`.execute(db);
}
