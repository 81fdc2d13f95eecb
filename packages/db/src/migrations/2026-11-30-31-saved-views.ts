import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Saved views (issue 30 item 2; docs/decisions.md "Saved views, bulk actions and the board"): a
 * list's filters and sort saved under a name by its owner; an administrator's view may be shared
 * with all staff. The filters are the list's own input (validated by its schema on the way in), so
 * a view's count runs the list's service and never a second copy of its filters.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE saved_views (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users(id),
      list text NOT NULL CHECK (list IN ('queries', 'cases', 'bookings', 'reports', 'invoices')),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 60),
      filters jsonb NOT NULL,
      shared boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // One name per owner (case-insensitive): the sidebar shows views by name.
  await sql`CREATE UNIQUE INDEX saved_views_owner_name ON saved_views (owner_id, lower(name))`.execute(db);
  await sql`CREATE INDEX saved_views_shared ON saved_views (shared) WHERE shared`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE saved_views`.execute(db);
}
