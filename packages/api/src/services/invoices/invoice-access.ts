/** An invoice the caller may see, and the pieces every invoice area shares. */
import type { Selectable } from "kysely";
import type { InvoicesTable } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { AppError, notFoundMessage } from "../../errors";
import type { Db } from "../platform/deps";
import { visibleInvoices } from "../platform/access";

export type InvoiceRow = Selectable<InvoicesTable>;

export const MISSING = notFoundMessage("invoice");
/** The series of invoices to attorneys and of all credit notes. */
export const ATTORNEY_SERIES = "INV";
export const CREDIT_NOTE_SERIES = "CN";
export const LIST_LIMIT = 500;

/** An invoice the caller may see (the row filter `visibleInvoices` of platform/access.ts), or 404. */
export async function loadVisibleInvoice(db: Db, user: CurrentUser, id: string, lock = false): Promise<InvoiceRow> {
  let query = db.selectFrom("invoices").selectAll().where("id", "=", id).where(visibleInvoices(user));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING);
  return row;
}

export const describeInvoice = (row: Pick<InvoiceRow, "number">) => row.number ?? "This draft invoice";
