import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Issue 41 (docs/decisions.md, "Trial bundle"): the documents of a case's expert evidence that the
 * attorney adds (the defendant's expert reports and notices, court orders), each with its versions
 * as stored files of kind `evidence_document`, and each case's bundle settings: the order of its
 * sections and the documents left out. Our own reports, joint minutes and received records are read
 * where they live.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // New rows only (NOT VALID): files is a large table (docs/architecture.md, "Migrations on large tables").
  const { rows } = await sql<{
    def: string;
  }>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'files_owner_kind_check'`.execute(db);
  const kinds = [...new Set([...[...(rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!), "evidence_document"])];
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN (${sql.join(kinds.map((k) => sql.lit(k)))})) NOT VALID`.execute(
    db,
  );

  const sections = sql.join(
    ["expert_notices", "expert_summaries", "plaintiff_reports", "defendant_reports", "joint_minutes", "raf4", "medical_records"].map((s) =>
      sql.lit(s),
    ),
  );
  await sql`
    CREATE TABLE evidence_documents (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases (id),
      section text NOT NULL CHECK (section IN (${sections})),
      party text NOT NULL CHECK (party IN ('plaintiff', 'defendant', 'court')),
      specialization_id uuid REFERENCES specializations (id),
      author text NOT NULL,
      document_date date NOT NULL,
      description text NOT NULL,
      added_by uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      withdrawn_at timestamptz,
      withdrawn_by uuid REFERENCES users (id)
    )`.execute(db);
  await sql`CREATE INDEX evidence_documents_case ON evidence_documents (case_id)`.execute(db);
  await sql`
    CREATE TABLE evidence_document_versions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      document_id uuid NOT NULL REFERENCES evidence_documents (id),
      number integer NOT NULL CHECK (number > 0),
      file_id uuid NOT NULL REFERENCES files (id),
      pages integer NOT NULL CHECK (pages > 0),
      created_by uuid NOT NULL REFERENCES users (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (document_id, number)
    )`.execute(db);
  await sql`
    CREATE TABLE case_bundle_settings (
      case_id uuid PRIMARY KEY REFERENCES cases (id),
      section_order text[] NOT NULL,
      excluded text[] NOT NULL DEFAULT '{}',
      updated_by uuid NOT NULL REFERENCES users (id),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
