import type { Kysely } from "kysely";
import { sql } from "kysely";

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

/** Columns of an issued invoice that may still move: its state and the money received or credited. */
const MOVABLE = sql.raw(`ARRAY['status', 'credited_cents', 'paid_cents', 'paid_at', 'updated_at']`);

/**
 * Invoices and credit notes (docs/decisions.md, "Invoices"). Money is int8 cents. A draft has no
 * number and may change or be discarded; once issued, a trigger refuses any change to an invoice
 * but its status and the paid and credited sums, refuses deleting it, and refuses any change to
 * its lines. Credit notes are issued at once and never change (append-only for the app's role
 * too). Numbers come from `reference_counters` (one row per series and year, locked by the issuing
 * transaction's upsert), so they have no gaps and a failed issue burns none. Each billable event
 * (an attended assessment, an approved report, a late cancellation, a no-show) is billed once per
 * side through `billed_events`' unique key. The fee schedule holds a price per specialization and
 * fee kind from a date, optionally per consultant. Payments, allocations and statements are a later
 * migration: `paid_cents`/`paid_at` and the statuses partially_paid, paid and overdue are ready for them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // An attorney firm's VAT number, printed on the tax invoices it receives.
  await db.schema.alterTable("users").addColumn("vat_number", "text").execute();

  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version', 'invoice', 'credit_note'))`.execute(
    db,
  );
  // A document e-mailed with its message (an issued invoice's PDF).
  await db.schema
    .alterTable("email_outbox")
    .addColumn("attachment_file_id", "uuid", (c) => c.references("files.id"))
    .execute();

  await db.schema
    .createTable("invoices")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('attorney', 'expert')`))
    // 'INV' for invoices to attorneys; 'EXP:<consultant id>' for each expert's own series.
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("number", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("draft")
        .check(sql`status IN ('draft', 'issued', 'partially_paid', 'paid', 'overdue', 'credited')`),
    )
    .addColumn("attorney_id", "uuid", (c) => c.references("users.id"))
    .addColumn("consultant_id", "uuid", (c) => c.references("users.id"))
    .addColumn("case_id", "uuid", (c) => c.references("cases.id"))
    .addColumn("patient_id", "uuid", (c) => c.references("patients.id"))
    .addColumn("query_id", "uuid", (c) => c.references("queries.id"))
    .addColumn("booking_id", "uuid", (c) => c.references("bookings.id"))
    .addColumn("report_id", "uuid", (c) => c.references("reports.id"))
    // As printed for the attorney's bill of costs.
    .addColumn("claimant_name", "text")
    .addColumn("claim_number", "text")
    .addColumn("attorney_reference", "text")
    .addColumn("issue_date", "date")
    .addColumn("due_date", "date")
    .addColumn("vat_registered", "boolean", (c) => c.notNull().defaultTo(true))
    // { name, firmName, address, vatNumber, email }, frozen at issue.
    .addColumn("supplier", "jsonb")
    .addColumn("recipient", "jsonb")
    .addColumn("net_cents", "int8", (c) => c.notNull().defaultTo(0))
    .addColumn("vat_cents", "int8", (c) => c.notNull().defaultTo(0))
    .addColumn("total_cents", "int8", (c) => c.notNull().defaultTo(0))
    .addColumn("credited_cents", "int8", (c) => c.notNull().defaultTo(0))
    .addColumn("paid_cents", "int8", (c) => c.notNull().defaultTo(0))
    .addColumn("paid_at", "timestamptz")
    // The original (e-mailed, its sha256 kept) and the copy downloads serve, marked "Copy".
    .addColumn("pdf_file_id", "uuid", (c) => c.references("files.id"))
    .addColumn("copy_file_id", "uuid", (c) => c.references("files.id"))
    .addColumn("pdf_sha256", "text")
    .addColumn("issued_at", "timestamptz")
    .addColumn("issued_by", "uuid", (c) => c.references("users.id"))
    .addColumn("created_by", "uuid", (c) => c.references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      "invoices_recipient",
      sql`(kind = 'attorney' AND attorney_id IS NOT NULL) OR (kind = 'expert' AND consultant_id IS NOT NULL AND attorney_id IS NULL)`,
    )
    .addCheckConstraint(
      "invoices_issued",
      sql`(status = 'draft') = (number IS NULL) AND (status = 'draft' OR (issue_date IS NOT NULL AND due_date IS NOT NULL AND supplier IS NOT NULL AND recipient IS NOT NULL AND pdf_file_id IS NOT NULL AND copy_file_id IS NOT NULL AND issued_at IS NOT NULL))`,
    )
    .addCheckConstraint(
      "invoices_money",
      sql`net_cents >= 0 AND vat_cents >= 0 AND total_cents = net_cents + vat_cents AND credited_cents >= 0 AND paid_cents >= 0 AND credited_cents + paid_cents <= total_cents`,
    )
    .addUniqueConstraint("invoices_number", ["series", "number"])
    .execute();
  await sql`CREATE INDEX invoices_attorney ON invoices (attorney_id, created_at)`.execute(db);
  await sql`CREATE INDEX invoices_consultant ON invoices (consultant_id, created_at)`.execute(db);
  await sql`CREATE INDEX invoices_status_due ON invoices (status, due_date)`.execute(db);
  await sql`CREATE INDEX invoices_issue_date ON invoices (issue_date)`.execute(db);
  await sql`CREATE INDEX invoices_case ON invoices (case_id)`.execute(db);

  await db.schema
    .createTable("invoice_lines")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("invoice_id", "uuid", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("unit_price_cents", "int8", (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn("net_cents", "int8", (c) => c.notNull())
    .addColumn("vat_cents", "int8", (c) => c.notNull())
    .addColumn("total_cents", "int8", (c) => c.notNull())
    .addCheckConstraint(
      "invoice_lines_money",
      sql`net_cents = quantity * unit_price_cents AND vat_cents >= 0 AND total_cents = net_cents + vat_cents`,
    )
    .addUniqueConstraint("invoice_lines_position", ["invoice_id", "position"])
    .execute();

  await db.schema
    .createTable("credit_notes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("invoice_id", "uuid", (c) => c.notNull().references("invoices.id"))
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("issue_date", "date", (c) => c.notNull())
    .addColumn("vat_registered", "boolean", (c) => c.notNull())
    .addColumn("supplier", "jsonb", (c) => c.notNull())
    .addColumn("recipient", "jsonb", (c) => c.notNull())
    .addColumn("net_cents", "int8", (c) => c.notNull())
    .addColumn("vat_cents", "int8", (c) => c.notNull())
    .addColumn("total_cents", "int8", (c) => c.notNull())
    .addColumn("pdf_file_id", "uuid", (c) => c.notNull().references("files.id"))
    .addColumn("copy_file_id", "uuid", (c) => c.notNull().references("files.id"))
    .addColumn("pdf_sha256", "text", (c) => c.notNull())
    .addColumn("created_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      "credit_notes_money",
      sql`net_cents >= 0 AND vat_cents >= 0 AND total_cents = net_cents + vat_cents AND total_cents > 0`,
    )
    .addUniqueConstraint("credit_notes_number", ["series", "number"])
    .execute();
  await sql`CREATE INDEX credit_notes_invoice ON credit_notes (invoice_id, created_at)`.execute(db);

  await db.schema
    .createTable("credit_note_lines")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("credit_note_id", "uuid", (c) => c.notNull().references("credit_notes.id"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("quantity", "integer", (c) => c.notNull().check(sql`quantity > 0`))
    .addColumn("unit_price_cents", "int8", (c) => c.notNull().check(sql`unit_price_cents >= 0`))
    .addColumn("net_cents", "int8", (c) => c.notNull())
    .addColumn("vat_cents", "int8", (c) => c.notNull())
    .addColumn("total_cents", "int8", (c) => c.notNull())
    .addCheckConstraint(
      "credit_note_lines_money",
      sql`net_cents = quantity * unit_price_cents AND vat_cents >= 0 AND total_cents = net_cents + vat_cents`,
    )
    .addUniqueConstraint("credit_note_lines_position", ["credit_note_id", "position"])
    .execute();

  // Once issued, never changed: only the status and the money received or credited move.
  await sql`
    CREATE FUNCTION invoices_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        IF OLD.status <> 'draft' THEN
          RAISE EXCEPTION 'issued invoices cannot be deleted';
        END IF;
        RETURN OLD;
      END IF;
      IF OLD.status <> 'draft' AND (to_jsonb(NEW) - ${MOVABLE}) IS DISTINCT FROM (to_jsonb(OLD) - ${MOVABLE}) THEN
        RAISE EXCEPTION 'issued invoices cannot be changed';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER invoices_frozen BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_guard()`.execute(db);
  await sql`
    CREATE FUNCTION invoice_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM invoices WHERE status <> 'draft' AND id IN (
        CASE WHEN TG_OP = 'DELETE' THEN OLD.invoice_id ELSE NEW.invoice_id END,
        CASE WHEN TG_OP = 'INSERT' THEN NEW.invoice_id ELSE OLD.invoice_id END)) THEN
        RAISE EXCEPTION 'the lines of an issued invoice cannot be changed';
      END IF;
      IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER invoice_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_lines_guard()`.execute(
    db,
  );
  await sql`
    CREATE FUNCTION credit_notes_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'credit notes cannot be changed or deleted';
    END
    $$`.execute(db);
  for (const table of ["credit_notes", "credit_note_lines"]) {
    await sql`CREATE TRIGGER ${sql.raw(`${table}_no_update_delete`)} BEFORE UPDATE OR DELETE ON ${sql.table(table)} FOR EACH ROW EXECUTE FUNCTION credit_notes_are_immutable()`.execute(
      db,
    );
    await sql`CREATE TRIGGER ${sql.raw(`${table}_no_truncate`)} BEFORE TRUNCATE ON ${sql.table(table)} FOR EACH STATEMENT EXECUTE FUNCTION credit_notes_are_immutable()`.execute(
      db,
    );
  }

  await db.schema
    .createTable("billed_events")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    // Who is billed for the event: the attorney (the agency's invoice) or the agency (the expert's).
    .addColumn("side", "text", (c) => c.notNull().check(sql`side IN ('attorney', 'expert')`))
    // 'booking:<id>:attended', 'report:<id>:approved', 'booking:<id>:late_cancellation', 'booking:<id>:no_show'.
    .addColumn("event_key", "text", (c) => c.notNull())
    // Discarding a draft frees its events to be billed again; an issued invoice is never deleted.
    .addColumn("invoice_id", "uuid", (c) => c.notNull().references("invoices.id").onDelete("cascade"))
    .addColumn("invoice_line_id", "uuid", (c) => c.references("invoice_lines.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("billed_events_once", ["side", "event_key"])
    .execute();
  await sql`CREATE INDEX billed_events_invoice ON billed_events (invoice_id)`.execute(db);

  await db.schema
    .createTable("fee_schedule")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("specialization_id", "uuid", (c) => c.notNull().references("specializations.id"))
    // Null: the specialization's rate; set: that consultant's own rate.
    .addColumn("consultant_id", "uuid", (c) => c.references("users.id"))
    .addColumn("fee_kind", "text", (c) => c.notNull())
    .addColumn("amount_cents", "int8", (c) => c.notNull().check(sql`amount_cents >= 0`))
    .addColumn("effective_from", "date", (c) => c.notNull())
    .addColumn("created_by", "uuid", (c) => c.references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE UNIQUE INDEX fee_schedule_rate ON fee_schedule (specialization_id, fee_kind, effective_from) WHERE consultant_id IS NULL`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX fee_schedule_consultant_rate ON fee_schedule (consultant_id, specialization_id, fee_kind, effective_from) WHERE consultant_id IS NOT NULL`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ["fee_schedule", "billed_events", "credit_note_lines", "credit_notes", "invoice_lines", "invoices"]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`DROP FUNCTION credit_notes_are_immutable()`.execute(db);
  await sql`DROP FUNCTION invoice_lines_guard()`.execute(db);
  await sql`DROP FUNCTION invoices_guard()`.execute(db);
  await db.schema.alterTable("email_outbox").dropColumn("attachment_file_id").execute();
  await sql`DELETE FROM files WHERE owner_kind IN ('invoice', 'credit_note')`.execute(db);
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version'))`.execute(db);
  await db.schema.alterTable("users").dropColumn("vat_number").execute();
}
