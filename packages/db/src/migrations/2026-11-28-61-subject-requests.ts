import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Data subject requests under POPIA (issue 25, docs/decisions.md "POPIA"): access, correction,
 * deletion or objection, against a claimant, with a due date and a state. Employees handle them
 * only when an administrator names them privacy officers (`users.privacy_officer`).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN privacy_officer boolean NOT NULL DEFAULT false`.execute(db);
  await sql`
    CREATE TABLE subject_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      reference text NOT NULL UNIQUE,
      patient_id uuid NOT NULL REFERENCES patients(id),
      kind text NOT NULL CHECK (kind IN ('access', 'correction', 'deletion', 'objection')),
      requested_by text NOT NULL CHECK (requested_by IN ('claimant', 'attorney')),
      requester_name text NOT NULL,
      received_on date NOT NULL,
      due_on date NOT NULL,
      status text NOT NULL DEFAULT 'received' CHECK (status IN ('received', 'in_progress', 'answered', 'refused')),
      details text,
      outcome text,
      closed_at timestamptz,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (status <> 'refused' OR outcome IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX subject_requests_open_due ON subject_requests (due_on) WHERE status IN ('received', 'in_progress')`.execute(db);
  await sql`CREATE INDEX subject_requests_patient ON subject_requests (patient_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE subject_requests`.execute(db);
  await sql`ALTER TABLE users DROP COLUMN privacy_officer`.execute(db);
}
