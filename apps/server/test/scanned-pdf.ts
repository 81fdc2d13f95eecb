import { randomBytes } from "node:crypto";
import { concatTransformationMatrix, drawObject, PDFDocument, PDFName, popGraphicsState, pushGraphicsState, StandardFonts } from "pdf-lib";

/**
 * A scanned PDF: `scanned` pages that are a grey image alone (`bytesPerPage` each, incompressible),
 * then `typed` pages with text, as a scanner's OCR or a word processor makes them.
 */
export async function scannedPdf(scanned: number, typed = 0, bytesPerPage = 20_000): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const width = 200;
  const height = Math.ceil(bytesPerPage / width);
  for (let i = 0; i < scanned; i++) {
    const page = pdf.addPage([595, 842]);
    const image = pdf.context.register(
      pdf.context.stream(randomBytes(width * height), {
        Type: "XObject",
        Subtype: "Image",
        Width: width,
        Height: height,
        ColorSpace: "DeviceGray",
        BitsPerComponent: 8,
      }),
    );
    page.node.setXObject(PDFName.of("Scan"), image);
    page.pushOperators(pushGraphicsState(), concatTransformationMatrix(500, 0, 0, 700, 40, 60), drawObject("Scan"), popGraphicsState());
  }
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < typed; i++) pdf.addPage([595, 842]).drawText(`Discharge summary, page ${i + 1}`, { x: 50, y: 780, size: 12, font });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
