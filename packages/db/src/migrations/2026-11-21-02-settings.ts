import type { Kysely } from "kysely";
import { sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // Agency-wide settings as one JSON document per key ("agency", "sla"), validated by the domain schemas.
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "jsonb", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("updated_by", "uuid", (c) => c.references("users.id"))
    .execute();

  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) =>
      c.notNull().check(sql`type IN ('query_update', 'payment_reminder', 'system_alert', 'query_completed', 'other')`),
    )
    .addColumn("bell", "boolean", (c) => c.notNull())
    .addColumn("email", "boolean", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pk", ["user_id", "type"])
    .execute();

  await sql`CREATE INDEX users_name_order ON users (lower(last_name), lower(first_name), id)`.execute(db);
}
