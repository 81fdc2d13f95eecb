import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Joint minutes with the opposing expert (issue 27, section 1; docs/decisions.md "Joint minutes"):
 * a minute of a report, its versions (each change a whole snapshot of the issues, attributed and
 * hashed), the two experts' signatures, the opposing expert's guest links and sessions, the
 * one-time codes e-mailed for access and signing, and repudiations.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE joint_minutes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      report_id uuid NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
      addendum_of uuid REFERENCES joint_minutes(id),
      opposing_name text NOT NULL,
      opposing_discipline text NOT NULL,
      opposing_hpcsa text NOT NULL,
      opposing_practice text NOT NULL,
      opposing_email text NOT NULL,
      opposing_phone text NOT NULL,
      opposing_firm text NOT NULL,
      opposing_side text NOT NULL CHECK (opposing_side IN ('plaintiff', 'defendant')),
      due_on date,
      current_version integer NOT NULL DEFAULT 0,
      frozen_at timestamptz,
      released_at timestamptz,
      released_by uuid REFERENCES users(id),
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK (released_at IS NULL OR frozen_at IS NOT NULL)
    )`.execute(db);
  await sql`CREATE INDEX joint_minutes_report ON joint_minutes (report_id)`.execute(db);
  await sql`
    CREATE TABLE joint_minute_versions (
      minute_id uuid NOT NULL REFERENCES joint_minutes(id) ON DELETE CASCADE,
      version integer NOT NULL CHECK (version >= 1),
      issues jsonb NOT NULL,
      sha256 text NOT NULL,
      author_id uuid REFERENCES users(id),
      author_name text NOT NULL,
      author_party text NOT NULL CHECK (author_party IN ('ours', 'opposing')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (minute_id, version)
    )`.execute(db);
  await sql`
    CREATE TABLE joint_minute_signatures (
      minute_id uuid NOT NULL REFERENCES joint_minutes(id) ON DELETE CASCADE,
      party text NOT NULL CHECK (party IN ('ours', 'opposing')),
      version integer NOT NULL,
      sha256 text NOT NULL,
      typed_name text NOT NULL,
      signer_id uuid REFERENCES users(id),
      ip text,
      signed_at timestamptz NOT NULL,
      PRIMARY KEY (minute_id, party),
      FOREIGN KEY (minute_id, version) REFERENCES joint_minute_versions(minute_id, version)
    )`.execute(db);
  await sql`
    CREATE TABLE joint_minute_guest_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      minute_id uuid NOT NULL REFERENCES joint_minutes(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz,
      created_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX joint_minute_guest_links_minute ON joint_minute_guest_links (minute_id, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE joint_minute_guest_sessions (
      token_hash text PRIMARY KEY,
      link_id uuid NOT NULL REFERENCES joint_minute_guest_links(id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE joint_minute_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      minute_id uuid NOT NULL REFERENCES joint_minutes(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('guest_access', 'sign_ours', 'sign_opposing')),
      link_id uuid REFERENCES joint_minute_guest_links(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      expires_at timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX joint_minute_codes_minute ON joint_minute_codes (minute_id, purpose, created_at DESC)`.execute(db);
  await sql`
    CREATE TABLE joint_minute_repudiations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      minute_id uuid NOT NULL REFERENCES joint_minutes(id) ON DELETE CASCADE,
      party text NOT NULL CHECK (party IN ('ours', 'opposing')),
      repudiated_on date NOT NULL,
      reasons text NOT NULL,
      recorded_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "joint_minute_repudiations",
    "joint_minute_codes",
    "joint_minute_guest_sessions",
    "joint_minute_guest_links",
    "joint_minute_signatures",
    "joint_minute_versions",
    "joint_minutes",
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
