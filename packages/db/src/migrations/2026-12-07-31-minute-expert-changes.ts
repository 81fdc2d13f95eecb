import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Changing a joint minute's opposing expert (issue 37, item 25; docs/product-rules.md "Changing the
 * opposing expert"): the address each link, code and signature went to, and when the current
 * opposing expert first opened the minute with a code (a change of name or e-mail after that needs
 * the minute reopened).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE joint_minutes ADD COLUMN opposing_opened_at timestamptz`.execute(db);
  await sql`ALTER TABLE joint_minute_guest_links ADD COLUMN sent_to text`.execute(db);
  await sql`ALTER TABLE joint_minute_codes ADD COLUMN sent_to text`.execute(db);
  await sql`ALTER TABLE joint_minute_signatures ADD COLUMN sent_to text`.execute(db);
  // Until now a minute's address never changed under a sent link: each went to the minute's address.
  await sql`UPDATE joint_minute_guest_links l SET sent_to = m.opposing_email FROM joint_minutes m WHERE m.id = l.minute_id`.execute(db);
  await sql`
    UPDATE joint_minutes m SET opposing_opened_at = s.first_at
    FROM (SELECT l.minute_id, min(s.created_at) AS first_at FROM joint_minute_guest_sessions s JOIN joint_minute_guest_links l ON l.id = s.link_id GROUP BY l.minute_id) s
    WHERE s.minute_id = m.id`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE joint_minute_signatures DROP COLUMN sent_to`.execute(db);
  await sql`ALTER TABLE joint_minute_codes DROP COLUMN sent_to`.execute(db);
  await sql`ALTER TABLE joint_minute_guest_links DROP COLUMN sent_to`.execute(db);
  await sql`ALTER TABLE joint_minutes DROP COLUMN opposing_opened_at`.execute(db);
}
