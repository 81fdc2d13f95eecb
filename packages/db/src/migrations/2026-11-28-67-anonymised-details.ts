import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Destruction clears the claimant's personal data from the two append-only records that can hold it
 * (issue 25; docs/decisions.md "Deletion and objection requests"): the details of old audit rows and
 * the change notes of report versions. Each stays append-only for everything else: the triggers let an
 * update through only while one of these functions runs, and only for the details (audit) or to the
 * placeholder (report notes). The functions run as the owner, so the application's role, which may not
 * update these tables (roles.ts), can still carry out a destruction.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND current_setting('medlegal.anonymising', true) = 'on'
        AND (to_jsonb(NEW) - 'before' - 'after') = (to_jsonb(OLD) - 'before' - 'after') THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'audit_log is append-only';
    END
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION report_versions_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND current_setting('medlegal.anonymising', true) = 'on'
        AND NEW.change_note = 'Anonymised'
        AND (to_jsonb(NEW) - 'change_note') = (to_jsonb(OLD) - 'change_note') THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'report versions cannot be changed or deleted';
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION anonymise_audit_details(row_id uuid, new_before jsonb, new_after jsonb) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      PERFORM set_config('medlegal.anonymising', 'on', true);
      UPDATE audit_log SET before = new_before, after = new_after WHERE id = row_id;
      PERFORM set_config('medlegal.anonymising', 'off', true);
    END
    $$`.execute(db);
  await sql`
    CREATE FUNCTION anonymise_report_version_notes(report uuid) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
    BEGIN
      PERFORM set_config('medlegal.anonymising', 'on', true);
      UPDATE report_versions SET change_note = 'Anonymised' WHERE report_id = report AND change_note IS NOT NULL;
      PERFORM set_config('medlegal.anonymising', 'off', true);
    END
    $$`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP FUNCTION anonymise_report_version_notes(uuid)`.execute(db);
  await sql`DROP FUNCTION anonymise_audit_details(uuid, jsonb, jsonb)`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END
    $$`.execute(db);
  await sql`
    CREATE OR REPLACE FUNCTION report_versions_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'report versions cannot be changed or deleted';
    END
    $$`.execute(db);
}
