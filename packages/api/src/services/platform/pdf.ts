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
