import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Retention, legal hold and destruction (issue 25; docs/decisions.md "Retention and destruction"):
 * holds on cases, the claimants the sweep found due, the certificates of what was destroyed, and the
 * marks left on anonymised claimants, destroyed files and invoices that lost the claimant's name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE case_legal_holds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases(id),
      reason text NOT NULL,
      set_by uuid NOT NULL REFERENCES users(id),
      set_at timestamptz NOT NULL,
      lifted_by uuid REFERENCES users(id),
      lifted_at timestamptz,
      CHECK ((lifted_by IS NULL) = (lifted_at IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX case_legal_holds_active ON case_legal_holds (case_id) WHERE lifted_at IS NULL`.execute(db);
  await sql`
    CREATE TABLE destruction_certificates (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      number text NOT NULL UNIQUE,
      destroyed_at timestamptz NOT NULL,
      approved_by uuid NOT NULL REFERENCES users(id),
      counts jsonb NOT NULL
    )`.execute(db);
  await sql`
    CREATE TABLE destruction_candidates (
      patient_id uuid PRIMARY KEY REFERENCES patients(id),
      due_on date NOT NULL,
      found_at timestamptz NOT NULL,
      approved_by uuid REFERENCES users(id),
      approved_at timestamptz,
      certificate_id uuid REFERENCES destruction_certificates(id)
    )`.execute(db);
  await sql`ALTER TABLE patients ADD COLUMN anonymised_at timestamptz`.execute(db);
  // An anonymised claimant has no identity number left.
  await sql`ALTER TABLE patients DROP CONSTRAINT patients_identity`.execute(db);
  await sql`ALTER TABLE patients ADD CONSTRAINT patients_identity CHECK (anonymised_at IS NOT NULL OR id_number IS NOT NULL OR passport_number IS NOT NULL)`.execute(
    db,
  );
  await sql`ALTER TABLE files ADD COLUMN destroyed_at timestamptz`.execute(db);
  await sql`ALTER TABLE invoices ADD COLUMN anonymised_at timestamptz`.execute(db);
  // An issued invoice stays frozen, except that destruction may clear the claimant's name and claim
  // number (the tax fields stay: docs/decisions.md "Retention and destruction").
  await sql`
    CREATE OR REPLACE FUNCTION invoices_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      movable text[] := ARRAY['status', 'credited_cents', 'paid_cents', 'paid_at', 'updated_at', 'claimant_name', 'claim_number', 'anonymised_at'];
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.status <> 'draft' THEN
          RAISE EXCEPTION 'issued invoices cannot be deleted';
        END IF;
        RETURN OLD;
      END IF;
      IF OLD.status <> 'draft' AND (
        (to_jsonb(NEW) - movable) IS DISTINCT FROM (to_jsonb(OLD) - movable)
        OR (NEW.claimant_name IS DISTINCT FROM OLD.claimant_name AND NEW.claimant_name IS NOT NULL)
        OR (NEW.claim_number IS DISTINCT FROM OLD.claim_number AND NEW.claim_number IS NOT NULL)
        OR (NEW.anonymised_at IS DISTINCT FROM OLD.anonymised_at AND OLD.anonymised_at IS NOT NULL)
      ) THEN
        RAISE EXCEPTION 'issued invoices cannot be changed';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION invoices_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.status <> 'draft' THEN
          RAISE EXCEPTION 'issued invoices cannot be deleted';
        END IF;
        RETURN OLD;
      END IF;
      IF OLD.status <> 'draft' AND (to_jsonb(NEW) - ARRAY['status', 'credited_cents', 'paid_cents', 'paid_at', 'updated_at']) IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['status', 'credited_cents', 'paid_cents', 'paid_at', 'updated_at']) THEN
        RAISE EXCEPTION 'issued invoices cannot be changed';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`ALTER TABLE invoices DROP COLUMN anonymised_at`.execute(db);
  await sql`ALTER TABLE files DROP COLUMN destroyed_at`.execute(db);
  await sql`ALTER TABLE patients DROP CONSTRAINT patients_identity`.execute(db);
  await sql`ALTER TABLE patients ADD CONSTRAINT patients_identity CHECK (id_number IS NOT NULL OR passport_number IS NOT NULL)`.execute(db);
  await sql`ALTER TABLE patients DROP COLUMN anonymised_at`.execute(db);
  await sql`DROP TABLE destruction_candidates`.execute(db);
  await sql`DROP TABLE destruction_certificates`.execute(db);
  await sql`DROP TABLE case_legal_holds`.execute(db);
}
