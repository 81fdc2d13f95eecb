import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The interpreter as a user (issue 28, docs/decisions.md "Interpreters as users"): a fifth role, a
 * booking's logistics naming the interpreter's account, and a signed-in user who sits in a meeting
 * in the "interpreter" meeting role (a user row may carry that one meeting role; a guest's row
 * still needs a name, an address and a role).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users DROP CONSTRAINT users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('administrator', 'employee', 'attorney', 'consultant', 'interpreter'))`.execute(
    db,
  );
  await sql`ALTER TABLE booking_logistics ADD COLUMN interpreter_user_id uuid REFERENCES users(id)`.execute(db);
  await sql`CREATE INDEX booking_logistics_interpreter ON booking_logistics (interpreter_user_id) WHERE interpreter_user_id IS NOT NULL`.execute(
    db,
  );
  await sql`ALTER TABLE meeting_participants DROP CONSTRAINT meeting_participants_kind`.execute(db);
  await sql`
    ALTER TABLE meeting_participants ADD CONSTRAINT meeting_participants_kind CHECK (
      (user_id IS NOT NULL AND guest_name IS NULL AND guest_email IS NULL AND (guest_role IS NULL OR (guest_role = 'interpreter' AND NOT is_host)))
      OR (user_id IS NULL AND guest_name IS NOT NULL AND guest_email IS NOT NULL AND guest_role IS NOT NULL AND NOT is_host))`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DELETE FROM meeting_participants WHERE user_id IS NOT NULL AND guest_role IS NOT NULL`.execute(db);
  await sql`ALTER TABLE meeting_participants DROP CONSTRAINT meeting_participants_kind`.execute(db);
  await sql`
    ALTER TABLE meeting_participants ADD CONSTRAINT meeting_participants_kind CHECK (
      (user_id IS NOT NULL AND guest_name IS NULL AND guest_email IS NULL AND guest_role IS NULL)
      OR (user_id IS NULL AND guest_name IS NOT NULL AND guest_email IS NOT NULL AND guest_role IS NOT NULL AND NOT is_host))`.execute(db);
  await sql`ALTER TABLE booking_logistics DROP COLUMN interpreter_user_id`.execute(db);
  await sql`ALTER TABLE users DROP CONSTRAINT users_role_check`.execute(db);
  await sql`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('administrator', 'employee', 'attorney', 'consultant'))`.execute(
    db,
  );
}
