import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { ReportInvoice } from "@medlegal/domain";
import { INVOICE_STATUS_LABELS } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import type { Db } from "../platform/deps";
import type { ReportRow } from "./report-row";
import { recordReleased } from "./lifecycle";
import { releaseTerms } from "./release-terms";
import { raf4GapsOf } from "./raf4-release-gate";

/**
 * Release and payment (docs/decisions.md, "Release and payment (issue 23)"): a report is billed on
 * the invoice lines that name it (`invoice_lines.report_id`), however the invoice was made. The
 * rule itself is the domain's `releaseBasis`; this file gathers its facts once for the report page
 * (the button's wording), the release procedure and the payment that settles an invoice.
 */

/**
 * The invoice a report is billed on: an issued one first (a credited one only when nothing else
 * bills it), then the newest; drafts only when asked (staff), never for attorneys.
 */
export async function reportInvoice(db: Db, reportId: string, { drafts }: { drafts: boolean }): Promise<ReportInvoice | null> {
  let query = db
    .selectFrom("invoices")
    .select([
      "invoices.id",
      "invoices.number",
      "invoices.status",
      "invoices.total_cents",
      "invoices.paid_cents",
      "invoices.credited_cents",
      "invoices.due_date",
      "invoices.created_at",
    ])
    .where("invoices.kind", "=", "attorney")
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("invoice_lines")
          .select("invoice_lines.id")
          .whereRef("invoice_lines.invoice_id", "=", "invoices.id")
          .where("invoice_lines.report_id", "=", reportId),
      ),
    );
  if (!drafts) query = query.where("invoices.status", "<>", "draft");
  const rows = await query.execute();
  const rank = (status: string) => (status === "credited" ? 2 : status === "draft" ? 1 : 0);
  const row = rows.sort((a, b) => rank(a.status) - rank(b.status) || b.created_at.getTime() - a.created_at.getTime())[0];
  if (!row) return null;
  return {
    id: row.id,
    number: row.number,
    status: row.status,
    statusLabel: INVOICE_STATUS_LABELS[row.status],
    totalCents: Number(row.total_cents),
    balanceCents: Number(row.total_cents) - Number(row.paid_cents) - Number(row.credited_cents),
    dueDate: row.due_date,
  };
}

/**
 * Releases an approved report by hand when the rule allows it (paid in full, or a deferral
 * agreement); otherwise 409 naming what is missing: only an administrator's override, with a
 * reason, releases an unpaid report.
 */
export async function releaseByRule(trx: Transaction<Database>, actor: Actor, report: ReportRow): Promise<ReportRow> {
  if (report.status !== "approved") return recordReleased(trx, actor, report); // moveReport refuses it with its own 409
  const basis = await releaseTerms(trx, report);
  if (!basis) {
    const invoice = await reportInvoice(trx, report.id, { drafts: false });
    const why =
      invoice?.number && invoice.status !== "credited" ? `${invoice.number} is not paid in full` : "its invoice has not been issued";
    throw new AppError(
      "CONFLICT",
      `${report.reference} cannot be released yet: ${why} and the attorney has no deferral agreement. An administrator can release it before payment, with a reason.`,
    );
  }
  return recordReleased(trx, actor, report, {
    body: basis === "paid" ? "Released: invoice paid in full" : "Released under the attorney's deferral agreement",
  });
}

/**
 * Paid in full: every approved report the invoice's lines bill goes to the attorney in the
 * payment's transaction (a credit note never calls this: credit is not payment).
 */
export async function releasePaidReports(
  trx: Transaction<Database>,
  actor: Actor,
  invoice: { id: string; number: string | null },
): Promise<void> {
  const reports = await trx
    .selectFrom("reports")
    .selectAll()
    .where("status", "=", "approved")
    .where("id", "in", (eb) =>
      eb
        .selectFrom("invoice_lines")
        .select("report_id")
        .where("invoice_id", "=", invoice.id)
        .where("report_id", "is not", null)
        .$narrowType<{ report_id: string }>(),
    )
    .orderBy("id")
    .forUpdate()
    .execute();
  for (const report of reports) {
    // A RAF 4 report with gaps in its assessment stays approved; staff release it once it is complete.
    if ((await raf4GapsOf(trx, report)).length) continue;
    await recordReleased(trx, actor, report, { body: `Released on payment of ${invoice.number}` });
  }
}
