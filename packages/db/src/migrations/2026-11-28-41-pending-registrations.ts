import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Sign-ups waiting for their e-mail to be confirmed (issue 23 item 25, docs/decisions.md "Sign-up
 * confirms the e-mail"). The account is created only when the link in the mail is used, so sign-up
 * answers the same whether or not the address already has an account, and nobody can hold an
 * address they cannot read. Only the token's hash and the password's hash are kept; a row is
 * used once and lapses after a day (the purge job removes old rows).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE pending_registrations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      email text NOT NULL,
      username text NOT NULL,
      password_hash text NOT NULL,
      details jsonb NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX pending_registrations_expires ON pending_registrations (expires_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE pending_registrations`.execute(db);
}
