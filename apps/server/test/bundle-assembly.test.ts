import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { PDFHexString, PDFRef, PDFString } from "pdf-lib";
import { degrees, PDFArray, PDFDict, PDFDocument, PDFName, StandardFonts } from "pdf-lib";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BundleAssemblyInput, BundleAssemblyResult } from "../../../packages/api/src/services/bundles/assemble";
import { assembleBundle } from "../../../packages/api/src/services/bundles/assemble";
import { openPdf } from "../../../packages/api/src/services/platform/pdf";
import { pdfText } from "./pdf-text";

const run = promisify(execFile);

/** A report as a word processor makes one (pdfkit): A4, a line of text near the top of each page. */
async function pdfkitReport(pages: number, title: string): Promise<Buffer> {
  const { pdf, bytes } = await openPdf({ Title: title });
  for (let i = 1; i <= pages; i++) {
    if (i > 1) pdf.addPage();
    pdf.fontSize(12).text(`${title} page ${i}`, 40, 10, { lineBreak: false });
  }
  pdf.end();
  return bytes;
}

/**
 * Pages made with pdf-lib: a given size and rotation, optionally a crop box with a non-zero origin;
 * a line of text at the very top of what is shown (as displayed), which the stamp must stay clear of.
 */
async function pdfLibReport(
  pages: number,
  title: string,
  { size = [400, 500], rotate = 0, crop }: { size?: [number, number]; rotate?: number; crop?: [number, number, number, number] } = {},
) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) {
    const page = doc.addPage(size);
    page.setRotation(degrees(rotate));
    if (crop) page.setCropBox(...crop);
    const [x, y, w, h] = crop ?? [0, 0, size[0], size[1]];
    const text = `${title} page ${i}`;
    // The top as displayed, 12 points in from that edge.
    const at =
      rotate === 90
        ? { x: x + 12, y: y + 10, rotate: degrees(90) }
        : rotate === 180
          ? { x: x + w - 10, y: y + 12, rotate: degrees(180) }
          : rotate === 270
            ? { x: x + w - 12, y: y + h - 10, rotate: degrees(-90) }
            : { x: x + 10, y: y + h - 12, rotate: degrees(0) };
    page.drawText(text, { ...at, size: 10, font });
  }
  return doc.save();
}

let dir: string;
let input: BundleAssemblyInput;
let result: BundleAssemblyResult;

const entry = (name: string, description: string, pageLabels: string[], party = "Plaintiff") => ({
  path: join(dir, name),
  description,
  party,
  author: `Dr ${description.split(" ")[0]}`,
  date: "7 Dec 2026",
  pageLabels,
});

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "bundle-assembly-"));
  await writeFile(join(dir, "ortho.pdf"), await pdfkitReport(4, "Ortho"));
  await writeFile(join(dir, "ot.pdf"), await pdfLibReport(2, "OT", { rotate: 90 }));
  await writeFile(join(dir, "neuro.pdf"), await pdfLibReport(2, "Neuro", { size: [612, 792], rotate: 180, crop: [30, 40, 500, 700] }));
  await writeFile(join(dir, "actuary.pdf"), await pdfLibReport(1, "Actuary", { size: [842, 595], rotate: 270 }));
  input = {
    heading: "Thandiwe Dlamini v Road Accident Fund — case 2025/14321 — expert bundle, version 2",
    outDir: join(dir, "out"),
    sections: [
      {
        letter: "C",
        title: "Plaintiff expert reports",
        entries: [
          entry("ortho.pdf", "Orthopaedic surgeon's report", ["C-001", "C-002", "C-003", "C-004"]),
          // A gap: the numbering rules keep C-005 to C-008 for a withdrawn report.
          entry("ot.pdf", "Occupational therapist's report", ["C-009", "C-015"]),
          entry("neuro.pdf", 'Neurosurgeon\'s report, "addendum"', ["C-016", "C-017"]),
        ],
        changes: [{ kind: "withdrawn", description: "Psychologist's report", pages: "C-005 – C-008" }],
      },
      { letter: "D", title: "Defendant: expert reports", entries: [entry("actuary.pdf", "Actuarial report", ["D-001"], "Defendant")] },
    ],
  };
  result = await assembleBundle(input);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

