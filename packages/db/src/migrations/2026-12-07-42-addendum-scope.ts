import type { Kysely } from "kysely";
import { sql } from "kysely";

/** What an addendum must cover, as staff wrote it when requesting it (issue 37, item 7); shown to the expert. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE reports ADD COLUMN requested_scope text`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE reports DROP COLUMN requested_scope`.execute(db);
}
