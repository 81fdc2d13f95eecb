import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Interpreters are offered by language (issue 37 item 13): the languages an interpreter's account
 * interprets, and the interpreter's own answer to a booking they are named on.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN interpreter_languages text[] NOT NULL DEFAULT '{}'`.execute(db);
  await sql`ALTER TABLE booking_logistics ADD COLUMN interpreter_answer text CHECK (interpreter_answer IN ('confirmed', 'declined'))`.execute(
    db,
  );
  await sql`ALTER TABLE booking_logistics ADD COLUMN interpreter_answer_at timestamptz`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE booking_logistics DROP COLUMN interpreter_answer_at`.execute(db);
  await sql`ALTER TABLE booking_logistics DROP COLUMN interpreter_answer`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN interpreter_languages`.execute(db);
}
