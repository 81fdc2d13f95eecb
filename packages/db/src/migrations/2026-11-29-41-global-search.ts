import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Global search (issue 30; docs/decisions.md "Global search"): one immutable key that drops case and
 * every character but letters and digits, so `Q-2026-00012`, `q2026 00012` and `Q202600012` are one
 * key, and the indexes the command palette's search reads: trigram (pg_trgm, loaded on PGlite too)
 * for text found anywhere in a value, prefix (text_pattern_ops) for the references the app issues.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION search_key(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT regexp_replace(lower(coalesce(value, '')), '[^a-z0-9]+', '', 'g') $$`.execute(db);
  // The functions below repeat search_key's expression instead of calling it: PostgreSQL 17 builds an
  // index with a search_path of pg_catalog only, where search_key cannot be found.
  // A claimant's names as written (lower case), then ID, passport and phone as keys; a phone with
  // the country code also as the local number (27821234567 and 0821234567).
  await sql`
    CREATE FUNCTION patient_search_text(first_name text, last_name text, id_number text, passport_number text, phone text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT lower(first_name || ' ' || last_name) || ' ' || regexp_replace(lower(coalesce(id_number, '')), '[^a-z0-9]+', '', 'g') || ' ' || regexp_replace(lower(coalesce(passport_number, '')), '[^a-z0-9]+', '', 'g')
      || ' ' || regexp_replace(coalesce(phone, ''), '[^0-9]+', '', 'g') || ' ' || regexp_replace(regexp_replace(coalesce(phone, ''), '[^0-9]+', '', 'g'), '^27', '0') $$`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION case_search_text(reference text, raf_claim_number text, court_case_number text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT regexp_replace(lower(coalesce(reference, '')), '[^a-z0-9]+', '', 'g')
      || ' ' || regexp_replace(lower(coalesce(raf_claim_number, '')), '[^a-z0-9]+', '', 'g') || ' ' || regexp_replace(lower(coalesce(court_case_number, '')), '[^a-z0-9]+', '', 'g') $$`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION invoice_search_text(number text, attorney_reference text, claim_number text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT regexp_replace(lower(coalesce(number, '')), '[^a-z0-9]+', '', 'g')
      || ' ' || regexp_replace(lower(coalesce(attorney_reference, '')), '[^a-z0-9]+', '', 'g') || ' ' || regexp_replace(lower(coalesce(claim_number, '')), '[^a-z0-9]+', '', 'g') $$`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION user_search_text(first_name text, last_name text, username text, email text)
    RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    AS $$ SELECT lower(first_name || ' ' || last_name || ' ' || username || ' ' || email) $$`.execute(db);

  // Stored, not only indexed: a trigram match rechecks each candidate row, and four regular
  // expressions per row would cost more than the index saves on a broad term.
  await sql`ALTER TABLE patients ADD COLUMN search_text text GENERATED ALWAYS AS (patient_search_text(first_name, last_name, id_number, passport_number, phone)) STORED`.execute(
    db,
  );
  await sql`CREATE INDEX patients_search ON patients USING gin (search_text gin_trgm_ops)`.execute(db);
  await sql`CREATE INDEX cases_search ON cases USING gin (case_search_text(reference, raf_claim_number, court_case_number) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX invoices_search ON invoices USING gin (invoice_search_text(number, attorney_reference, claim_number) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX users_search ON users USING gin (user_search_text(first_name, last_name, username, email) gin_trgm_ops)`.execute(
    db,
  );
  await sql`CREATE INDEX queries_search_reference ON queries (search_key(reference) text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX bookings_search_reference ON bookings (search_key(reference) text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX reports_search_reference ON reports (search_key(reference) text_pattern_ops)`.execute(db);
  await sql`CREATE INDEX credit_notes_search_number ON credit_notes (search_key(number) text_pattern_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const index of [
    "patients_search",
    "cases_search",
    "invoices_search",
    "users_search",
    "queries_search_reference",
    "bookings_search_reference",
    "reports_search_reference",
    "credit_notes_search_number",
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
  await sql`ALTER TABLE patients DROP COLUMN IF EXISTS search_text`.execute(db);
  for (const fn of ["patient_search_text", "case_search_text", "invoice_search_text", "user_search_text", "search_key"]) {
    await sql`DROP FUNCTION IF EXISTS ${sql.id(fn)}`.execute(db);
  }
}
