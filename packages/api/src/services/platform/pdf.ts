/**
 * What every PDF the agency prints starts from: the page and its margin, and dates as words. Shared by
 * invoices, statements, schedules, minutes and the privacy documents, so none imports another's PDF.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
/** "23 November 2026" from "2026-11-23". */
export function longDate(date: string): string {
  const [y, m, d] = date.split("-").map(Number);
  return `${d} ${MONTHS[m! - 1]} ${y}`;
}

/** The page margin, in points. */
const MARGIN = 50;

/**
 * A new A4 pdfkit document with the agency's margin and `info`, and the bytes it will have once
 * ended. pdfkit loads with the first PDF, not at start: it is the server's heaviest module
 * (docs/decisions.md, "Start-up").
 */
export async function openPdf(
  info: PDFKit.DocumentInfo,
  layout: "portrait" | "landscape" = "portrait",
): Promise<{ pdf: PDFKit.PDFDocument; bytes: Promise<Buffer> }> {
  const { default: PDFDocument } = await import("pdfkit");
  const pdf = new PDFDocument({ size: "A4", layout, margin: MARGIN, info: { ...info, Creator: "MedLegal" } });
  const chunks: Buffer[] = [];
  pdf.on("data", (chunk: Buffer) => chunks.push(chunk));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  return { pdf, bytes };
}

/** A column of a PDF table: its heading, its width in points and how its cells align. */
export interface PdfColumn {
  label: string;
  width: number;
  align?: "left" | "right";
}

export interface PdfTableLayout {
  /** The table's left edge, and the lowest a row may reach before it goes on a new page. */
  left: number;
  bottom: number;
  /** Where the table goes on at the top of a new page. */
  top: number;
  fontSize: number;
  /** Print the heading row again at the top of each new page (a long schedule). */
  repeatHeader?: boolean;
}

/**
 * The one table every PDF prints its lines with (invoices and credit notes, statements, the
 * bill-of-costs schedule): each row as tall as its tallest cell, a thin rule under it, and a new page
 * when the next row would pass the bottom. `y` is where the next row goes; read it after the rows.
 */
export function pdfTable(pdf: PDFKit.PDFDocument, columns: PdfColumn[], top: number, layout: PdfTableLayout) {
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const table = {
    y: top,
    /** The columns' headings, in bold. */
    header: () =>
      table.row(
        columns.map((c) => c.label),
        true,
      ),
    row(cells: string[], bold = false): void {
      const font = () =>
        pdf
          .font(bold ? "Helvetica-Bold" : "Helvetica")
          .fontSize(layout.fontSize)
          .fillColor("black");
      font();
      const height = Math.max(...cells.map((cell, i) => pdf.heightOfString(cell, { width: columns[i]!.width - 6 })));
      if (table.y + height > layout.bottom) {
        pdf.addPage();
        table.y = layout.top;
        if (layout.repeatHeader && !bold) {
          table.header();
          font();
        }
      }
      let x = layout.left;
      cells.forEach((cell, i) => {
        pdf.text(cell, x + 3, table.y, { width: columns[i]!.width - 6, align: columns[i]!.align ?? "left" });
        x += columns[i]!.width;
      });
      table.y += height + 6;
      pdf
        .moveTo(layout.left, table.y - 3)
        .lineTo(layout.left + width, table.y - 3)
        .lineWidth(0.5)
        .strokeColor("#cccccc")
        .stroke();
    },
  };
  return table;
}

/**
 * Labelled amounts right-aligned under a table (totals, a statement's sum), the last in bold and
 * larger; returns where the next line goes.
 */
export function pdfTotals(pdf: PDFKit.PDFDocument, totals: [string, string][], x: number, top: number): number {
  let y = top;
  totals.forEach(([label, value], i) => {
    const last = i === totals.length - 1;
    pdf
      .font(last ? "Helvetica-Bold" : "Helvetica")
      .fontSize(last ? 11 : 9)
      .fillColor("black");
    pdf.text(label, x, y, { width: 140, align: "right" });
    pdf.text(value, x + 140, y, { width: 97, align: "right" });
    y += 16;
  });
  return y;
}

export interface PdfFieldsLayout {
  /** The labels' left edge and width; the values follow at `x + labelWidth`. */
  x: number;
  labelWidth: number;
  valueWidth: number;
  /** Values in bold (a document's number and dates) or plain (the matter's details). */
  bold?: boolean;
  /** A fixed step from one field to the next; without it, each field starts under the last one's value. */
  step?: number;
}

/** "Label: value" lines, the label grey; returns where the next line goes. */
export function pdfFields(pdf: PDFKit.PDFDocument, fields: [string, string][], top: number, layout: PdfFieldsLayout): number {
  let y = top;
  for (const [label, value] of fields) {
    pdf.font("Helvetica").fontSize(9).fillColor("#555555").text(`${label}:`, layout.x, y, { width: layout.labelWidth });
    pdf
      .font(layout.bold ? "Helvetica-Bold" : "Helvetica")
      .fillColor("black")
      .text(value, layout.x + layout.labelWidth, y, { width: layout.valueWidth });
    y = layout.step ? y + layout.step : pdf.y + 3;
  }
  return y;
}
