import type { Ageing, InvoiceParty, Statement } from "@medlegal/domain";
import { ACCOUNT_ENTRY_LABELS, AGEING_BUCKET_LABELS, AGEING_BUCKETS, formatRand, signedAmount } from "@medlegal/domain";
import type { PrintableDocument } from "../invoices/invoice-pdf";
import { longDate, openPdf } from "../platform/pdf";

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
  let y = 90;
  for (const [label, value] of meta) {
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor(GREY)
      .text(`${label}:`, LEFT + 265, y, { width: 70 });
    pdf
      .font("Helvetica-Bold")
      .fillColor("black")
      .text(value, LEFT + 335, y, { width: 160 });
    y = pdf.y + 3;
  }

  const party = (heading: string, p: InvoiceParty, x: number, top: number) => {
    pdf.font("Helvetica").fontSize(8).fillColor(GREY).text(heading, x, top, { width: 230 });
    pdf
      .font("Helvetica-Bold")
      .fontSize(10)
      .fillColor("black")
      .text(p.name, x, top + 12, { width: 230 });
    pdf.font("Helvetica").fontSize(9);
    if (p.firmName && p.firmName !== p.name) pdf.text(p.firmName, { width: 230 });
    if (p.address) pdf.text(p.address, { width: 230 });
    if (p.vatNumber) pdf.text(`VAT number: ${p.vatNumber}`, { width: 230 });
    if (p.email) pdf.fillColor(GREY).text(p.email, { width: 230 }).fillColor("black");
    return pdf.y;
  };
  const top = Math.max(y + 20, 150);
  y = Math.max(party("From", d.supplier, LEFT, top), party("Account of", d.recipient, LEFT + 265, top)) + 18;

  // The movements of the period with a running balance, between the opening and closing balances.
  const columns = [
    { label: "Date", width: 70, align: "left" as const },
    { label: "Type", width: 80, align: "left" as const },
    { label: "Reference", width: 95, align: "left" as const },
    { label: "Details", width: 110, align: "left" as const },
    { label: "Amount", width: 70, align: "right" as const },
    { label: "Balance", width: 70, align: "right" as const },
  ];
  const row = (cells: string[], bold: boolean) => {
    pdf.font(bold ? "Helvetica-Bold" : "Helvetica").fontSize(8.5);
    const height = Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: columns[i]!.width - 6 })));
    if (y + height > BOTTOM) {
      pdf.addPage();
      y = 50;
    }
    let x = LEFT;
    cells.forEach((cell, i) => {
      pdf.text(cell, x + 3, y, { width: columns[i]!.width - 6, align: columns[i]!.align });
      x += columns[i]!.width;
    });
    y += height + 6;
    pdf
      .moveTo(LEFT, y - 3)
      .lineTo(LEFT + WIDTH, y - 3)
      .lineWidth(0.5)
      .strokeColor("#cccccc")
      .stroke();
  };
  row(
    columns.map((c) => c.label),
    true,
  );
  row([longDate(s.from), "Opening balance", "", "", "", statementBalance(s.totals.openingCents)], false);
  for (const line of s.lines) {
    const amount = signedAmount(line);
    row(
      [
        longDate(line.date),
        ACCOUNT_ENTRY_LABELS[line.kind],
        line.reference,
        line.description,
        amount < 0 ? `-${formatRand(-amount)}` : formatRand(amount),
        statementBalance(line.balanceCents),
      ],
      false,
    );
  }
  if (s.lines.length === 0) row(["", "No movements in this period", "", "", "", ""], false);
  y += 8;

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
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    pdf
      .font(last ? "Helvetica-Bold" : "Helvetica")
      .fontSize(last ? 11 : 9)
      .fillColor("black");
    pdf.text(label, LEFT + 255, y, { width: 140, align: "right" });
    pdf.text(value, LEFT + 395, y, { width: 97, align: "right" });
    y += 16;
  });
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
    pdf.font("Helvetica-Bold").fontSize(9).text("Payment details", LEFT, y);
    pdf.font("Helvetica").fontSize(9);
    pdf.text(`Bank: ${d.bank.bankName}   Account name: ${d.bank.accountName}`, { width: WIDTH });
    pdf.text(`Account number: ${d.bank.accountNumber}   Branch code: ${d.bank.branchCode}`, { width: WIDTH });
    pdf.text("Please use the invoice number as the payment reference, and upload your proof of payment under Payments.", { width: WIDTH });
  }
  pdf.end();
  return bytes;
}
