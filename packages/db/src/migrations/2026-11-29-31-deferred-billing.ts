import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Deferred billing per matter (issue 29; docs/decisions.md "Deferred billing per matter"): a case's
 * deferral agreement (the attorney's undertaking, how invoices are issued, the long-stop and the
 * interest after it), the case's billing events (settlement or court order, taxation, the RAF's
 * payment) and the reminders sent once each when an expected payment date passes unpaid.
 */
const NEW_KINDS = ["billing_undertaking", "billing_order"];

/**
 * The file store's owner kinds as the constraint lists them now, so this migration adds its own
 * kinds to whatever others added before it instead of writing a fixed list back.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function ownerKinds(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{
    def: string;
  }>`SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'files_owner_kind_check'`.execute(db);
  return [...new Set([...(rows[0]?.def ?? "").matchAll(/'([a-z_]+)'/g)].map((m) => m[1]!))];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function setOwnerKinds(db: Kysely<any>, kinds: string[]): Promise<void> {
  await sql`ALTER TABLE files DROP CONSTRAINT files_owner_kind_check`.execute(db);
  await sql`ALTER TABLE files ADD CONSTRAINT files_owner_kind_check CHECK (owner_kind IN (${sql.join(kinds.map((k) => sql.lit(k)))}))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const kinds = await ownerKinds(db);
  await setOwnerKinds(db, [...kinds.filter((k) => !NEW_KINDS.includes(k)), ...NEW_KINDS]);
  await sql`
    CREATE TABLE deferral_agreements (
      case_id uuid PRIMARY KEY REFERENCES cases(id),
      undertaking text NOT NULL,
      undertaking_file_id uuid REFERENCES files(id),
      invoicing text NOT NULL CHECK (invoicing IN ('issue_now', 'issue_at_settlement')),
      long_stop_months integer NOT NULL CHECK (long_stop_months BETWEEN 1 AND 120),
      interest_rate_bp integer NOT NULL CHECK (interest_rate_bp BETWEEN 0 AND 10000),
      recorded_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE case_billing_events (
      case_id uuid NOT NULL REFERENCES cases(id),
      kind text NOT NULL CHECK (kind IN ('order', 'taxed', 'raf_paid')),
      occurred_on date NOT NULL,
      order_file_id uuid REFERENCES files(id),
      names_qualifying_fees boolean,
      names_reservation_fees boolean,
      recorded_by uuid NOT NULL REFERENCES users(id),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (case_id, kind)
    )`.execute(db);
  // One reminder per case, kind and expected date: a moved date may remind again, the same one never.
  await sql`
    CREATE TABLE billing_reminders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      case_id uuid NOT NULL REFERENCES cases(id),
      kind text NOT NULL CHECK (kind IN ('order', 'taxed', 'raf_paid')),
      expected_on date NOT NULL,
      sent_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (case_id, kind, expected_on)
    )`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE billing_reminders`.execute(db);
  await sql`DROP TABLE case_billing_events`.execute(db);
  await sql`DROP TABLE deferral_agreements`.execute(db);
  await sql`DELETE FROM files WHERE owner_kind IN ('billing_undertaking', 'billing_order')`.execute(db);
  await setOwnerKinds(
    db,
    (await ownerKinds(db)).filter((k) => !NEW_KINDS.includes(k)),
  );
}
