import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The agreement register (POPIA sections 19-21, issue 25; docs/decisions.md "POPIA"): the signed
 * confidentiality or operator agreement of each user who sees claimant data, with its file in the
 * file store. An expert without a current one cannot be proposed on a query.
 */
const KINDS_BEFORE =
  "'query_document', 'report_version', 'invoice', 'credit_note', 'payment_proof', 'meeting_recording', 'message_upload', 'message_attachment'";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN (${sql.raw(KINDS_BEFORE)}, 'privacy_agreement'))`.execute(
    db,
  );
  await sql`
    CREATE TABLE privacy_agreements (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      kind text NOT NULL CHECK (kind IN ('confidentiality', 'operator')),
      version text NOT NULL,
      signed_on date NOT NULL,
      expires_on date CHECK (expires_on > signed_on),
      file_id uuid NOT NULL REFERENCES files(id),
      recorded_by uuid NOT NULL REFERENCES users(id),
      recorded_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      revoked_by uuid REFERENCES users(id),
      revoke_reason text,
      replaced_by uuid REFERENCES privacy_agreements(id),
      expiry_reminded_at timestamptz,
      CHECK ((revoked_at IS NULL) = (revoked_by IS NULL) AND (revoked_at IS NULL) = (revoke_reason IS NULL))
    )`.execute(db);
  await sql`CREATE INDEX privacy_agreements_user ON privacy_agreements (user_id, signed_on)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE privacy_agreements`.execute(db);
  await sql`DELETE FROM files WHERE owner_kind = 'privacy_agreement'`.execute(db);
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN (${sql.raw(KINDS_BEFORE)}))`.execute(db);
}
