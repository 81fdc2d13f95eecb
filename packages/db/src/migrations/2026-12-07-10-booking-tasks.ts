import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * What a claimant's "cannot attend" leaves for the case manager to undo (issue 37 item 1,
 * docs/product-rules.md "A claimant who cannot attend"): cancel the taxi, the guesthouse, tell an
 * interpreter without an account. One open task per booking and kind; done when staff say so.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE booking_tasks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      booking_id uuid NOT NULL REFERENCES bookings(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('cancel_transport', 'cancel_accommodation', 'tell_interpreter')),
      detail text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      done_at timestamptz,
      done_by uuid REFERENCES users(id),
      UNIQUE (booking_id, kind)
    )`.execute(db);
  await sql`CREATE INDEX booking_tasks_open ON booking_tasks (created_at) WHERE done_at IS NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE booking_tasks`.execute(db);
}
