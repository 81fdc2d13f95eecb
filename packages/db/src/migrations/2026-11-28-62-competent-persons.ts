import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Claimants who cannot consent themselves (issue 25; POPIA sections 34-35): a child, or an adult
 * who needs a curator, has a competent person (name, relationship, ID, contact, consent date) whose
 * consent stands in for theirs. Booking refuses without it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE patients ADD COLUMN needs_curator boolean NOT NULL DEFAULT false`.execute(db);
  await sql`ALTER TABLE patients ADD COLUMN competent_person jsonb`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE patients DROP COLUMN competent_person`.execute(db);
  await sql`ALTER TABLE patients DROP COLUMN needs_curator`.execute(db);
}
