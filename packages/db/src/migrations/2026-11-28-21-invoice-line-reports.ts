import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * The report an invoice line bills (docs/decisions.md, "Release and payment (issue 23)"), however
 * the invoice was made: the approval's automatic draft, or a line staff link by hand on
 * `/manual-invoice`. Paying an invoice in full releases the approved reports its lines bill, and a
 * report page shows its invoice through the same link. Existing lines are linked from the event that
 * billed them (`billed_events` 'report:<id>:approved'); issued lines are otherwise frozen, so the
 * guard trigger is set aside for that one backfill.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("invoice_lines")
    .addColumn("report_id", "uuid", (c) => c.references("reports.id"))
    .execute();
  await sql`CREATE INDEX invoice_lines_report ON invoice_lines (report_id) WHERE report_id IS NOT NULL`.execute(db);
  await sql`ALTER TABLE invoice_lines DISABLE TRIGGER invoice_lines_frozen`.execute(db);
  await sql`
    UPDATE invoice_lines l SET report_id = split_part(b.event_key, ':', 2)::uuid
    FROM billed_events b
    WHERE b.invoice_line_id = l.id AND b.side = 'attorney' AND b.event_key LIKE 'report:%:approved'`.execute(db);
  await sql`ALTER TABLE invoice_lines ENABLE TRIGGER invoice_lines_frozen`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("invoice_lines").dropColumn("report_id").execute();
}
