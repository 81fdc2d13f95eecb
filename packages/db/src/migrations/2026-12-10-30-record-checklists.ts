import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 40 item 6: the records each discipline's expert needs before assessing, as an administrator
 * set them; a discipline without a row uses the defaults of packages/domain (records/checklists.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE record_checklists (
      specialization_id uuid PRIMARY KEY REFERENCES specializations (id),
      record_kinds text[] NOT NULL,
      updated_by uuid NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE record_checklists`.execute(db);
}
