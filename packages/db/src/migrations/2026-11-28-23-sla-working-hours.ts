import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Query acknowledgement counts the agency's working hours (docs/decisions.md, "Which SLA counts
 * which time"): timers may have the unit `working_hours`. Timers already running keep theirs.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_unit_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_unit_check CHECK (unit IN ('hours', 'working_hours', 'calendar_days', 'business_days'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_unit_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_unit_check CHECK (unit IN ('hours', 'calendar_days', 'business_days'))`.execute(
    db,
  );
}
