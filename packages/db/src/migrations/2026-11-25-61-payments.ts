import type { Kysely } from "kysely";
import { sql } from "kysely";

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

/**
 * Payments from attorneys, their allocations to invoices, and the proofs of payment attorneys
 * upload (docs/decisions.md, "Payments"). Money is int8 cents. A payment is never deleted and
 * never changes except to be reversed once, with a reason; its allocations are append-only (a
 * reversal leaves them as history and takes their money off the invoices). The database keeps the
 * sums honest on its own too: an allocation is refused when it would take the payment's
 * allocations past its amount, when the payment is reversed, or when the invoice is not an issued
 * invoice to the payment's attorney; `invoices_money` already refuses paid + credited above total.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version', 'invoice', 'credit_note', 'payment_proof'))`.execute(
    db,
  );

  await db.schema
    .createTable("payments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("attorney_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("method", "text", (c) => c.notNull().check(sql`method IN ('eft', 'card', 'cash', 'other')`))
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("received_on", "date", (c) => c.notNull())
    .addColumn("amount_cents", "int8", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("recorded_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("reversed_at", "timestamptz")
    .addColumn("reversed_by", "uuid", (c) => c.references("users.id"))
    .addColumn("reversal_reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      "payments_reversal",
      sql`(reversed_at IS NULL AND reversed_by IS NULL AND reversal_reason IS NULL) OR (reversed_at IS NOT NULL AND reversed_by IS NOT NULL AND length(trim(reversal_reason)) > 0)`,
    )
    .execute();
  await sql`CREATE INDEX payments_attorney ON payments (attorney_id, received_on)`.execute(db);

  await db.schema
    .createTable("payment_allocations")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("payment_id", "uuid", (c) => c.notNull().references("payments.id"))
    .addColumn("invoice_id", "uuid", (c) => c.notNull().references("invoices.id"))
    .addColumn("amount_cents", "int8", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("created_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX payment_allocations_payment ON payment_allocations (payment_id)`.execute(db);
  await sql`CREATE INDEX payment_allocations_invoice ON payment_allocations (invoice_id)`.execute(db);

  // A payment changes once: its reversal. Nothing else about it ever changes, and it is never deleted.
  await sql`
    CREATE FUNCTION payments_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'payments cannot be deleted: reverse them';
      END IF;
      IF OLD.reversed_at IS NOT NULL THEN
        RAISE EXCEPTION 'a reversed payment cannot be changed';
      END IF;
      IF (to_jsonb(NEW) - ARRAY['reversed_at', 'reversed_by', 'reversal_reason']) IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['reversed_at', 'reversed_by', 'reversal_reason']) THEN
        RAISE EXCEPTION 'a payment cannot be changed, only reversed';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER payments_frozen BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_guard()`.execute(db);

  // An allocation never changes; a new one fits in what is left of a live payment, to that attorney's issued invoice.
  await sql`
    CREATE FUNCTION payment_allocations_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      p payments%ROWTYPE;
      allocated int8;
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        RAISE EXCEPTION 'payment allocations cannot be changed or deleted';
      END IF;
      SELECT * INTO p FROM payments WHERE id = NEW.payment_id FOR UPDATE;
      IF p.reversed_at IS NOT NULL THEN
        RAISE EXCEPTION 'a reversed payment cannot be allocated';
      END IF;
      IF NOT EXISTS (SELECT 1 FROM invoices WHERE id = NEW.invoice_id AND kind = 'attorney' AND attorney_id = p.attorney_id AND status <> 'draft') THEN
        RAISE EXCEPTION 'a payment is allocated only to issued invoices of its attorney';
      END IF;
      SELECT coalesce(sum(amount_cents), 0) INTO allocated FROM payment_allocations WHERE payment_id = NEW.payment_id;
      IF allocated + NEW.amount_cents > p.amount_cents THEN
        RAISE EXCEPTION 'allocations cannot exceed the payment';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER payment_allocations_checked BEFORE INSERT OR UPDATE OR DELETE ON payment_allocations FOR EACH ROW EXECUTE FUNCTION payment_allocations_guard()`.execute(
    db,
  );

  await db.schema
    .createTable("payment_proofs")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("attorney_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("file_id", "uuid", (c) => c.notNull().references("files.id"))
    .addColumn("amount_cents", "int8", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("paid_on", "date", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("note", "text")
    // The invoices the attorney says the payment is for (a JSON array of ids; may be empty).
    .addColumn("invoice_ids", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("uploaded")
        .check(sql`status IN ('uploaded', 'matched', 'rejected')`),
    )
    .addColumn("reject_reason", "text")
    .addColumn("payment_id", "uuid", (c) => c.references("payments.id"))
    .addColumn("decided_by", "uuid", (c) => c.references("users.id"))
    .addColumn("decided_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      "payment_proofs_decision",
      sql`(status = 'uploaded' AND payment_id IS NULL AND reject_reason IS NULL AND decided_at IS NULL)
        OR (status = 'matched' AND payment_id IS NOT NULL AND reject_reason IS NULL AND decided_at IS NOT NULL AND decided_by IS NOT NULL)
        OR (status = 'rejected' AND payment_id IS NULL AND length(trim(reject_reason)) > 0 AND decided_at IS NOT NULL AND decided_by IS NOT NULL)`,
    )
    .execute();
  await sql`CREATE INDEX payment_proofs_attorney ON payment_proofs (attorney_id, created_at)`.execute(db);
  await sql`CREATE INDEX payment_proofs_status ON payment_proofs (status, created_at)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("payment_proofs").execute();
  await db.schema.dropTable("payment_allocations").execute();
  await db.schema.dropTable("payments").execute();
  await sql`DROP FUNCTION payment_allocations_guard()`.execute(db);
  await sql`DROP FUNCTION payments_guard()`.execute(db);
  await sql`DELETE FROM files WHERE owner_kind = 'payment_proof'`.execute(db);
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN ('query_document', 'report_version', 'invoice', 'credit_note'))`.execute(
    db,
  );
}
