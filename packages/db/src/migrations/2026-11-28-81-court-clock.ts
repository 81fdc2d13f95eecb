import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The court's clock (issue 26; docs/decisions.md "The court's clock"): the court facts of a case
 * (RAF and summons steps, trial date, division, pre-trial date) and the dated items of court orders.
 * The division offsets and the stale-report age are a settings document ("court_clock").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE cases
      ADD COLUMN vehicle_identified boolean NOT NULL DEFAULT true,
      ADD COLUMN raf_lodged_on date,
      ADD COLUMN summons_served_on date,
      ADD COLUMN trial_date date,
      ADD COLUMN court_division text CHECK (court_division IN ('gauteng_johannesburg', 'gauteng_pretoria', 'western_cape', 'kwazulu_natal',
        'eastern_cape', 'free_state', 'limpopo', 'mpumalanga', 'north_west', 'northern_cape')),
      ADD COLUMN pre_trial_date date`.execute(db);
  await sql`
    CREATE TABLE court_order_items (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases(id),
      kind text NOT NULL CHECK (kind IN ('expert_reports_due', 'joint_minutes_due', 'expert_notices_due', 'other')),
      due_on date NOT NULL,
      text text NOT NULL,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX court_order_items_case ON court_order_items (case_id, due_on)`.execute(db);
  await sql`CREATE INDEX cases_trial_date ON cases (trial_date) WHERE trial_date IS NOT NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE court_order_items`.execute(db);
  await sql`DROP INDEX cases_trial_date`.execute(db);
  await sql`ALTER TABLE cases DROP COLUMN vehicle_identified, DROP COLUMN raf_lodged_on, DROP COLUMN summons_served_on,
    DROP COLUMN trial_date, DROP COLUMN court_division, DROP COLUMN pre_trial_date`.execute(db);
}
