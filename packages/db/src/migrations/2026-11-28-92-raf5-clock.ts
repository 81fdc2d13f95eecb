import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The RAF 5 dispute clock is an SLA timer (issue 27; docs/decisions.md "RAF 4 as data"): policy
 * `raf5_dispute`, 90 calendar days from the RAF's rejection of a RAF 4 report.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_policy_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_policy_check CHECK (policy IN ('query_acknowledgement', 'booking_offered', 'report_delivery', 'report_release', 'raf5_dispute'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM sla_timers WHERE policy = 'raf5_dispute'`.execute(db);
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_policy_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_policy_check CHECK (policy IN ('query_acknowledgement', 'booking_offered', 'report_delivery', 'report_release'))`.execute(
    db,
  );
}
