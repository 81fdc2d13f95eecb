import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { ANONYMISED } from "@medlegal/domain";
import { partiesOf } from "./invoice-parties";
import type { PrintableDocument } from "./invoice-pdf";
import { renderDocumentPdf } from "./invoice-pdf";

/**
 * Destruction of a claimant (docs/decisions.md "Deletion and objection requests"): the stored PDFs of
 * their issued invoices and credit notes are printed again in place with the claimant shown as
 * "Anonymised" and no claim number; every tax field (numbers, dates, parties, lines, amounts) prints as
 * issued. The invoice's pdf_sha256 keeps the hash of what was sent at issue. Returns the files rewritten.
 */
export async function reprintWithoutClaimant(trx: Transaction<Database>, invoiceIds: readonly string[]): Promise<number> {
  if (!invoiceIds.length) return 0;
  const invoices = await trx.selectFrom("invoices").selectAll().where("id", "in", invoiceIds).where("status", "<>", "draft").execute();
  let rewritten = 0;
  const rewrite = async (fileIds: (string | null)[], printable: Omit<PrintableDocument, "copy">) => {
    for (const [i, fileId] of fileIds.entries()) {
      if (!fileId) continue;
      const data = await renderDocumentPdf({ ...printable, copy: i > 0 });
      await trx
        .updateTable("files")
        .set({ data, size: data.byteLength, sha256: createHash("sha256").update(data).digest("hex") })
        .where("id", "=", fileId)
        .where("destroyed_at", "is", null)
        .execute();
      rewritten++;
    }
  };
  for (const invoice of invoices) {
    if (!invoice.number || !invoice.issue_date || !invoice.supplier || !invoice.recipient) continue;
    const { bank } = await partiesOf(trx, invoice);
    const lines = await trx.selectFrom("invoice_lines").selectAll().where("invoice_id", "=", invoice.id).orderBy("position").execute();
    const common = {
      vatRegistered: invoice.vat_registered,
      supplier: invoice.supplier,
      recipient: invoice.recipient,
      claimantName: ANONYMISED,
      claimNumber: null,
      attorneyReference: invoice.attorney_reference,
    };
    const toPrinted = (
      l: Pick<(typeof lines)[number], "kind" | "description" | "quantity" | "unit_price_cents" | "net_cents" | "vat_cents" | "total_cents">,
    ) => ({
      kind: l.kind,
      description: l.description,
      quantity: l.quantity,
      unitPriceCents: Number(l.unit_price_cents),
      netCents: Number(l.net_cents),
      vatCents: Number(l.vat_cents),
      totalCents: Number(l.total_cents),
    });
    await rewrite([invoice.pdf_file_id, invoice.copy_file_id], {
      ...common,
      type: "invoice",
      number: invoice.number,
      issueDate: invoice.issue_date,
      dueDate: invoice.due_date,
      lines: lines.map(toPrinted),
      netCents: Number(invoice.net_cents),
      vatCents: Number(invoice.vat_cents),
      totalCents: Number(invoice.total_cents),
      credits: null,
      reason: null,
      bank,
    });
    const notes = await trx.selectFrom("credit_notes").selectAll().where("invoice_id", "=", invoice.id).execute();
    for (const note of notes) {
      const noteLines = await trx
        .selectFrom("credit_note_lines")
        .selectAll()
        .where("credit_note_id", "=", note.id)
        .orderBy("position")
        .execute();
      await rewrite([note.pdf_file_id, note.copy_file_id], {
        ...common,
        type: "credit_note",
        number: note.number,
        issueDate: note.issue_date,
        dueDate: null,
        lines: noteLines.map(toPrinted),
        netCents: Number(note.net_cents),
        vatCents: Number(note.vat_cents),
        totalCents: Number(note.total_cents),
        credits: { number: invoice.number, issueDate: invoice.issue_date },
        reason: note.reason,
        bank: null,
      });
    }
  }
  return rewritten;
}
