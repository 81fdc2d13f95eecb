import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The court plan's steps as SLA timers (issue 26; docs/decisions.md "The court's clock"): one row
 * per discipline's step with its current date (the timer's subject), and the `court_step` policy
 * and subject kind on `sla_timers`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE court_plan_steps (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases(id),
      query_id uuid NOT NULL REFERENCES queries(id),
      specialization_id uuid NOT NULL REFERENCES specializations(id),
      step text NOT NULL CHECK (step IN ('assessment', 'report', 'joint_minute', 'hand_over')),
      due_on date NOT NULL,
      UNIQUE (query_id, specialization_id, step)
    )`.execute(db);
  await sql`CREATE INDEX court_plan_steps_case ON court_plan_steps (case_id)`.execute(db);
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_policy_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_policy_check CHECK (policy IN ('query_acknowledgement', 'booking_offered', 'report_delivery', 'report_release', 'raf5_dispute', 'court_step'))`.execute(
    db,
  );
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_subject_kind_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_subject_kind_check CHECK (subject_kind IN ('query', 'booking', 'assignment', 'report', 'court_step'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM sla_timers WHERE policy = 'court_step'`.execute(db);
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_subject_kind_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_subject_kind_check CHECK (subject_kind IN ('query', 'booking', 'assignment', 'report'))`.execute(
    db,
  );
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_policy_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_policy_check CHECK (policy IN ('query_acknowledgement', 'booking_offered', 'report_delivery', 'report_release', 'raf5_dispute'))`.execute(
    db,
  );
  await sql`DROP TABLE court_plan_steps`.execute(db);
}
