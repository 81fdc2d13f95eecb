import type { Selectable, Transaction } from "kysely";
import type { Database, InvoicesTable, PaymentsTable } from "@medlegal/db";
import type { AccountParty, CurrentUser } from "@medlegal/domain";
import { isAttorney, can } from "@medlegal/domain";
import { AppError, notFoundMessage } from "../../errors";
import type { Db } from "../platform/deps";

/**
 * Payments from attorneys (docs/decisions.md, "Payments"): administrators record money received,
 * set it against the attorney's open invoices (never more than the payment or an invoice's
 * balance; the rest stays as credit on the account) and reverse it with a reason. Attorneys see
 * their own account and upload proofs of payment, which administrators match or reject. Each
 * change runs in one transaction that locks the payment and then its invoices (by id, so two
 * changes never wait on each other in a circle), with its audit rows.
 */

export type InvoiceRow = Selectable<InvoicesTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type Trx = Transaction<Database>;

const MISSING_ACCOUNT = notFoundMessage("account");
export const MISSING_PAYMENT = notFoundMessage("payment");
export const MISSING_PROOF = notFoundMessage("proof of payment");
export const PROOF_LIMIT = 200;
export const PAYMENT_LIMIT = 200;

/**
 * The attorney whose account the caller asks for: an attorney their own (another's is 404);
 * an administrator must name one (400 without, 404 for someone who is not an attorney).
 */
export async function accountHolder(db: Db, user: CurrentUser, attorneyId: string | undefined): Promise<AccountParty> {
  if (isAttorney(user)) {
    if (attorneyId && attorneyId !== user.id) throw new AppError("NOT_FOUND", MISSING_ACCOUNT);
    attorneyId = user.id;
  } else if (!can(user.role, "payments.manage")) {
    throw new AppError("FORBIDDEN", "Only administrators and attorneys see payment accounts.");
  } else if (!attorneyId) {
    throw new AppError("INVALID", "Choose the attorney whose account to show.", { attorneyId: "Choose an attorney" });
  }
  const row = await db
    .selectFrom("users")
    .select(["id", "first_name", "last_name", "firm_name", "email"])
    .where("id", "=", attorneyId)
    .where("role", "=", "attorney")
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING_ACCOUNT);
  return { id: row.id, name: `${row.first_name} ${row.last_name}`, firmName: row.firm_name || null, email: row.email };
}
