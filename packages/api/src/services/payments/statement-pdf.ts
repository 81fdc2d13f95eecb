import type { Ageing, InvoiceParty, Statement } from "@medlegal/domain";
import { ACCOUNT_ENTRY_LABELS, AGEING_BUCKET_LABELS, AGEING_BUCKETS, formatRand, signedAmount } from "@medlegal/domain";
import type { PrintableDocument } from "../invoices/invoice-pdf";
import { printParty, printPaymentDetails } from "../invoices/invoice-pdf";
import { longDate, openPdf, pdfFields, pdfTable, pdfTotals } from "../platform/pdf";

/** Everything a statement of account prints; nothing is read from the database here. */
export interface PrintableStatement {
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  bank: PrintableDocument["bank"];
  statement: Statement;
  printedOn: string;
  /** What is open on the day it is printed, by age. */
  ageing: Ageing;
  overdueInvoices: number;
}

const LEFT = 50;
const WIDTH = 495;
const BOTTOM = 770;
const GREY = "#555555";

/** A balance as a statement prints it: what is owed, or "CR" for credit the agency holds. */
export function statementBalance(cents: number): string {
  return cents < 0 ? `${formatRand(-cents)} CR` : formatRand(cents);
}

/** Renders a statement of account with pdfkit's built-in Helvetica (text extractable, as invoices are). */
export async function renderStatementPdf(d: PrintableStatement): Promise<Buffer> {
  const s = d.statement;
  const { pdf, bytes } = await openPdf({
    Title: `Statement of account ${s.from} to ${s.to}`,
    Author: d.supplier.name,
    Subject: "Statement of account",
  });

  pdf.font("Helvetica-Bold").fontSize(20).text("Statement of account", LEFT, 50);
  const meta: [string, string][] = [
    ["Period", `${longDate(s.from)} to ${longDate(s.to)}`],
    ["Printed", longDate(d.printedOn)],
  ];
  let y = pdfFields(pdf, meta, 90, { x: LEFT + 265, labelWidth: 70, valueWidth: 160, bold: true });

  const top = Math.max(y + 20, 150);
  y =
    Math.max(printParty(pdf, "From", d.supplier, LEFT, top, true), printParty(pdf, "Account of", d.recipient, LEFT + 265, top, true)) + 18;

  // The movements of the period with a running balance, between the opening and closing balances.
  const columns = [
    { label: "Date", width: 70, align: "left" as const },
    { label: "Type", width: 80, align: "left" as const },
    { label: "Reference", width: 95, align: "left" as const },
    { label: "Details", width: 110, align: "left" as const },
    { label: "Amount", width: 70, align: "right" as const },
    { label: "Balance", width: 70, align: "right" as const },
  ];
  const table = pdfTable(pdf, columns, y, { left: LEFT, bottom: BOTTOM, top: 50, fontSize: 8.5 });
  table.header();
  table.row([longDate(s.from), "Opening balance", "", "", "", statementBalance(s.totals.openingCents)]);
  for (const line of s.lines) {
    const amount = signedAmount(line);
    table.row([
      longDate(line.date),
      ACCOUNT_ENTRY_LABELS[line.kind],
      line.reference,
      line.description,
      amount < 0 ? `-${formatRand(-amount)}` : formatRand(amount),
      statementBalance(line.balanceCents),
    ]);
  }
  if (s.lines.length === 0) table.row(["", "No movements in this period", "", "", "", ""]);
  y = table.y + 8;

  // The sum that always holds: opening + invoices - credits - payments = closing.
  const totals: [string, string][] = [
    ["Opening balance", statementBalance(s.totals.openingCents)],
    ["Invoices", formatRand(s.totals.invoicedCents)],
    ["Credit notes", `-${formatRand(s.totals.creditedCents)}`],
    ["Payments", s.totals.paidCents < 0 ? formatRand(-s.totals.paidCents) : `-${formatRand(s.totals.paidCents)}`],
    ["Closing balance", statementBalance(s.totals.closingCents)],
  ];
  if (y + totals.length * 16 + 90 > BOTTOM) {
    pdf.addPage();
    y = 50;
  }
  y = pdfTotals(pdf, totals, LEFT + 255, y);
  pdf
    .font("Helvetica")
    .fontSize(8)
    .fillColor(GREY)
    .text('"CR" marks credit on the account: money received and not yet owed.', LEFT, y + 2, { width: WIDTH });
  y = pdf.y + 12;

  // What is open today, by age past the due date.
  pdf
    .font("Helvetica-Bold")
    .fontSize(9)
    .fillColor("black")
    .text(`Outstanding on ${longDate(d.printedOn)} by age`, LEFT, y);
  y = pdf.y + 4;
  const cell = WIDTH / (AGEING_BUCKETS.length + 1);
  [...AGEING_BUCKETS.map((b) => AGEING_BUCKET_LABELS[b]), "Total"].forEach((label, i) => {
    pdf
      .font("Helvetica")
      .fontSize(8)
      .fillColor(GREY)
      .text(label, LEFT + i * cell, y, { width: cell - 4, align: "right" });
  });
  y += 12;
  [...AGEING_BUCKETS.map((b) => d.ageing[b]), d.ageing.totalCents].forEach((cents, i) => {
    pdf
      .font(i === AGEING_BUCKETS.length ? "Helvetica-Bold" : "Helvetica")
      .fontSize(9)
      .fillColor("black")
      .text(formatRand(cents), LEFT + i * cell, y, { width: cell - 4, align: "right" });
  });
  y += 16;
  if (s.deferredCents > 0) {
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor("black")
      .text(`Deferred to settlement under deferral agreements (not yet due): ${formatRand(s.deferredCents)}`, LEFT, y, { width: WIDTH });
    y = pdf.y + 4;
  }
  y += 6;

  if (d.bank && d.bank.accountNumber) {
    printPaymentDetails(
      pdf,
      d.bank,
      LEFT,
      y,
      "Please use the invoice number as the payment reference, and upload your proof of payment under Payments.",
    );
  }
  pdf.end();
  return bytes;
}
