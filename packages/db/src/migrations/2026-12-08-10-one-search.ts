import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * One search for the palette and the five lists (issue 38 item 4, issue 37 item 23;
 * docs/decisions.md "One search"): the matter gets the attorney's own file reference, every text a
 * search reads is a `search_key` of its references (plus names as written where a table holds
 * them) under one kind of index, a trigram GIN index of the expression, and the query list's own
 * `search_text`, kept up to date by application code, goes.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE cases ADD COLUMN attorney_reference text`.execute(db);
  await sql`ALTER TABLE cases ADD CONSTRAINT cases_attorney_reference_length CHECK (char_length(attorney_reference) BETWEEN 1 AND 60)`.execute(
    db,
  );

  // As in migration 2026-11-29-41, the functions repeat search_key's expression instead of calling it:
  // PostgreSQL 17 builds an index with a search_path of pg_catalog only.
  await sql`
    CREATE FUNCTION case_search_text(reference text, raf_claim_number text, court_case_number text, attorney_reference text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT regexp_replace(lower(coalesce(reference, '')), '[^a-z0-9]+', '', 'g')
      || ' ' || regexp_replace(lower(coalesce(raf_claim_number, '')), '[^a-z0-9]+', '', 'g') || ' ' || regexp_replace(lower(coalesce(court_case_number, '')), '[^a-z0-9]+', '', 'g')
      || ' ' || regexp_replace(lower(coalesce(attorney_reference, '')), '[^a-z0-9]+', '', 'g') $$`.execute(db);
  // An invoice's numbers as keys, then the claimant's name as written (the list finds invoices without a case by it).
  await sql`
    CREATE FUNCTION invoice_search_text(number text, attorney_reference text, claim_number text, claimant_name text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT regexp_replace(lower(coalesce(number, '')), '[^a-z0-9]+', '', 'g')
      || ' ' || regexp_replace(lower(coalesce(attorney_reference, '')), '[^a-z0-9]+', '', 'g') || ' ' || regexp_replace(lower(coalesce(claim_number, '')), '[^a-z0-9]+', '', 'g')
      || ' ' || lower(coalesce(claimant_name, '')) $$`.execute(db);
  // People by name, username, e-mail and firm (an attorney is often known by the firm).
  await sql`
    CREATE FUNCTION user_search_text(first_name text, last_name text, username text, email text, firm_name text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT lower(first_name || ' ' || last_name || ' ' || username || ' ' || email || ' ' || coalesce(firm_name, '')) $$`.execute(db);

  for (const index of [
    "cases_search",
    "invoices_search",
    "users_search",
    "queries_search",
    "queries_search_reference",
    "bookings_search_reference",
    "reports_search_reference",
    "credit_notes_search_number",
    "meetings_search_reference",
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await sql`ALTER TABLE queries DROP COLUMN search_text`.execute(db);
  await sql`DROP FUNCTION case_search_text(text, text, text)`.execute(db);
  await sql`DROP FUNCTION invoice_search_text(text, text, text)`.execute(db);
  await sql`DROP FUNCTION user_search_text(text, text, text, text)`.execute(db);

  await sql`CREATE INDEX cases_search ON cases USING gin (case_search_text(reference, raf_claim_number, court_case_number, attorney_reference) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX invoices_search ON invoices USING gin (invoice_search_text(number, attorney_reference, claim_number, claimant_name) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX users_search ON users USING gin (user_search_text(first_name, last_name, username, email, firm_name) gin_trgm_ops)`.execute(
    db,
  );
  for (const [table, column] of [
    ["queries", "reference"],
    ["bookings", "reference"],
    ["reports", "reference"],
    ["credit_notes", "number"],
    ["meetings", "reference"],
  ] as const) {
    await sql`CREATE INDEX ${sql.id(`${table}_search`)} ON ${sql.table(table)} USING gin (search_key(${sql.ref(column)}) gin_trgm_ops)`.execute(
      db,
    );
  }
  // A list row found through its case or its query is looked up by these.
  await sql`CREATE INDEX IF NOT EXISTS bookings_case ON bookings (case_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS reports_case ON reports (case_id)`.execute(db);
  await sql`CREATE INDEX IF NOT EXISTS invoices_query ON invoices (query_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "bookings_case",
    "reports_case",
    "invoices_query",
    "cases_search",
    "invoices_search",
    "users_search",
    "queries_search",
    "bookings_search",
    "reports_search",
    "credit_notes_search",
    "meetings_search",
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS case_search_text(text, text, text, text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS invoice_search_text(text, text, text, text)`.execute(db);
  await sql`DROP FUNCTION IF EXISTS user_search_text(text, text, text, text, text)`.execute(db);
  await sql`ALTER TABLE cases DROP COLUMN IF EXISTS attorney_reference`.execute(db);
  await sql`ALTER TABLE queries ADD COLUMN search_text text NOT NULL DEFAULT ''`.execute(db);
}
