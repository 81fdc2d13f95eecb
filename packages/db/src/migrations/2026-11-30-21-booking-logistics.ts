import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The claimant's day around a booking (issue 28, docs/decisions.md "The claimant's day: logistics"):
 * transport, accommodation, an external interpreter, a guardian or escort, and meals, with what each
 * costs (whole cents). One row per booking; the costs become disbursement lines on the attorney's
 * invoice (billed_events keys `booking:<id>:logistics:<item>`), so no column marks them billed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE booking_logistics (
      booking_id uuid PRIMARY KEY REFERENCES bookings(id),
      transport text NOT NULL CHECK (transport IN ('none', 'shuttle', 'taxi', 'reimbursement')),
      pickup_point text,
      pickup_time text CHECK (pickup_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      transport_cents integer CHECK (transport_cents >= 0),
      accommodation_name text,
      accommodation_nights integer CHECK (accommodation_nights BETWEEN 1 AND 14),
      accommodation_cents integer CHECK (accommodation_cents >= 0),
      interpreter_language text,
      interpreter_name text,
      interpreter_contact text,
      interpreter_cents integer CHECK (interpreter_cents >= 0),
      guardian_name text,
      guardian_relationship text,
      guardian_phone text,
      meals text,
      meals_cents integer CHECK (meals_cents >= 0),
      updated_by uuid REFERENCES users(id),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (transport NOT IN ('shuttle', 'taxi') OR (pickup_point IS NOT NULL AND pickup_time IS NOT NULL)),
      CHECK (transport <> 'reimbursement' OR transport_cents IS NOT NULL)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE booking_logistics`.execute(db);
}
