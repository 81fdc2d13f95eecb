import type { Kysely } from "kysely";
import { sql } from "kysely";
import { SPECIALIZATIONS } from "@medlegal/domain";

// Frozen in time: migrations take Kysely<any> and never import table types. One statement per call.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("specializations")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("default_report_fee_cents", "integer", (c) => c.check(sql`default_report_fee_cents >= 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX specializations_name_ci ON specializations (lower(name))`.execute(db);
  await db
    .insertInto("specializations")
    .values(SPECIALIZATIONS.map((name) => ({ name })))
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull().check(sql`role IN ('administrator', 'employee', 'attorney', 'consultant')`))
    .addColumn("is_active", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("specialization_id", "uuid", (c) => c.references("specializations.id"))
    .addColumn("license_number", "text")
    .addColumn("phone", "text")
    .addColumn("address", "text")
    .addColumn("firm_name", "text")
    .addColumn("gender", "text", (c) => c.check(sql`gender IN ('male', 'female', 'other', 'prefer_not_to_say')`))
    .addColumn("birth_date", "date")
    .addColumn("failed_login_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_login_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX users_username_ci ON users (lower(username))`.execute(db);
  await sql`CREATE UNIQUE INDEX users_email_ci ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_role ON users (role)`.execute(db);

  await db.schema
    .createTable("user_contacts")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('address', 'email', 'phone')`))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("phone_type", "text", (c) => c.check(sql`phone_type IN ('office', 'mobile', 'home', 'fax')`))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await sql`CREATE INDEX user_contacts_user ON user_contacts (user_id, kind, position)`.execute(db);

  await db.schema
    .createTable("sessions")
    .addColumn("sid", "text", (c) => c.primaryKey())
    .addColumn("user_id", "uuid", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("data", "jsonb", (c) => c.notNull())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX sessions_user ON sessions (user_id)`.execute(db);
  await sql`CREATE INDEX sessions_expires ON sessions (expires_at)`.execute(db);

  await db.schema
    .createTable("password_reset_tokens")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "timestamptz", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("notifications")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type IN ('query_update', 'payment_reminder', 'system_alert', 'query_completed', 'other')`),
    )
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("read", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("link", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX notifications_user_created ON notifications (user_id, created_at DESC, id DESC)`.execute(db);

  await db.schema
    .createTable("message_threads")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("query_id", "uuid")
    .addColumn("created_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable("thread_participants")
    .addColumn("thread_id", "uuid", (c) => c.notNull().references("message_threads.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("thread_participants_pk", ["thread_id", "user_id"])
    .execute();
  await sql`CREATE INDEX thread_participants_user ON thread_participants (user_id)`.execute(db);
  await db.schema
    .createTable("messages")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("thread_id", "uuid", (c) => c.notNull().references("message_threads.id").onDelete("cascade"))
    .addColumn("sender_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE INDEX messages_thread ON messages (thread_id, created_at)`.execute(db);
  await db.schema
    .createTable("message_reads")
    .addColumn("message_id", "uuid", (c) => c.notNull().references("messages.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("read_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("message_reads_pk", ["message_id", "user_id"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("actor_id", "uuid", (c) => c.references("users.id"))
    .addColumn("actor_role", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity_type", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("before", "jsonb")
    .addColumn("after", "jsonb")
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("request_id", "text")
    .execute();
  await sql`CREATE INDEX audit_log_at ON audit_log (at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_entity ON audit_log (entity_type, entity_id, at DESC)`.execute(db);
  await sql`CREATE INDEX audit_log_actor ON audit_log (actor_id, at DESC)`.execute(db);
  // The audit trail is append-only: the database itself refuses to change or remove a row.
  await sql`
    CREATE FUNCTION audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log is append-only';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_update_delete BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_is_append_only()`.execute(db);
  await sql`
    CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_is_append_only()`.execute(db);

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "timestamptz", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("app_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}
