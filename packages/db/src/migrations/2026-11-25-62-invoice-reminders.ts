import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Payment reminders the overdue sweeper has sent (docs/decisions.md, "Overdue invoices and
 * reminders"): one row per invoice and stage (on the due date, 7 and 30 days after it). The unique
 * key is what makes a reminder go out once, however many server processes sweep at the same time:
 * the sweeper inserts the row and notifies in one transaction, and a second insert does nothing.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("invoice_reminders")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("invoice_id", "uuid", (c) => c.notNull().references("invoices.id"))
    .addColumn("stage", "text", (c) => c.notNull().check(sql`stage IN ('due', 'days7', 'days30')`))
    // False for an earlier stage passed over because a later one was already due when first seen.
    .addColumn("notified", "boolean", (c) => c.notNull())
    .addColumn("sent_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint("invoice_reminders_once", ["invoice_id", "stage"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("invoice_reminders").execute();
}
