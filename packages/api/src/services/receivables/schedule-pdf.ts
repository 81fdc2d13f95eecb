import type { DisbursementSchedule } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import type { PdfColumn } from "../platform/pdf";
import { longDate, openPdf, pdfFields, pdfTable } from "../platform/pdf";

const LEFT = 40;
const WIDTH = 762;
const BOTTOM = 540;
/** Column x offsets and widths (landscape A4): expert, discipline, fee, invoice, date, excl., incl., paid. */
const COLUMNS: PdfColumn[] = [
  { label: "Expert", width: 130 },
  { label: "Discipline", width: 115 },
  { label: "Fee", width: 130 },
  { label: "Invoice", width: 95 },
  { label: "Invoice date", width: 77 },
  { label: "Excl. VAT", width: 80, align: "right" },
  { label: "Incl. VAT", width: 80, align: "right" },
  { label: "Paid", width: 55, align: "right" },
];

/** Renders the bill-of-costs disbursement schedule with pdfkit's Helvetica (text extractable); nothing read from the database here. */
export async function renderSchedulePdf(s: DisbursementSchedule): Promise<Buffer> {
  const { pdf, bytes } = await openPdf(
    { Title: `Disbursement schedule ${s.caseReference}`, Author: "MedLegal", Subject: "Bill of costs: experts' fees" },
    "landscape",
  );
  pdf.font("Helvetica-Bold").fontSize(16).fillColor("black").text("Disbursement schedule: experts' fees", LEFT, 40);
  const meta: [string, string][] = [
    ["Supplier", s.supplierName],
    ["VAT number", s.supplierVatNumber || "Not registered for VAT"],
    ["Date", longDate(s.date)],
    ["Claimant", s.claimantName],
    ["RAF claim number", s.rafClaimNumber ?? "Not recorded"],
    ["Court case number", s.courtCaseNumber ?? "Not recorded"],
    ["Attorney's reference", s.attorneyReference ?? "Not recorded"],
    ["Attorney", s.firmName ? `${s.attorneyName}, ${s.firmName}` : s.attorneyName],
    ["Our case reference", s.caseReference],
  ];
  let y = pdfFields(pdf, meta, 66, { x: LEFT, labelWidth: 120, valueWidth: 400, step: 13 });
  y += 8;
  // The header again on each page: a settled matter's schedule can run to several.
  const table = pdfTable(pdf, COLUMNS, y, { left: LEFT, bottom: BOTTOM, top: 40, fontSize: 9, repeatHeader: true });
  table.header();
  if (!s.lines.length) {
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor("black")
      .text("No fees have been invoiced on this case yet.", LEFT, table.y, { width: WIDTH });
    table.y = pdf.y + 6;
  }
  for (const line of s.lines) {
    table.row([
      line.expertName,
      line.discipline,
      line.fee,
      line.invoiceNumber,
      longDate(line.invoiceDate),
      formatRand(line.netCents),
      formatRand(line.totalCents),
      line.paidState,
    ]);
  }
  y = table.y + 3;
  const totalsX = LEFT + COLUMNS.slice(0, 5).reduce((s, c) => s + c.width, 0);
  pdf
    .font("Helvetica-Bold")
    .fontSize(9)
    .text("Total", totalsX - 100, y, { width: 94, align: "right" });
  pdf.text(formatRand(s.netCents), totalsX, y, { width: 74, align: "right" });
  pdf.text(formatRand(s.totalCents), totalsX + 80, y, { width: 74, align: "right" });
  pdf.end();
  return bytes;
}
