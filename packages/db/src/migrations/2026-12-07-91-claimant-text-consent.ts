import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 37 (items 11 and 27; docs/product-rules.md "Texts to claimants: consent, STOP and the
 * gateway's replies"): the claimant's consent to texts and their STOP are one record on the
 * claimant (a STOP withdraws the consent and says when), and each reply keeps the gateway's own
 * message id, unique, so a replayed reply is refused.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE patients ADD COLUMN message_stopped_at timestamptz`.execute(db);
  // A number that replied STOP before this change stops every claimant who has that number.
  await sql`
    UPDATE patients p SET message_stopped_at = o.opted_out_at, message_channel = NULL, message_consent_at = NULL
    FROM claimant_message_opt_outs o
    WHERE p.phone IS NOT NULL
      AND right(regexp_replace(p.phone, '\\D', '', 'g'), 9) = right(regexp_replace(o.phone, '\\D', '', 'g'), 9)
  `.execute(db);
  await sql`ALTER TABLE patients ADD CONSTRAINT patients_message_stopped CHECK (message_stopped_at IS NULL OR message_channel IS NULL)`.execute(
    db,
  );
  await sql`DROP TABLE claimant_message_opt_outs`.execute(db);
  await sql`ALTER TABLE claimant_replies ADD COLUMN gateway_message_id text`.execute(db);
  await sql`CREATE UNIQUE INDEX claimant_replies_gateway_message ON claimant_replies (gateway_message_id)`.execute(db);
}
