import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Text messages to claimants (issue 28; docs/decisions.md "Messages to claimants"): the claimant's
 * consent and channel, the outbox of messages to the gateway (one reminder of each kind per
 * booking), numbers that replied STOP, the replies received, and the claimant's answer on a booking.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    ALTER TABLE patients
      ADD COLUMN message_channel text CHECK (message_channel IN ('sms', 'whatsapp')),
      ADD COLUMN message_consent_at timestamptz,
      ADD CONSTRAINT patients_message_consent CHECK ((message_channel IS NULL) = (message_consent_at IS NULL))
  `.execute(db);
  await sql`
    ALTER TABLE bookings
      ADD COLUMN claimant_answer text CHECK (claimant_answer IN ('confirmed', 'cannot_attend')),
      ADD COLUMN claimant_answer_at timestamptz
  `.execute(db);
  await sql`
    CREATE TABLE claimant_messages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      patient_id uuid NOT NULL REFERENCES patients(id) ON DELETE CASCADE,
      booking_id uuid REFERENCES bookings(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('confirmation', 'two_days_before', 'morning_of')),
      to_phone text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
      text text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0,
      sent_at timestamptz,
      given_up_at timestamptz,
      last_error text,
      delivery_status text CHECK (delivery_status IN ('delivered', 'failed')),
      delivery_reason text,
      delivery_at timestamptz
    )
  `.execute(db);
  // One reminder of each kind per booking, however many instances sweep at once.
  await sql`CREATE UNIQUE INDEX claimant_messages_once ON claimant_messages (booking_id, kind)`.execute(db);
  await sql`CREATE INDEX claimant_messages_pending ON claimant_messages (next_attempt_at) WHERE sent_at IS NULL AND given_up_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE claimant_message_opt_outs (
      phone text PRIMARY KEY,
      opted_out_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
  await sql`
    CREATE TABLE claimant_replies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      from_phone text NOT NULL,
      channel text NOT NULL CHECK (channel IN ('sms', 'whatsapp')),
      text text NOT NULL,
      action text NOT NULL CHECK (action IN ('confirm', 'decline', 'stop', 'other')),
      patient_id uuid REFERENCES patients(id) ON DELETE SET NULL,
      booking_id uuid REFERENCES bookings(id) ON DELETE SET NULL,
      received_at timestamptz NOT NULL DEFAULT now()
    )
  `.execute(db);
}
