import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * A court step's SLA timer whose date had passed before the agency was instructed (issue 37, item 6):
 * the matter came too late for the usual plan, so its breach is not the agency's and SLA Monitoring
 * leaves it out of the breach figures (docs/product-rules.md "The trial is too close").
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sla_timers ADD COLUMN before_instruction boolean NOT NULL DEFAULT false`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE sla_timers DROP COLUMN before_instruction`.execute(db);
}
