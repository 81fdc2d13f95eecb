import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 40 (docs/decisions.md, "PAIA clock"): the register of record holders (hospitals, police
 * stations, employers, schools, the RAF) and each case's requests for records from them, with the
 * dates the statute's clock reads, the disciplines a request serves, and the request's timeline.
 * Received records, letters and the claimant's consent are stored files of kind `record_request`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // New rows only (NOT VALID): files is a large table (docs/architecture.md, "Migrations on large tables").
  const { rows } = await sql<{
    def: string;
  }>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'files_owner_kind_check'`.execute(db);
  const kinds = [...new Set([...[...(rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!), "record_request"])];
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN (${sql.join(kinds.map((k) => sql.lit(k)))})) NOT VALID`.execute(
    db,
  );

  await sql`
    CREATE TABLE record_holders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('public', 'private')),
      category text NOT NULL CHECK (category IN ('hospital', 'clinic', 'practice', 'ambulance', 'police', 'employer', 'school', 'raf', 'other')),
      information_officer text NOT NULL,
      email text NOT NULL,
      phone text,
      postal_address text,
      physical_address text,
      request_fee_cents integer NOT NULL DEFAULT 0 CHECK (request_fee_cents BETWEEN 0 AND 10000000),
      fee_notes text,
      active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX record_holders_name ON record_holders (lower(name))`.execute(db);

  await sql`
    CREATE TABLE record_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases (id),
      holder_id uuid NOT NULL REFERENCES record_holders (id),
      record_kinds text[] NOT NULL CHECK (cardinality(record_kinds) > 0),
      description text,
      period_from date,
      period_to date,
      legal_basis text NOT NULL CHECK (legal_basis IN ('paia_public', 'paia_private', 'popia_s23', 'consent')),
      authority text NOT NULL CHECK (authority IN ('signed_consent', 'attorney_mandate')),
      status text NOT NULL DEFAULT 'drafted' CHECK (status IN ('drafted', 'sent', 'acknowledged', 'extended', 'fee_requested',
        'fee_paid', 'received_in_part', 'received', 'refused', 'deemed_refused', 'appealed', 'closed')),
      sent_at timestamptz,
      received_on date,
      extension_days integer CHECK (extension_days BETWEEN 1 AND 30),
      extension_notice_on date,
      fee_requested_on date,
      fee_paid_on date,
      refused_on date,
      refusal_section text,
      appealed_on date,
      records_received_on date,
      closed_on date,
      created_by uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (period_from IS NULL OR period_to IS NULL OR period_from <= period_to),
      CHECK (status = 'drafted' OR received_on IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX record_requests_case ON record_requests (case_id)`.execute(db);
  await sql`CREATE INDEX record_requests_holder ON record_requests (holder_id)`.execute(db);

  await sql`
    CREATE TABLE record_request_disciplines (
      request_id uuid NOT NULL REFERENCES record_requests (id) ON DELETE CASCADE,
      specialization_id uuid NOT NULL REFERENCES specializations (id),
      PRIMARY KEY (request_id, specialization_id)
    )`.execute(db);

  await sql`
    CREATE TABLE record_request_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL REFERENCES record_requests (id) ON DELETE CASCADE,
      status text NOT NULL,
      on_date date NOT NULL,
      note text,
      actor_id uuid REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX record_request_events_request ON record_request_events (request_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE record_request_fees (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      request_id uuid NOT NULL REFERENCES record_requests (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('request', 'access')),
      amount_cents integer NOT NULL CHECK (amount_cents BETWEEN 1 AND 10000000),
      requested_on date NOT NULL,
      paid_on date,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX record_request_fees_request ON record_request_fees (request_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE record_request_fees, record_request_events, record_request_disciplines, record_requests, record_holders`.execute(db);
}