type Item = { str: string; x: number; y: number };

/** Each page's text items where a reader shows them: viewport points (y down from the top as displayed), rotation applied. */
async function pagesOf(data: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: { items: Item[]; width: number; height: number }[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const viewport = page.getViewport({ scale: 1 });
    const items = (await page.getTextContent()).items
      .filter((item) => "str" in item && item.str.trim())
      .map((item) => {
        const { str, transform } = item as { str: string; transform: number[] };
        const [x, y] = viewport.convertToViewportPoint(transform[4]!, transform[5]!);
        return { str, x: x!, y: y! };
      });
    pages.push({ items, width: viewport.width, height: viewport.height });
  }
  return { pages, labels: await pdf.getPageLabels(), outline: await pdf.getOutline() };
}

describe("assembleBundle", () => {
  it("names the files as uploaded to CaseLines and counts the pages", () => {
    expect(result).toEqual({
      sections: [
        { letter: "C", fileName: "C - Plaintiff expert reports.pdf", pages: 9, indexPages: 1 },
        { letter: "D", fileName: "D - Defendant- expert reports.pdf", pages: 2, indexPages: 1 },
      ],
      wholeFileName: "Bundle.pdf",
      indexPdfFileName: "Index.pdf",
      indexCsvFileName: "Index.csv",
      zipFileName: "Bundle.zip",
      pages: 11,
    });
  });

  it("stamps every page with its label in a strip above the document's own text, on the top edge as displayed", async () => {
    const section = await pagesOf(await readFile(join(input.outDir, result.sections[0]!.fileName)));
    const expected = ["C-i", "C-001", "C-002", "C-003", "C-004", "C-009", "C-015", "C-016", "C-017"];
    expect(section.labels).toEqual(expected);
    section.pages.forEach((page, i) => {
      const label = page.items.find((item) => item.str === expected[i])!;
      expect(label, expected[i]).toBeTruthy();
      // In the 20-point strip at the top, right-aligned, and everything else of the page below the strip.
      expect(label.y).toBeLessThan(20);
      expect(label.x).toBeGreaterThan(page.width / 2);
      for (const item of page.items.filter((other) => other !== label)) expect(item.y, `${expected[i]}: ${item.str}`).toBeGreaterThan(20);
    });
    // The document's own text is all there, on the page its label names.
    expect(section.pages[1]!.items.map((item) => item.str).join(" ")).toContain("Ortho page 1");
    expect(section.pages[6]!.items.map((item) => item.str).join(" ")).toContain("OT page 2");
    expect(section.pages[8]!.items.map((item) => item.str).join(" ")).toContain("Neuro page 2");

    const other = await pagesOf(await readFile(join(input.outDir, result.sections[1]!.fileName)));
    expect(other.labels).toEqual(["D-i", "D-001"]);
    const actuary = other.pages[1]!;
    const label = actuary.items.find((item) => item.str === "D-001")!;
    expect(label.y).toBeLessThan(20);
    expect(actuary.items.find((item) => item.str.includes("Actuary"))!.y).toBeGreaterThan(20);
  });

  it("writes the whole bundle: every section's pages in order, readable by poppler and pdf-lib", async () => {
    const whole = join(input.outDir, result.wholeFileName);
    const info = (await run("pdfinfo", [whole])).stdout;
    expect(info).toMatch(/Pages:\s+11/);
    const text = (await run("pdftotext", ["-layout", whole, "-"])).stdout;
    const labels = text.split("\f").map((page) => page.match(/\b[CD]-(\d{3}|[ivx]+)\b/)?.[0]);
    expect(labels.slice(0, 11)).toEqual(["C-i", "C-001", "C-002", "C-003", "C-004", "C-009", "C-015", "C-016", "C-017", "D-i", "D-001"]);
    const pdf = await PDFDocument.load(await readFile(whole));
    expect(pdf.getPageCount()).toBe(11);
    expect(pdf.getTitle()).toBe(input.heading);
    // The repository's text reader (PDF.js) reads it too.
    expect(await pdfText(await readFile(whole))).toContain("Actuarial report");
  });

  it("puts a clickable index at the front of each section, each row a link to its document's first page", async () => {
    const data = await readFile(join(input.outDir, result.sections[0]!.fileName));
    const text = await pdfText(data);
    expect(text).toContain("Orthopaedic surgeon's report");
    expect(text).toContain("C-001 – C-004");
    expect(text).toContain("C-009 – C-015");
    expect(text).toContain("Withdrawn: Psychologist's report (C-005 – C-008)");
    const pdf = await PDFDocument.load(data);
    const pages = pdf.getPages();
    const annots = pages[0]!.node.lookup(PDFName.of("Annots"), PDFArray);
    const targets = annots.asArray().map((ref) => {
      const annot = pdf.context.lookup(ref, PDFDict);
      expect(annot.get(PDFName.of("Subtype"))).toBe(PDFName.of("Link"));
      return annot.lookup(PDFName.of("Dest"), PDFArray).get(0) as PDFRef;
    });
    expect(targets).toEqual([pages[1]!.ref, pages[5]!.ref, pages[7]!.ref]);
  });

  it("gives bookmarks: one per document in a section, one per section with its documents in the whole bundle", async () => {
    const section = await pagesOf(await readFile(join(input.outDir, result.sections[0]!.fileName)));
    expect(section.outline.map((item) => item.title)).toEqual([
      "Orthopaedic surgeon's report",
      "Occupational therapist's report",
      'Neurosurgeon\'s report, "addendum"',
    ]);
    const whole = await pagesOf(await readFile(join(input.outDir, result.wholeFileName)));
    expect(whole.outline.map((item) => [item.title, item.items.map((child) => child.title)])).toEqual([
      [
        "C - Plaintiff expert reports",
        ["Orthopaedic surgeon's report", "Occupational therapist's report", 'Neurosurgeon\'s report, "addendum"'],
      ],
      ["D - Defendant: expert reports", ["Actuarial report"]],
    ]);
    // A bookmark leads to its document's first page (pdf-lib reads the same outline).
    const pdf = await PDFDocument.load(await readFile(join(input.outDir, result.wholeFileName)));
    const outlines = pdf.catalog.lookup(PDFName.of("Outlines"), PDFDict);
    const first = outlines.lookup(PDFName.of("First"), PDFDict);
    expect((first.lookup(PDFName.of("Title")) as PDFHexString | PDFString).decodeText()).toBe("C - Plaintiff expert reports");
    const child = first.lookup(PDFName.of("First"), PDFDict).lookup(PDFName.of("Next"), PDFDict);
    expect(child.lookup(PDFName.of("Dest"), PDFArray).get(0)).toEqual(pdf.getPages()[5]!.ref);
  });

  it("writes the index as CSV and PDF, and a ZIP of the section PDFs with the index", async () => {
    const csv = await readFile(join(input.outDir, result.indexCsvFileName), "utf8");
    expect(csv.split("\r\n")).toEqual([
      "Section,Description,Party,Author,Date,Pages",
      '"C","Orthopaedic surgeon\'s report","Plaintiff","Dr Orthopaedic","7 Dec 2026","C-001 – C-004"',
      '"C","Occupational therapist\'s report","Plaintiff","Dr Occupational","7 Dec 2026","C-009 – C-015"',
      '"C","Neurosurgeon\'s report, ""addendum""","Plaintiff","Dr Neurosurgeon\'s","7 Dec 2026","C-016 – C-017"',
      '"D","Actuarial report","Defendant","Dr Actuarial","7 Dec 2026","D-001"',
      "",
    ]);
    const index = await pdfText(await readFile(join(input.outDir, result.indexPdfFileName)));
    expect(index).toContain("C - Plaintiff expert reports");
    expect(index).toContain("Actuarial report");
    const zip = join(input.outDir, result.zipFileName);
    const names = (await run("unzip", ["-Z1", zip])).stdout.trim().split("\n");
    expect(names).toEqual(["C - Plaintiff expert reports.pdf", "D - Defendant- expert reports.pdf", "Index.pdf", "Index.csv"]);
    await run("unzip", ["-tq", zip]);
    const unzipped = (await run("unzip", ["-p", zip, "Index.csv"])).stdout;
    expect(unzipped).toBe(csv);
  });

  it("goes on to a second index page (C-ii) when the index is long, without moving the documents' numbers", async () => {
    await writeFile(join(dir, "letter.pdf"), await pdfLibReport(1, "Letter"));
    const entries = Array.from({ length: 70 }, (_, i) =>
      entry("letter.pdf", `Letter ${i + 1} to the experts`, [`G-${String(i + 1).padStart(3, "0")}`]),
    );
    const long = { ...input, outDir: join(dir, "long"), sections: [{ letter: "G", title: "Correspondence", entries }] };
    const answer = await assembleBundle(long);
    expect(answer.sections[0]!.indexPages).toBe(2);
    const data = await readFile(join(long.outDir, answer.sections[0]!.fileName));
    const read = await pagesOf(data);
    expect(read.labels?.slice(0, 4)).toEqual(["G-i", "G-ii", "G-001", "G-002"]);
    expect(read.outline).toHaveLength(70);
    // Every row links to its document, from whichever index page it is on.
    const pdf = await PDFDocument.load(data);
    const pages = pdf.getPages();
    const targets = pages
      .slice(0, 2)
      .flatMap((page) => page.node.lookup(PDFName.of("Annots"), PDFArray).asArray())
      .map((ref) => pdf.context.lookup(ref, PDFDict).lookup(PDFName.of("Dest"), PDFArray).get(0));
    expect(targets).toEqual(pages.slice(2).map((page) => page.ref));
  });

  it("refuses a damaged source file with a sentence naming it, and the worker goes on", async () => {
    const broken = join(dir, "broken.pdf");
    await writeFile(broken, "%PDF-1.7\nthis is not a PDF at all");
    const bad = {
      ...input,
      outDir: join(dir, "bad"),
      sections: [
        { letter: "E", title: "Joint minutes", entries: [entry("broken.pdf", "Joint minute of the orthopaedic surgeons", ["E-001"])] },
      ],
    };
    await expect(assembleBundle(bad)).rejects.toThrow(
      /^"Joint minute of the orthopaedic surgeons" \(E-001\): The PDF could not be opened: it may be damaged/,
    );
    const miscounted = { ...bad, sections: [{ ...bad.sections[0]!, entries: [entry("ot.pdf", "OT report", ["E-001"])] }] };
    await expect(assembleBundle(miscounted)).rejects.toThrow('"OT report" (E-001) has 2 page(s) but 1 page number(s) were given for it.');
    // The worker goes on; a section with nothing in it yet still has its index (and no bookmarks).
    const fine = {
      ...bad,
      sections: [
        { ...bad.sections[0]!, entries: [entry("ot.pdf", "OT report", ["E-001", "E-002"])] },
        { letter: "F", title: "Addenda", entries: [] },
      ],
    };
    const answer = await assembleBundle(fine);
    expect(answer.pages).toBe(4);
    expect((await run("pdfinfo", [join(fine.outDir, answer.sections[1]!.fileName)])).stdout).toMatch(/Pages:\s+1/);
    expect((await pagesOf(await readFile(join(fine.outDir, answer.wholeFileName)))).labels).toEqual(["E-i", "E-001", "E-002", "F-i"]);
  });
});
