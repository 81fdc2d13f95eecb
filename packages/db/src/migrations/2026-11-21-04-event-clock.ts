import type { Kysely } from "kysely";
import { sql } from "kysely";

// now() is the same for a whole transaction; several audit rows or timeline events written by one
// change then tie. clock_timestamp() keeps them in the order they were written.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE audit_log ALTER COLUMN at SET DEFAULT clock_timestamp()`.execute(db);
  await sql`ALTER TABLE query_events ALTER COLUMN at SET DEFAULT clock_timestamp()`.execute(db);
}
