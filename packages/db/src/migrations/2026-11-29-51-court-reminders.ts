import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The court clock's reminders (issue 26; docs/decisions.md "The court's clock"): one row per plan
 * step, its date and lead time, claimed by the sweeper with ON CONFLICT DO NOTHING, so each
 * reminder goes once across server processes; a moved trial gives the steps new dates, and new reminders.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE court_step_reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases(id),
      query_id uuid NOT NULL REFERENCES queries(id),
      specialization_id uuid NOT NULL REFERENCES specializations(id),
      step text NOT NULL CHECK (step IN ('assessment', 'report', 'joint_minute', 'hand_over')),
      due_on date NOT NULL,
      lead_days integer NOT NULL CHECK (lead_days > 0),
      sent_at timestamptz NOT NULL,
      UNIQUE (query_id, specialization_id, step, due_on, lead_days)
    )`.execute(db);
  await sql`CREATE INDEX court_step_reminders_case ON court_step_reminders (case_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE court_step_reminders`.execute(db);
}
