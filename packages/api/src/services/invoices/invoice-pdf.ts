import type { InvoiceLineKind, InvoiceParty } from "@medlegal/domain";
import { formatRand, VAT_RATE_PERCENT } from "@medlegal/domain";
import { longDate, openPdf, pdfFields, pdfTable, pdfTotals } from "../platform/pdf";

/** Everything a tax invoice or credit note prints; nothing is read from the database here. */
export interface PrintableDocument {
  type: "invoice" | "credit_note";
  number: string;
  issueDate: string;
  /** Invoices only. */
  dueDate: string | null;
  vatRegistered: boolean;
  supplier: InvoiceParty;
  recipient: InvoiceParty;
  claimantName: string | null;
  claimNumber: string | null;
  attorneyReference: string | null;
  lines: {
    kind: InvoiceLineKind;
    description: string;
    quantity: number;
    unitPriceCents: number;
    netCents: number;
    vatCents: number;
    totalCents: number;
  }[];
  netCents: number;
  vatCents: number;
  totalCents: number;
  /** Credit notes: the invoice they correct and why. */
  credits: { number: string; issueDate: string } | null;
  reason: string | null;
  bank: { bankName: string; accountName: string; accountNumber: string; branchCode: string } | null;
  /** A reprint: only one tax invoice exists per supply, every other print says so. */
  copy: boolean;
  /** Sample documents (/invoice-demo): each required field is labelled with the rule it meets. */
  annotate?: boolean;
}

/**
 * The document's title: "Tax Invoice" (VAT Act section 20) when the supplier is registered for
 * VAT, otherwise "Invoice" and no VAT is charged; credit notes likewise (section 21).
 */
export function documentTitle(type: PrintableDocument["type"], vatRegistered: boolean): string {
  if (type === "invoice") return vatRegistered ? "Tax Invoice" : "Invoice";
  return vatRegistered ? "Tax Credit Note" : "Credit Note";
}

const LEFT = 50;
const WIDTH = 495;
const BOTTOM = 770;
const GREY = "#555555";

