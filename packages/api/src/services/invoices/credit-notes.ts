import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { creditNoteInputSchema, InvoiceDetail, InvoiceLineInput, InvoiceStatus } from "@medlegal/domain";
import { documentNumber, documentTotals, formatRand, invoiceStatusFromMoney, lineAmounts, sastDate } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now } from "../platform/clock";
import type { Deps } from "../platform/deps";
import { mayChangeInvoice } from "./access";
import { nextInSeries } from "../platform/references";
import { documentTitle } from "./invoice-pdf";
import { CREDIT_NOTE_SERIES, MISSING, loadVisibleInvoice } from "./invoice-access";
import { queueDocumentMail, storeDocumentPdfs } from "./invoice-documents";
import { getInvoice } from "./invoice-list";

/**
 * A credit note against an issued invoice (VAT Act section 21): its own CN number, a reason, lines
 * priced like the invoice's, never more than what is left uncredited. Credited in full, the invoice
 * becomes "credited". Left without lines, the invoice's lines are credited whole (only when nothing
 * was credited before).
 */
export async function issueCreditNote(deps: Deps, input: z.output<typeof creditNoteInputSchema>): Promise<InvoiceDetail> {
  await deps.db.transaction().execute(async (trx) => {
    const invoice = await loadVisibleInvoice(trx, deps.actor.user, input.invoiceId, true);
    if (invoice.status === "draft") throw new AppError("CONFLICT", "A draft has nothing to credit: change or discard it instead.");
    if (!mayChangeInvoice(deps.actor.user, invoice)) throw new AppError("NOT_FOUND", MISSING);
    const total = Number(invoice.total_cents);
    const credited = Number(invoice.credited_cents);
    const paid = Number(invoice.paid_cents);
    // Money received is not credited back: a credit note corrects what is still owed.
    const left = total - credited - paid;
    if (credited >= total) throw new AppError("CONFLICT", `${invoice.number} is credited in full already.`);
    if (left <= 0) throw new AppError("CONFLICT", `${invoice.number} is paid in full: there is nothing left to credit.`);
    let lines: InvoiceLineInput[];
    if (input.lines) {
      lines = input.lines;
    } else {
      if (credited > 0)
        throw new AppError("INVALID", `Part of ${invoice.number} is credited already: list the lines to credit.`, {
          lines: "List the lines to credit",
        });
      const invoiceLines = await trx
        .selectFrom("invoice_lines")
        .selectAll()
        .where("invoice_id", "=", invoice.id)
        .orderBy("position")
        .execute();
      lines = invoiceLines.map((l) => ({
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        unitPriceCents: Number(l.unit_price_cents),
      }));
    }
    const totals = documentTotals(lines, invoice.vat_registered);
    if (totals.totalCents <= 0)
      throw new AppError("INVALID", "A credit note must be for more than R 0.00.", { lines: "Credit more than R 0.00" });
    if (totals.totalCents > left) {
      throw new AppError(
        "INVALID",
        `This credit note (${formatRand(totals.totalCents)}) is more than what is left to credit on ${invoice.number} (${formatRand(left)}).`,
        {
          lines: `At most ${formatRand(left)} can be credited`,
        },
      );
    }
    const at = now();
    const issueDate = sastDate(at);
    const year = Number(issueDate.slice(0, 4));
    const number = documentNumber(CREDIT_NOTE_SERIES, year, await nextInSeries(trx, CREDIT_NOTE_SERIES, year));
    const creditNoteId = randomUUID();
    const priced = lines.map((line, position) => ({ ...line, position, ...lineAmounts(line, invoice.vat_registered) }));
    const files = await storeDocumentPdfs(trx, deps.actor, "credit_note", invoice.id, {
      type: "credit_note",
      number,
      issueDate,
      dueDate: null,
      vatRegistered: invoice.vat_registered,
      supplier: invoice.supplier!,
      recipient: invoice.recipient!,
      claimantName: invoice.claimant_name,
      claimNumber: invoice.claim_number,
      attorneyReference: invoice.attorney_reference,
      lines: priced,
      ...totals,
      credits: { number: invoice.number!, issueDate: invoice.issue_date! },
      reason: input.reason,
      bank: null,
    });
    await trx
      .insertInto("credit_notes")
      .values({
        id: creditNoteId,
        invoice_id: invoice.id,
        series: CREDIT_NOTE_SERIES,
        number,
        reason: input.reason,
        issue_date: issueDate,
        vat_registered: invoice.vat_registered,
        supplier: JSON.stringify(invoice.supplier),
        recipient: JSON.stringify(invoice.recipient),
        net_cents: totals.netCents,
        vat_cents: totals.vatCents,
        total_cents: totals.totalCents,
        pdf_file_id: files.pdfFileId,
        copy_file_id: files.copyFileId,
        pdf_sha256: files.sha256,
        created_by: deps.actor.user.id,
        created_at: at,
      })
      .execute();
    await trx
      .insertInto("credit_note_lines")
      .values(
        priced.map((l) => ({
          credit_note_id: creditNoteId,
          position: l.position,
          kind: l.kind,
          description: l.description,
          quantity: l.quantity,
          unit_price_cents: l.unitPriceCents,
          net_cents: l.netCents,
          vat_cents: l.vatCents,
          total_cents: l.totalCents,
        })),
      )
      .execute();
    const creditedNow = credited + totals.totalCents;
    const status: InvoiceStatus = invoiceStatusFromMoney({
      totalCents: total,
      paidCents: paid,
      creditedCents: creditedNow,
      pastDue: invoice.due_date !== null && invoice.due_date < issueDate,
    });
    await trx.updateTable("invoices").set({ credited_cents: creditedNow, status, updated_at: at }).where("id", "=", invoice.id).execute();
    const title = documentTitle("credit_note", invoice.vat_registered);
    await queueDocumentMail(
      trx,
      invoice.recipient!.email,
      `${title} ${number} for ${invoice.number}`,
      `Hello,\n\nPlease find attached ${title.toLowerCase()} ${number} for ${formatRand(totals.totalCents)}, crediting ${invoice.number}: ${input.reason}\n\n${invoice.supplier!.name}\n`,
      files.pdfFileId,
    );
    await recordAudit(trx, deps.actor, {
      action: "credit_note.issue",
      entityType: "credit_note",
      entityId: creditNoteId,
      after: {
        invoiceId: invoice.id,
        invoiceNumber: invoice.number,
        number,
        reason: input.reason,
        totalCents: totals.totalCents,
        pdfSha256: files.sha256,
      },
    });
    await recordAudit(trx, deps.actor, {
      action: "invoice.credit",
      entityType: "invoice",
      entityId: invoice.id,
      before: { status: invoice.status, creditedCents: credited },
      after: { status, creditedCents: creditedNow, creditNote: number },
    });
  });
  return getInvoice(deps, { id: input.invoiceId });
}
