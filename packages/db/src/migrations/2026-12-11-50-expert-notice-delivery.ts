import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 41, item 4 (docs/decisions.md, "Rule 36(9) notices"): the days the plaintiff's attorney
 * delivered the Rule 36(9)(a) notice and the 36(9)(b) summaries; the court's clock counts each
 * step done from then. Court facts are columns of `cases`, as the trial date is.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE cases ADD COLUMN expert_notice_delivered_on date`.execute(db);
  await sql`ALTER TABLE cases ADD COLUMN expert_summaries_delivered_on date`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE cases DROP COLUMN expert_summaries_delivered_on`.execute(db);
  await sql`ALTER TABLE cases DROP COLUMN expert_notice_delivered_on`.execute(db);
}
