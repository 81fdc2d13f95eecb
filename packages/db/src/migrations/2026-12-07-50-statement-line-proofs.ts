import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * A bank statement line matched to a proof of payment the attorney uploaded (issue 37, item 15;
 * docs/decisions.md "Bank matching by firm and by proofs of payment"): confirming the line matches
 * the proof to the payment it records.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bank_statement_lines ADD COLUMN proposed_proof_id uuid REFERENCES payment_proofs(id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE bank_statement_lines DROP COLUMN proposed_proof_id`.execute(db);
}
