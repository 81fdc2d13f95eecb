/** Which invoices a user may see, and the pieces every invoice area shares. */
import type { ExpressionBuilder, Selectable } from "kysely";
import type { Database, InvoicesTable } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { isAttorney } from "@medlegal/domain";
import { AppError, notFoundMessage } from "../../errors";
import type { Db } from "../platform/deps";
import { isStaff } from "../platform/access";

export type InvoiceRow = Selectable<InvoicesTable>;

export const MISSING = notFoundMessage("invoice");
/** The series of invoices to attorneys and of all credit notes. */
export const ATTORNEY_SERIES = "INV";
export const CREDIT_NOTE_SERIES = "CN";
export const LIST_LIMIT = 500;

/**
 * Invoices a user may see (docs/decisions.md, "Invoices"): staff all; an attorney the issued
 * invoices addressed to them (never a draft); a consultant their own expert invoices.
 */
export function visibleInvoices(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "invoices">) => {
    if (isStaff(user)) return eb.lit(true);
    if (isAttorney(user)) return eb.and([eb("invoices.kind", "=", "attorney"), eb("invoices.attorney_id", "=", user.id), eb("invoices.status", "<>", "draft")]);
    return eb.and([eb("invoices.kind", "=", "expert"), eb("invoices.consultant_id", "=", user.id)]);
  };
}

export async function loadVisibleInvoice(db: Db, user: CurrentUser, id: string, lock = false): Promise<InvoiceRow> {
  let query = db.selectFrom("invoices").selectAll().where("id", "=", id).where(visibleInvoices(user));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING);
  return row;
}

export const describeInvoice = (row: Pick<InvoiceRow, "number">) => row.number ?? "This draft invoice";
