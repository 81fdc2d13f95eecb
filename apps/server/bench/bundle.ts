/**
 * `pnpm bench:bundle` (also part of `pnpm bench`): a trial bundle (issue 41) assembled by the PDF
 * worker, as the server does it, for 500 and 2,000 pages of reports: how long it takes (target:
 * 2,000 pages within 60 s) and the process's peak resident memory, the worker's included, for each
 * (target: about the same for both, since pages are streamed to disk and never held together).
 * Each size runs in a process of its own, so one peak is not the other's; the source reports are
 * made once beforehand (50-page reports with text and a scanned-looking image on every page).
 * Nothing here passes or fails: it prints the figures next to their targets.
 */
import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { promisify } from "node:util";
import { degrees, PDFDocument, StandardFonts } from "pdf-lib";
import { machine, row } from "./report";

const PAGES_PER_REPORT = 50;
const SIZES = [500, Number(process.env.BENCH_BUNDLE_PAGES ?? 2000)];
/** Bytes of noise behind each page's image, so a page weighs about what a scanned page of a report does. */
const IMAGE_BYTES = Number(process.env.BENCH_BUNDLE_IMAGE_BYTES ?? 40_000);

type Figures = { pages: number; seconds: number; baselineMb: number; peakMb: number; bytes: number };

/** A 50-page report: a few lines of text and an image per page; every third report is turned and cropped. */
async function report(n: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= PAGES_PER_REPORT; i++) {
    const page = doc.addPage([595.28, 841.89]);
    if (n % 3 === 2) {
      page.setRotation(degrees(90));
      page.setCropBox(20, 20, 555, 800);
    }
    // A grey image of noise: Flate cannot shrink it, as it cannot shrink a scan.
    const side = Math.floor(Math.sqrt(IMAGE_BYTES));
    const image = doc.context.flateStream(randomBytes(side * side), {
      Type: "XObject",
      Subtype: "Image",
      Width: side,
      Height: side,
      ColorSpace: "DeviceGray",
      BitsPerComponent: 8,
    });
    const name = page.node.newXObject("Scan", doc.context.register(image));
    page.drawText(`Report ${n + 1}, page ${i}: history, examination, findings and opinion.`, { x: 50, y: 800, size: 11, font });
    for (let line = 0; line < 20; line++)
      page.drawText(`Line ${line + 1} of the report's text, as an expert writes it, with dates and measurements.`, {
        x: 50,
        y: 770 - line * 14,
        size: 9,
        font,
      });
    const content = doc.context.register(doc.context.stream(`q 300 0 0 300 150 100 cm /${name.decodeText()} Do Q\n`));
    page.node.addContentStream(content);
  }
  // Without object streams, as most producers of reports write them.
  return doc.save({ useObjectStreams: false });
}

/** Runs in a process of its own: assembles one bundle and prints its figures as JSON. */
async function assembleOnce(dir: string, pages: number): Promise<void> {
  const { assembleBundle } = await import("../../../packages/api/src/services/bundles/assemble");
  const reports = pages / PAGES_PER_REPORT;
  // Two sections (plaintiff's and defendant's reports), numbered without gaps.
  const half = Math.ceil(reports / 2);
  const section = (letter: string, from: number, to: number) => ({
    letter,
    title: letter === "C" ? "Plaintiff expert reports" : "Defendant expert reports",
    entries: Array.from({ length: to - from }, (_, i) => ({
      path: join(dir, `report-${(from + i) % 6}.pdf`),
      description: `Expert report ${from + i + 1}`,
      party: letter === "C" ? "Plaintiff" : "Defendant",
      author: `Dr Expert ${from + i + 1}`,
      date: "7 Dec 2026",
      pageLabels: Array.from({ length: PAGES_PER_REPORT }, (_, p) => `${letter}-${String(i * PAGES_PER_REPORT + p + 1).padStart(3, "0")}`),
    })),
  });
  const baselineMb = process.memoryUsage().rss / 1024 ** 2;
  const outDir = join(dir, `out-${pages}`);
  const started = performance.now();
  const result = await assembleBundle({
    heading: "Thandiwe Dlamini v Road Accident Fund — case 2025/14321 — expert bundle, version 2",
    sections: [section("C", 0, half), section("D", half, reports)],
    outDir,
  });
  const seconds = (performance.now() - started) / 1000;
  // The peak resident set of the whole process, the worker thread's heap included.
  const peakMb = process.resourceUsage().maxRSS / 1024;
  const bytes = (await stat(join(outDir, result.wholeFileName))).size;
  const figures: Figures = { pages: result.pages, seconds, baselineMb, peakMb, bytes };
  console.log(JSON.stringify(figures));
}

async function main() {
  console.log(`Trial bundle assembly (issue 41) on ${machine()}`);
  const dir = await mkdtemp(join(tmpdir(), "bench-bundle-"));
  try {
    // Six different reports, used in turn (each entry is still read and copied on its own).
    for (let n = 0; n < 6; n++) await writeFile(join(dir, `report-${n}.pdf`), await report(n));
    const sourceMb = (await stat(join(dir, "report-0.pdf"))).size / 1024 ** 2;
    console.log(`  source reports: ${PAGES_PER_REPORT} pages, ${sourceMb.toFixed(1)} MB each`);
    const results: Figures[] = [];
    for (const pages of SIZES) {
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [...process.execArgv, new URL(import.meta.url).pathname, "--assemble", dir, String(pages)],
        { maxBuffer: 1024 * 1024 },
      );
      const figures = JSON.parse(stdout.trim().split("\n").pop()!) as Figures;
      results.push(figures);
      const label = `${figures.pages.toLocaleString("en-US")} pages (with the index), whole PDF ${(figures.bytes / 1024 ** 2).toFixed(0)} MB`;
      const target = pages >= 2000 ? 60 : null;
      row(`${label}: time`, `${figures.seconds.toFixed(1)} s`, target ? `< ${target} s` : "-", target ? figures.seconds < target : null);
      row(`  the same, peak resident memory (baseline ${figures.baselineMb.toFixed(0)} MB)`, `${figures.peakMb.toFixed(0)} MB`, "-", null);
    }
    const [small, large] = results as [Figures, Figures];
    const ratio = large.peakMb / small.peakMb;
    const added = (large.peakMb - large.baselineMb) / Math.max(1, small.peakMb - small.baselineMb);
    row(`peak memory, ${large.pages} pages against ${small.pages}`, `${ratio.toFixed(2)}x`, "<= 1.2x", ratio <= 1.2);
    row("  the same, memory the assembly adds (peak - baseline)", `${added.toFixed(2)}x`, "-", null);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--assemble") await assembleOnce(process.argv[3]!, Number(process.argv[4]));
else await main();
