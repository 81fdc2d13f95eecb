/**
 * Who may change an invoice and which fee rates an expert reads (docs/decisions.md, "Invoices";
 * issue 38 item 2). Which invoices a user sees at all is `visibleInvoices` (platform/access.ts).
 */
import type { ExpressionBuilder } from "kysely";
import type { Database } from "@medlegal/db";
import type { CurrentUser } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import type { InvoiceRow } from "./invoice-access";

/**
 * Whether the caller may change, issue, discard or credit an invoice they see: staff any
 * (invoices.manage); an expert their own expert invoices; an attorney none.
 */
export function mayChangeInvoice(user: CurrentUser, row: Pick<InvoiceRow, "kind" | "consultant_id">): boolean {
  return can(user.role, "invoices.manage") || (row.kind === "expert" && row.consultant_id === user.id);
}

/** The fee rates an expert reads: their own, and their specialization's general ones (no specialization: none). */
export function expertFeeRates(user: CurrentUser, specializationId: string | null) {
  return (eb: ExpressionBuilder<Database, "fee_schedule">) =>
    eb.or([
      eb("fee_schedule.consultant_id", "=", user.id),
      eb.and([
        eb("fee_schedule.consultant_id", "is", null),
        eb("fee_schedule.specialization_id", "=", specializationId ?? "00000000-0000-0000-0000-000000000000"),
      ]),
    ]);
}
