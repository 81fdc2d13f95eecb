import type { DisbursementSchedule } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { longDate, openPdf } from "../platform/pdf";

const LEFT = 40;
const WIDTH = 762;
const BOTTOM = 540;
const GREY = "#555555";
/** Column x offsets and widths (landscape A4): expert, discipline, fee, invoice, date, excl., incl., paid. */
const COLUMNS: { label: string; width: number; align?: "right" }[] = [
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
  let y = 66;
  for (const [label, value] of meta) {
    pdf.font("Helvetica").fontSize(9).fillColor(GREY).text(`${label}:`, LEFT, y, { width: 120 });
    pdf
      .font("Helvetica")
      .fontSize(9)
      .fillColor("black")
      .text(value, LEFT + 120, y, { width: 400 });
    y += 13;
  }
  y += 8;
  const header = () => {
    let x = LEFT;
    pdf.font("Helvetica-Bold").fontSize(8).fillColor(GREY);
    for (const c of COLUMNS) {
      pdf.text(c.label, x, y, { width: c.width - 6, align: c.align ?? "left" });
      x += c.width;
    }
    y += 12;
    pdf
      .moveTo(LEFT, y)
      .lineTo(LEFT + WIDTH, y)
      .strokeColor("#cccccc")
      .stroke();
    y += 4;
  };
  header();
  if (!s.lines.length) {
    pdf.font("Helvetica").fontSize(9).fillColor("black").text("No fees have been invoiced on this case yet.", LEFT, y, { width: WIDTH });
    y = pdf.y + 6;
  }
  for (const line of s.lines) {
    const cells = [
      line.expertName,
      line.discipline,
      line.fee,
      line.invoiceNumber,
      longDate(line.invoiceDate),
      formatRand(line.netCents),
      formatRand(line.totalCents),
      line.paidState,
    ];
    const height = Math.max(
      ...cells.map((text, i) =>
        pdf
          .font("Helvetica")
          .fontSize(9)
          .heightOfString(text, { width: COLUMNS[i]!.width - 6 }),
      ),
    );
    if (y + height > BOTTOM) {
      pdf.addPage({ size: "A4", layout: "landscape", margin: LEFT });
      y = 40;
      header();
    }
    let x = LEFT;
    cells.forEach((text, i) => {
      pdf
        .font("Helvetica")
        .fontSize(9)
        .fillColor("black")
        .text(text, x, y, { width: COLUMNS[i]!.width - 6, align: COLUMNS[i]!.align ?? "left" });
      x += COLUMNS[i]!.width;
    });
    y += height + 5;
  }
  pdf
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .strokeColor("#cccccc")
    .stroke();
  y += 6;
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
