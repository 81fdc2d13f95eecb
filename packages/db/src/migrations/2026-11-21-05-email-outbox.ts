import type { Kysely } from "kysely";
import { sql } from "kysely";

// E-mails decided inside a transaction (a notification the user wants by e-mail) are written here
// with it and sent after it commits by a worker; a rolled-back change never mails anyone.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("email_outbox")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("sent_at", "timestamptz")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_error", "text")
    .execute();
  await sql`CREATE INDEX email_outbox_pending ON email_outbox (created_at) WHERE sent_at IS NULL`.execute(db);
}
