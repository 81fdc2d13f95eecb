import { deflateSync } from "node:zlib";

/** PDFs written byte by byte for the upload checks: a bomb, many pages, an encrypted file. */

/** A PDF file of these numbered objects (1 is the catalog), with its cross-reference table. */
export function pdfOf(objects: (string | Buffer)[]): Buffer {
  const parts = [Buffer.from("%PDF-1.7\n")];
  const offsets: number[] = [];
  let at = parts[0]!.length;
  objects.forEach((body, i) => {
    const part = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`), Buffer.from(body), Buffer.from("\nendobj\n")]);
    offsets.push(at);
    at += part.length;
    parts.push(part);
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`));
  return Buffer.concat(parts);
}

export const PAGE = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>";

/** One page, and an object stream of 200 kB that unpacks to `mb` MB (the issue's "small PDF"). */
export function pdfBomb(mb: number): Buffer {
  const inner = Buffer.concat([Buffer.from("4 0 << /Padding true >>"), Buffer.alloc(mb * 1024 * 1024, 0x20)]);
  const packed = deflateSync(inner, { level: 9 });
  const stream = Buffer.concat([
    Buffer.from(`<< /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n`),
    packed,
    Buffer.from("\nendstream"),
  ]);
  return pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", PAGE, stream]);
}

/** A plain report of `n` blank pages. */
export function manyPages(n: number): Buffer {
  const kids = Array.from({ length: n }, (_, i) => `${i + 3} 0 R`).join(" ");
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${kids}] /Count ${n} >>`,
    ...Array.from({ length: n }, () => PAGE),
  ]);
}

/** One page whose trailer says it is encrypted: opened without its password, nothing can be read. */
export function encryptedPdf(): Buffer {
  const plain = pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    PAGE,
    "<< /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>",
  ]);
  return Buffer.from(plain.toString("latin1").replace("/Root 1 0 R", "/Root 1 0 R /Encrypt 4 0 R"), "latin1");
}

/** The smallest PDF that opens as is: one blank A4 page. */
export const ONE_PAGE_PDF = pdfOf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", PAGE]);
