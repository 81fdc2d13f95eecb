import { isRule369Gap } from "@medlegal/domain";
import { rule369Blocks, type Rule369Draft } from "./rule-36-9-text";

/**
 * A Rule 36(9) draft as DOCX, for the attorney to finish in Word (docs/decisions.md "Rule 36(9)
 * notices"). Plain paragraphs and Word's own styles, so it edits like a document typed by hand; every
 * gap is highlighted yellow so none is missed. `docx` loads with the first draft, as pdfkit does.
 */
export async function renderRule369Docx(draft: Rule369Draft): Promise<Buffer> {
  const { AlignmentType, Document, HighlightColor, Packer, Paragraph, TabStopType, TextRun } = await import("docx");
  // A4 less 2.5 cm margins, in twentieths of a point: where a party's role stands.
  const rightTab = 9072;
  const run = (text: string, bold = false) =>
    new TextRun(isRule369Gap(text) ? { text, bold: true, highlight: HighlightColor.YELLOW } : { text, bold });
  const after = (points: number) => ({ after: points * 20 });
  const children = rule369Blocks(draft).map((b) => {
    switch (b.kind) {
      case "centre":
        return new Paragraph({ alignment: AlignmentType.CENTER, spacing: after(6), children: [run(b.text, b.bold)] });
      case "party":
        return new Paragraph({
          tabStops: [{ type: TabStopType.RIGHT, position: rightTab }],
          spacing: after(6),
          children: [run(b.text, true), new TextRun({ text: `\t${b.role}` })],
        });
      case "title":
        return new Paragraph({ alignment: AlignmentType.CENTER, spacing: { before: 240, after: 240 }, children: [run(b.text, true)] });
      case "heading":
        return new Paragraph({ spacing: { before: 200, after: 80 }, keepNext: true, children: [run(b.text, true)] });
      case "field":
        return new Paragraph({ spacing: after(4), children: [new TextRun({ text: `${b.label}: `, bold: true }), run(b.value)] });
      case "item":
        return new Paragraph({ bullet: { level: 0 }, spacing: after(4), children: [run(b.text)] });
      case "para":
        return new Paragraph({ spacing: after(8), children: [run(b.text)] });
    }
  });
  const doc = new Document({
    creator: "MedLegal",
    title: `${draft.document === "notice" ? "Rule 36(9)(a) notice" : "Rule 36(9)(b) summaries"}, ${draft.caseReference}`,
    styles: { default: { document: { run: { font: "Arial", size: 22 } } } },
    sections: [
      {
        properties: { page: { size: { width: 11906, height: 16838 }, margin: { top: 1417, bottom: 1417, left: 1417, right: 1417 } } },
        children,
      },
    ],
  });
  return Packer.toBuffer(doc);
}
