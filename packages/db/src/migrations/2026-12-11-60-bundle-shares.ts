import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 41 item 5: a served bundle shared with the opposing attorney through an expiring link
 * (only the token's sha256 kept), withdrawn by `revoked_at`; the latest one-time code of the link
 * (salted hash, its end and wrong tries) on the row, since only the latest counts; and the guest
 * sessions the right code starts (the cookie's sha256), each for that one bundle.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE bundle_shares (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      bundle_id uuid NOT NULL REFERENCES bundles (id),
      name text NOT NULL,
      email text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      created_by uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      revoked_at timestamptz,
      code_hash text,
      code_expires_at timestamptz,
      code_attempts integer NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`CREATE INDEX bundle_shares_bundle ON bundle_shares (bundle_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE bundle_share_sessions (
      token_hash text PRIMARY KEY,
      share_id uuid NOT NULL REFERENCES bundle_shares (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX bundle_share_sessions_share ON bundle_share_sessions (share_id)`.execute(db);
}
