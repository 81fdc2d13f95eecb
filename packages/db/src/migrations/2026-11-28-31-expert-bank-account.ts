import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * An expert's bank account (issue 23): printed on the invoices they issue to the agency, as the
 * agency's own account prints on its invoices. Their VAT number is the existing `users.vat_number`.
 * Null until the expert fills in their billing details.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN bank_account jsonb`.execute(db);
}
