import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Security hardening (docs/decisions.md, "Security"): a back-off per sign-in account, and the
 * access log that records every read of health information (append-only, like the audit log).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Consecutive failed sign-ins per account (a user id, or the typed name when no user has it),
  // so the pause after repeated failures is the same for a known and an unknown account.
  await db.schema
    .createTable("login_failures")
    .addColumn("account_key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("last_failed_at", "timestamptz", (c) => c.notNull())
    .addColumn("blocked_until", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("access_log")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn("user_id", "uuid", (c) => c.references("users.id"))
    .addColumn("user_role", "text")
    .addColumn("action", "text", (c) => c.notNull().check(sql`action IN ('view', 'download', 'export', 'print')`))
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("patient_id", "uuid", (c) => c.references("patients.id"))
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("request_id", "text")
    .execute();
  await sql`CREATE INDEX access_log_at ON access_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX access_log_patient ON access_log (patient_id, at DESC)`.execute(db);
  await sql`CREATE INDEX access_log_user_entity ON access_log (user_id, entity_type, entity_id, at DESC)`.execute(db);
  await sql`
    CREATE FUNCTION access_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'access_log is append-only';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER access_log_no_update_delete BEFORE UPDATE OR DELETE ON access_log
    FOR EACH ROW EXECUTE FUNCTION access_log_is_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER access_log_no_truncate BEFORE TRUNCATE ON access_log
    FOR EACH STATEMENT EXECUTE FUNCTION access_log_is_append_only()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("access_log").execute();
  await sql`DROP FUNCTION access_log_is_append_only()`.execute(db);
  await db.schema.dropTable("login_failures").execute();
}
