import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 41 (docs/decisions.md, "Trial bundle numbering"): a case's bundles, each numbered in turn
 * (version 1, 2, …), made in the background from the documents chosen when it was asked for; the
 * pages each document took; the files made (section PDFs, the whole bundle, the index as PDF and
 * CSV, the ZIP) as stored files of kind `bundle`; and the day it was served and to whom, after
 * which it never changes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // New rows only (NOT VALID): files is a large table (docs/architecture.md, "Migrations on large tables").
  const { rows } = await sql<{
    def: string;
  }>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'files_owner_kind_check'`.execute(db);
  const kinds = [...new Set([...[...(rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!), "bundle"])];
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN (${sql.join(kinds.map((k) => sql.lit(k)))})) NOT VALID`.execute(
    db,
  );

  await sql`
    CREATE TABLE bundles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases (id),
      number integer NOT NULL CHECK (number > 0),
      state text NOT NULL DEFAULT 'making' CHECK (state IN ('making', 'ready', 'failed')),
      section_order text[] NOT NULL,
      -- The served bundle this one keeps the numbers of (null for a first bundle, or none served before).
      based_on uuid REFERENCES bundles (id),
      made_by uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      ready_at timestamptz,
      pages integer,
      -- Each section's highest page number fixed once this bundle is served (numbering.ts, servedThrough).
      served_through jsonb,
      -- What changed since based_on, as the index prints it.
      changes jsonb,
      error text,
      attempts integer NOT NULL DEFAULT 0,
      claimed_until timestamptz,
      served_on date,
      served_to text,
      served_by uuid REFERENCES users (id),
      served_at timestamptz,
      UNIQUE (case_id, number)
    )`.execute(db);
  await sql`CREATE INDEX bundles_making ON bundles (created_at) WHERE state = 'making'`.execute(db);
  await sql`
    CREATE TABLE bundle_entries (
      bundle_id uuid NOT NULL REFERENCES bundles (id),
      position integer NOT NULL,
      key text NOT NULL,
      version text NOT NULL,
      section text NOT NULL,
      -- The version's stored file; a joint minute is drawn when the bundle is made and kept as the bundle's file.
      file_id uuid REFERENCES files (id),
      description text NOT NULL,
      party text NOT NULL,
      author text NOT NULL,
      document_date date NOT NULL,
      first_page integer,
      pages integer,
      PRIMARY KEY (bundle_id, position),
      UNIQUE (bundle_id, key)
    )`.execute(db);
  await sql`
    CREATE TABLE bundle_outputs (
      bundle_id uuid NOT NULL REFERENCES bundles (id),
      file_id uuid NOT NULL REFERENCES files (id),
      kind text NOT NULL CHECK (kind IN ('section', 'whole', 'index_pdf', 'index_csv', 'zip')),
      letter text,
      PRIMARY KEY (bundle_id, file_id)
    )`.execute(db);
}