/** Renders the PDF with pdfkit's built-in Helvetica (text extractable, no font files). */
export async function renderDocumentPdf(d: PrintableDocument): Promise<Buffer> {
  const title = documentTitle(d.type, d.vatRegistered);
  const { pdf, bytes } = await openPdf({
    Title: `${title} ${d.number}${d.copy ? " (Copy)" : ""}`,
    Author: d.supplier.name,
    Subject: title,
  });

  const note = (text: string, x: number, y: number, width: number) => {
    if (!d.annotate) return;
    pdf.font("Helvetica-Oblique").fontSize(7).fillColor("#1d4ed8").text(text, x, y, { width });
    pdf.fillColor("black");
  };

  // Heading: title, number, dates.
  pdf.font("Helvetica-Bold").fontSize(20).text(title, LEFT, 50);
  note(
    d.vatRegistered
      ? 'Required words: "Tax Invoice", in a prominent place.'
      : 'Not registered for VAT: the word "Invoice", and no VAT is charged.',
    LEFT,
    74,
    260,
  );
  if (d.copy) {
    pdf
      .font("Helvetica-Bold")
      .fontSize(16)
      .fillColor("#b91c1c")
      .text("Copy", LEFT + 295, 50, { width: 200, align: "right" });
    pdf.fillColor("black");
  }
  const numberLabel = d.type === "invoice" ? "Invoice number" : "Credit note number";
  const meta: [string, string][] = [
    [numberLabel, d.number],
    ["Issue date", longDate(d.issueDate)],
  ];
  if (d.dueDate) meta.push(["Due date", longDate(d.dueDate)]);
  if (d.credits) meta.push(["Credits invoice", `${d.credits.number} of ${longDate(d.credits.issueDate)}`]);
  let y = pdfFields(pdf, meta, 90, { x: LEFT + 265, labelWidth: 100, valueWidth: 130, bold: true, step: 14 });
  note("A unique sequential number and the date of issue.", LEFT + 265, y, 230);

  // Supplier and recipient.
  const top = Math.max(y + 20, 160);
  const supplierEnd = printParty(pdf, "From (supplier)", d.supplier, LEFT, top, d.vatRegistered);
  note("Supplier's name, address and VAT registration number.", LEFT, supplierEnd + 2, 230);
  const recipientEnd = printParty(pdf, "To (recipient)", d.recipient, LEFT + 265, top, true);
  note("Recipient's name, address and VAT number (when the recipient is a VAT vendor).", LEFT + 265, recipientEnd + 2, 230);
  y = Math.max(supplierEnd, recipientEnd) + (d.annotate ? 24 : 16);

  // The matter, as the attorney's bill of costs needs it.
  const matter: [string, string][] = [];
  if (d.claimantName) matter.push(["Claimant", d.claimantName]);
  if (d.claimNumber) matter.push(["Claim / case number", d.claimNumber]);
  if (d.attorneyReference) matter.push(["Your reference", d.attorneyReference]);
  if (d.credits && d.reason) matter.push(["Reason", d.reason]);
  y = pdfFields(pdf, matter, y, { x: LEFT, labelWidth: 110, valueWidth: 385 }) + 10;

  // Lines: description and quantity of each service, value excluding VAT, VAT and total.
  const columns = d.vatRegistered
    ? [
        { label: "Description", width: 185, align: "left" as const },
        { label: "Qty", width: 35, align: "right" as const },
        { label: "Unit price", width: 65, align: "right" as const },
        { label: "Excl. VAT", width: 70, align: "right" as const },
        { label: `VAT ${VAT_RATE_PERCENT}%`, width: 65, align: "right" as const },
        { label: "Total", width: 75, align: "right" as const },
      ]
    : [
        { label: "Description", width: 255, align: "left" as const },
        { label: "Qty", width: 45, align: "right" as const },
        { label: "Unit price", width: 95, align: "right" as const },
        { label: "Amount", width: 100, align: "right" as const },
      ];
  const table = pdfTable(pdf, columns, y, { left: LEFT, bottom: BOTTOM, top: 50, fontSize: 9 });
  table.header();
  for (const line of d.lines) {
    table.row(
      d.vatRegistered
        ? [
            line.description,
            String(line.quantity),
            formatRand(line.unitPriceCents),
            formatRand(line.netCents),
            formatRand(line.vatCents),
            formatRand(line.totalCents),
          ]
        : [line.description, String(line.quantity), formatRand(line.unitPriceCents), formatRand(line.totalCents)],
    );
  }
  y = table.y;
  note("Description and quantity of each service; value excluding VAT, the VAT and the total.", LEFT, y, 400);
  y += d.annotate ? 14 : 6;

  // Totals.
  const totals: [string, string][] = d.vatRegistered
    ? [
        ["Total excl. VAT", formatRand(d.netCents)],
        [`VAT at ${VAT_RATE_PERCENT}%`, formatRand(d.vatCents)],
        [d.type === "invoice" ? "Total due" : "Total credited", formatRand(d.totalCents)],
      ]
    : [[d.type === "invoice" ? "Total due" : "Total credited", formatRand(d.totalCents)]];
  if (y + totals.length * 16 > BOTTOM) {
    pdf.addPage();
    y = 50;
  }
  y = pdfTotals(pdf, totals, LEFT + 255, y);
  if (!d.vatRegistered) {
    pdf
      .font("Helvetica")
      .fontSize(8)
      .fillColor(GREY)
      .text("The supplier is not registered for VAT: no VAT is charged.", LEFT, y + 4, { width: WIDTH });
    pdf.fillColor("black");
    y = pdf.y;
  }
  y += 16;

  // Payment details.
  if (d.type === "invoice" && d.bank && d.bank.accountNumber) {
    if (y + 70 > BOTTOM) {
      pdf.addPage();
      y = 50;
    }
    printPaymentDetails(pdf, d.bank, LEFT, y, `Please use ${d.number} as the payment reference.`);
  }
  pdf.end();
  return bytes;
}

/** A party's block (supplier, recipient, account holder) as invoices and statements print it; returns where it ends. */
export function printParty(pdf: PDFKit.PDFDocument, heading: string, p: InvoiceParty, x: number, top: number, showVat: boolean): number {
  pdf.font("Helvetica").fontSize(8).fillColor(GREY).text(heading, x, top, { width: 230 });
  pdf
    .font("Helvetica-Bold")
    .fontSize(10)
    .fillColor("black")
    .text(p.name, x, top + 12, { width: 230 });
  pdf.font("Helvetica").fontSize(9);
  if (p.firmName && p.firmName !== p.name) pdf.text(p.firmName, { width: 230 });
  if (p.address) pdf.text(p.address, { width: 230 });
  if (showVat && p.vatNumber) pdf.text(`VAT number: ${p.vatNumber}`, { width: 230 });
  if (p.email) pdf.fillColor(GREY).text(p.email, { width: 230 }).fillColor("black");
  return pdf.y;
}

/** The agency's bank account under an invoice or a statement, and what to quote when paying. */
export function printPaymentDetails(
  pdf: PDFKit.PDFDocument,
  bank: NonNullable<PrintableDocument["bank"]>,
  x: number,
  y: number,
  reference: string,
): void {
  pdf.font("Helvetica-Bold").fontSize(9).text("Payment details", x, y);
  pdf.font("Helvetica").fontSize(9);
  pdf.text(`Bank: ${bank.bankName}   Account name: ${bank.accountName}`, { width: WIDTH });
  pdf.text(`Account number: ${bank.accountNumber}   Branch code: ${bank.branchCode}`, { width: WIDTH });
  pdf.text(reference, { width: WIDTH });
}
