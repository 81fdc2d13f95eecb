import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Personal calendar feeds (issue 25, docs/decisions.md "Calendars carry no health information"):
 * a calendar app subscribes to a URL holding an unguessable token, so the token is the only key.
 * Only its hash is kept; one live feed per user, revoked at once by setting `revoked_at`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE calendar_feeds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users(id),
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX calendar_feeds_one_live ON calendar_feeds (user_id) WHERE revoked_at IS NULL`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE calendar_feeds`.execute(db);
}
