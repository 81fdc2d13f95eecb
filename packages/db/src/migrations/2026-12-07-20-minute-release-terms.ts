import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * A joint minute follows its report (issue 37, item 2; docs/product-rules.md "Joint minutes follow
 * their report"): the report keeps the terms it was released on (paid, the attorney's deferral or
 * the case's undertaking, or an administrator's release before payment), and a minute keeps its own,
 * with the administrator's reason when released early. Reports released before this kept their
 * reason only: those with one were released by override; the others are read by today's terms.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE reports ADD COLUMN release_basis text CHECK (release_basis IN ('paid', 'deferral', 'override'))`.execute(db);
  await sql`UPDATE reports SET release_basis = 'override' WHERE release_override_reason IS NOT NULL`.execute(db);
  await sql`ALTER TABLE joint_minutes ADD COLUMN release_basis text CHECK (release_basis IN ('paid', 'deferral', 'override'))`.execute(db);
  await sql`ALTER TABLE joint_minutes ADD COLUMN release_override_reason text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE joint_minutes DROP COLUMN release_override_reason`.execute(db);
  await sql`ALTER TABLE joint_minutes DROP COLUMN release_basis`.execute(db);
  await sql`ALTER TABLE reports DROP COLUMN release_basis`.execute(db);
}
