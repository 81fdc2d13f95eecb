import type { IdInput, InvoiceDetail } from "@medlegal/domain";
import {
  addDays,
  documentNumber,
  documentTotals,
  formatRand,
  INVOICE_PAYMENT_DAYS,
  lineAmounts,
  saDateLabel,
  sastDate,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { mayChangeInvoice } from "./access";
import { nextInSeries } from "../platform/references";
import { documentTitle } from "./invoice-pdf";
import { MISSING, describeInvoice, loadVisibleInvoice } from "./invoice-access";
import { partiesOf } from "./invoice-parties";
import { assertReportLines } from "./invoice-drafts";
import { matterInMail, prefixOf, queueDocumentMail, recipientBlocker, storeDocumentPdfs, toLine } from "./invoice-documents";
import { getInvoice } from "./invoice-list";
import { assertIssuableUnderDeferral } from "../receivables/deferrals";

/**
 * Issues a draft (docs/decisions.md, "Invoices"): the next number of its series from the counter
 * locked in this transaction, the parties and VAT status frozen, the PDF rendered and stored with
 * its sha256, the e-mail to the recipient queued, the audit row written; all or nothing.
 */
export async function issueInvoice(deps: Deps, input: IdInput): Promise<InvoiceDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const row = await loadVisibleInvoice(trx, deps.actor.user, input.id, true);
    if (row.status !== "draft") throw new AppError("CONFLICT", `${describeInvoice(row)} is already issued.`);
    if (!mayChangeInvoice(deps.actor.user, row)) throw new AppError("NOT_FOUND", MISSING);
    const { supplier, recipient, vatRegistered, bank } = await partiesOf(trx, row);
    if (!supplier.address.trim()) {
      throw new AppError(
        "CONFLICT",
        row.kind === "attorney"
          ? "The agency's address is missing: an administrator adds it under Settings before invoices can be issued."
          : "Your practice address is missing: add it to your profile before issuing an invoice.",
      );
    }
    // VAT as the supplier charges it on the day of issue (a registration since the draft counts).
    const lineRows = await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", row.id).orderBy("position").execute();
    const lines = lineRows.map((l) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: Number(l.unit_price_cents),
    }));
    if (!lines.length) throw new AppError("CONFLICT", "Add at least one line before issuing.");
    if (row.kind === "attorney")
      await assertReportLines(
        trx,
        row.id,
        row.case_id,
        lineRows.map((l) => ({ reportId: l.report_id })),
      );
    if (row.kind === "attorney" && row.case_id) await assertIssuableUnderDeferral(trx, row.case_id);
    const totals = documentTotals(lines, vatRegistered);
    if (totals.totalCents <= 0) throw new AppError("CONFLICT", "An invoice must be for more than R 0.00.");
    const blocker = recipientBlocker(row, recipient, totals.totalCents, vatRegistered);
    if (blocker) throw new AppError("CONFLICT", blocker);
    if (vatRegistered !== row.vat_registered || totals.totalCents !== Number(row.total_cents)) {
      // Priced again in place, so the billed events keep pointing at their lines.
      for (const l of lineRows) {
        const amounts = lineAmounts({ quantity: l.quantity, unitPriceCents: Number(l.unit_price_cents) }, vatRegistered);
        await trx
          .updateTable("invoice_lines")
          .set({ net_cents: amounts.netCents, vat_cents: amounts.vatCents, total_cents: amounts.totalCents })
          .where("id", "=", l.id)
          .execute();
      }
      await trx
        .updateTable("invoices")
        .set({
          net_cents: totals.netCents,
          vat_cents: totals.vatCents,
          total_cents: totals.totalCents,
          vat_registered: vatRegistered,
          updated_at: now(),
        })
        .where("id", "=", row.id)
        .execute();
    }
    const printedLines = (
      await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", row.id).orderBy("position").execute()
    ).map(toLine);

    const at = now();
    const issueDate = sastDate(at);
    const dueDate = addDays(issueDate, INVOICE_PAYMENT_DAYS);
    const year = Number(issueDate.slice(0, 4));
    const number = documentNumber(await prefixOf(trx, row), year, await nextInSeries(trx, row.series, year));
    const files = await storeDocumentPdfs(trx, deps.actor, "invoice", row.id, {
      type: "invoice",
      number,
      issueDate,
      dueDate,
      vatRegistered,
      supplier,
      recipient,
      claimantName: row.claimant_name,
      claimNumber: row.claim_number,
      attorneyReference: row.attorney_reference,
      lines: printedLines,
      ...totals,
      credits: null,
      reason: null,
      bank,
    });
    await trx
      .updateTable("invoices")
      .set({
        status: "issued",
        number,
        issue_date: issueDate,
        due_date: dueDate,
        supplier: JSON.stringify(supplier),
        recipient: JSON.stringify(recipient),
        pdf_file_id: files.pdfFileId,
        copy_file_id: files.copyFileId,
        pdf_sha256: files.sha256,
        issued_at: at,
        issued_by: deps.actor.user.id,
        updated_at: at,
      })
      .where("id", "=", row.id)
      .execute();
    const title = documentTitle("invoice", vatRegistered);
    await queueDocumentMail(
      trx,
      recipient.email,
      `${title} ${number} from ${supplier.name}`,
      `Hello,\n\nPlease find attached ${title.toLowerCase()} ${number}${matterInMail(row)} for ${formatRand(totals.totalCents)}, due by ${saDateLabel(dueDate)}.\n\n${supplier.name}\n`,
      files.pdfFileId,
    );
    await recordAudit(trx, deps.actor, {
      action: "invoice.issue",
      entityType: "invoice",
      entityId: row.id,
      before: { status: "draft" },
      after: {
        status: "issued",
        number,
        issueDate,
        dueDate,
        totalCents: totals.totalCents,
        vatCents: totals.vatCents,
        pdfSha256: files.sha256,
      },
    });
  });
  return getInvoice(deps, input);
}
