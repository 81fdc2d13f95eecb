import { isRule369Gap } from "@medlegal/domain";
import { openPdf } from "../platform/pdf";
import { rule369Blocks, type Rule369Draft } from "./rule-36-9-text";

/**
 * A Rule 36(9) draft as PDF, once the attorney calls it final (docs/decisions.md "Rule 36(9)
 * notices"): the same blocks as the DOCX, in the house style (pdfkit's Helvetica keeps the text
 * extractable, as on invoices and records letters); a gap left unfilled prints in bold so it shows.
 */
export async function renderRule369Pdf(draft: Rule369Draft): Promise<Buffer> {
  const title = draft.document === "notice" ? "Rule 36(9)(a) notice" : "Rule 36(9)(b) summaries";
  const { pdf, bytes } = await openPdf({ Title: `${title}, ${draft.caseReference}`, Author: draft.attorney.firm, Subject: title });
  const left = pdf.page.margins.left;
  const width = pdf.page.width - left - pdf.page.margins.right;
  const font = (text: string, bold = false) => pdf.font(bold || isRule369Gap(text) ? "Helvetica-Bold" : "Helvetica").fillColor("black");
  for (const b of rule369Blocks(draft)) {
    switch (b.kind) {
      case "centre":
        font(b.text, b.bold).fontSize(11).text(b.text, left, undefined, { width, align: "center" }).moveDown(0.3);
        break;
      case "party": {
        const y = pdf.y;
        font(b.text, true)
          .fontSize(10.5)
          .text(b.text, left, y, { width: width - 90 });
        const below = pdf.y;
        pdf.font("Helvetica").text(b.role, left + width - 90, y, { width: 90, align: "right" });
        pdf.y = Math.max(below, pdf.y);
        pdf.moveDown(0.3);
        break;
      }
      case "title":
        pdf.moveDown(0.8);
        font(b.text, true).fontSize(12).text(b.text, left, undefined, { width, align: "center" }).moveDown(0.8);
        break;
      case "heading":
        pdf.moveDown(0.5);
        font(b.text, true).fontSize(11).text(b.text, left, undefined, { width }).moveDown(0.2);
        break;
      case "field":
        pdf.font("Helvetica-Bold").fontSize(10).text(`${b.label}: `, left, undefined, { width, continued: true });
        font(b.value).text(b.value).moveDown(0.15);
        break;
      case "item":
        font(b.text)
          .fontSize(10)
          .text(`•  ${b.text}`, left + 12, undefined, { width: width - 12 })
          .moveDown(0.15);
        break;
      case "para":
        font(b.text).fontSize(10).text(b.text, left, undefined, { width }).moveDown(0.5);
        break;
    }
  }
  pdf.end();
  return bytes;
}
