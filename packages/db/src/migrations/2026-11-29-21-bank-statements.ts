import type { Kysely } from "kysely";
import { sql } from "kysely";

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

/**
 * Bank statements matched by themselves (docs/decisions.md, "Issue 29: bank statements and the
 * books"). `bank_mappings` holds a bank's CSV column mapping once staff save one (until then the
 * domain's default applies). Each imported credit line is kept with its match; `line_key` (date,
 * amount, reference and balance, or the OFX FITID) is unique, so the same line imported again, even
 * by two people at once, is never a second line and never a second payment. A confirmed line names
 * its payment, once; a trigger keeps what the bank said unchanged and the lines undeleted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const banks = sql`('fnb', 'absa', 'standard_bank', 'nedbank', 'capitec', 'investec')`;
  await db.schema
    .createTable("bank_mappings")
    .addColumn("bank", "text", (c) => c.primaryKey().check(sql`bank IN ${banks}`))
    .addColumn("mapping", "jsonb", (c) => c.notNull())
    .addColumn("updated_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("bank_statement_imports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("bank", "text", (c) =>
      c.notNull().check(sql`bank IN ('fnb', 'absa', 'standard_bank', 'nedbank', 'capitec', 'investec', 'ofx')`),
    )
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("imported_count", "int4", (c) => c.notNull())
    .addColumn("duplicate_count", "int4", (c) => c.notNull())
    .addColumn("imported_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("bank_statement_lines")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("import_id", "uuid", (c) => c.notNull().references("bank_statement_imports.id"))
    .addColumn("line_no", "int4", (c) => c.notNull())
    .addColumn("line_key", "text", (c) => c.notNull())
    .addColumn("posted_on", "date", (c) => c.notNull())
    .addColumn("amount_cents", "int8", (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("reference", "text", (c) => c.notNull())
    .addColumn("balance_cents", "int8")
    .addColumn("fit_id", "text")
    .addColumn("match_kind", "text", (c) => c.notNull().check(sql`match_kind IN ('exact', 'partial', 'none')`))
    .addColumn("match_note", "text", (c) => c.notNull())
    .addColumn("proposed_attorney_id", "uuid", (c) => c.references("users.id"))
    // [{ invoiceId, amountCents }] proposed by the matcher; the confirmation may differ.
    .addColumn("proposed_allocations", "jsonb", (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn("payment_id", "uuid", (c) => c.references("payments.id"))
    .addColumn("confirmed_by", "uuid", (c) => c.references("users.id"))
    .addColumn("confirmed_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint(
      "bank_statement_lines_confirmed",
      sql`(payment_id IS NULL) = (confirmed_at IS NULL) AND (payment_id IS NULL) = (confirmed_by IS NULL)`,
    )
    .execute();
  await sql`CREATE UNIQUE INDEX bank_statement_lines_key ON bank_statement_lines (line_key)`.execute(db);
  await sql`CREATE UNIQUE INDEX bank_statement_lines_payment ON bank_statement_lines (payment_id) WHERE payment_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX bank_statement_lines_open ON bank_statement_lines (posted_on) WHERE payment_id IS NULL`.execute(db);

  // What the bank said never changes and a line is never deleted; it is confirmed once, naming its payment.
  await sql`
    CREATE FUNCTION bank_statement_lines_guard() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        RAISE EXCEPTION 'bank statement lines cannot be deleted';
      END IF;
      IF OLD.payment_id IS NOT NULL THEN
        RAISE EXCEPTION 'a confirmed bank statement line cannot be changed';
      END IF;
      IF (to_jsonb(NEW) - ARRAY['payment_id', 'confirmed_by', 'confirmed_at']) IS DISTINCT FROM (to_jsonb(OLD) - ARRAY['payment_id', 'confirmed_by', 'confirmed_at']) THEN
        RAISE EXCEPTION 'a bank statement line only changes when it is confirmed';
      END IF;
      RETURN NEW;
    END
    $$`.execute(db);
  await sql`CREATE TRIGGER bank_statement_lines_frozen BEFORE UPDATE OR DELETE ON bank_statement_lines FOR EACH ROW EXECUTE FUNCTION bank_statement_lines_guard()`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("bank_statement_lines").execute();
  await sql`DROP FUNCTION bank_statement_lines_guard()`.execute(db);
  await db.schema.dropTable("bank_statement_imports").execute();
  await db.schema.dropTable("bank_mappings").execute();
}
