import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The register of security compromises (POPIA section 22, issue 25; docs/decisions.md "POPIA"): the
 * fields of the Information Regulator's eServices form, and the claimants a compromised account
 * read, taken from the access log when the breach is recorded.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE security_breaches (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE,
      certainty text NOT NULL CHECK (certainty IN ('confirmed', 'suspected')),
      discovered_on date NOT NULL,
      occurred_on date CHECK (occurred_on <= discovered_on),
      description text NOT NULL,
      categories text[] NOT NULL CHECK (cardinality(categories) > 0),
      data_subjects_count integer NOT NULL CHECK (data_subjects_count >= 0),
      subjects_notified boolean NOT NULL,
      notified_on date,
      notification_method text,
      delay_reasons text,
      measures_taken text NOT NULL,
      reported_on date,
      regulator_reference text,
      compromised_user_id uuid REFERENCES users(id),
      compromised_from date,
      compromised_to date,
      recorded_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (NOT subjects_notified OR (notified_on IS NOT NULL AND notification_method IS NOT NULL)),
      CHECK ((compromised_user_id IS NULL) = (compromised_from IS NULL) AND (compromised_from IS NULL) = (compromised_to IS NULL))
    )`.execute(db);
  await sql`
    CREATE TABLE security_breach_claimants (
      breach_id uuid NOT NULL REFERENCES security_breaches(id) ON DELETE CASCADE,
      patient_id uuid NOT NULL REFERENCES patients(id),
      reads integer NOT NULL,
      last_read_at timestamptz NOT NULL,
      PRIMARY KEY (breach_id, patient_id)
    )`.execute(db);
  // The pre-fill reads one account's reads over a period.
  await sql`CREATE INDEX IF NOT EXISTS access_log_user_at ON access_log (user_id, at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE security_breach_claimants`.execute(db);
  await sql`DROP TABLE security_breaches`.execute(db);
  await sql`DROP INDEX IF EXISTS access_log_user_at`.execute(db);
}
