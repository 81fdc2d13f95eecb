import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * One text per claimant's day (issue 37 item 12): a reminder names every booking it covers, each
 * booking covered once per kind (the key), so a message listing three bookings is sent once.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE claimant_message_bookings (
      message_id uuid NOT NULL REFERENCES claimant_messages(id) ON DELETE CASCADE,
      booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      kind text NOT NULL,
      PRIMARY KEY (booking_id, kind)
    )`.execute(db);
  await sql`CREATE INDEX claimant_message_bookings_message ON claimant_message_bookings (message_id)`.execute(db);
  await sql`INSERT INTO claimant_message_bookings (message_id, booking_id, kind) SELECT id, booking_id, kind FROM claimant_messages WHERE booking_id IS NOT NULL ON CONFLICT DO NOTHING`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE claimant_message_bookings`.execute(db);
}
