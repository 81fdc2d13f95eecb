import { mkdir } from "node:fs/promises";
import { csvDocument } from "../platform/csv";
import type { BundleSectionInput } from "../files/pdf-bundle-job";
import { PDF_LIMITS, runJob } from "../files/pdf-jobs";

export type { BundleChange, BundleEntryInput, BundleSectionInput } from "../files/pdf-bundle-job";

/**
 * A trial bundle's files (issue 41): a PDF per section and one of the whole bundle, every page
 * stamped with its number (`C-014`) in a strip added above the page's own content, an index with
 * links at the front of each section, bookmarks per document; the index also as PDF and CSV, and
 * a ZIP of the section PDFs named for upload. Written by the PDF worker as a stream
 * (files/pdf-bundle-writer.mjs; docs/decisions.md, "Trial bundle files"), so a 2,000-page bundle costs that
 * thread the memory of its largest source file, never the request thread's time.
 */
export type BundleAssemblyInput = { heading: string; sections: BundleSectionInput[]; outDir: string };

export type BundleAssemblyResult = {
  sections: { letter: string; fileName: string; pages: number; indexPages: number }[];
  wholeFileName: string;
  indexPdfFileName: string;
  indexCsvFileName: string;
  zipFileName: string;
  pages: number;
};

export const BUNDLE_FILE_NAMES = { whole: "Bundle.pdf", indexPdf: "Index.pdf", indexCsv: "Index.csv", zip: "Bundle.zip" } as const;

/**
 * A name a file can have on Windows, macOS and Linux (and CaseLines' upload): characters none of
 * them allow become "-", runs of spaces one, no leading or trailing dots or spaces, at most 150 characters.
 */
export function safeFileName(name: string): string {
  const cleaned = name
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, "-")
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "");
  return cleaned.slice(0, 150).trim() || "Section";
}

/** `C - Plaintiff expert reports.pdf` */
export const sectionFileName = (section: Pick<BundleSectionInput, "letter" | "title">) =>
  `${safeFileName(`${section.letter} - ${section.title}`)}.pdf`;

const range = (labels: string[]) => (labels.length > 1 ? `${labels[0]} – ${labels[labels.length - 1]}` : (labels[0] ?? ""));

/** The index as CSV: a row per document, in bundle order. */
export const bundleIndexCsv = (sections: BundleSectionInput[]) =>
  csvDocument(
    "Section,Description,Party,Author,Date,Pages",
    sections.flatMap((section) =>
      section.entries.map((entry) => [section.letter, entry.description, entry.party, entry.author, entry.date, range(entry.pageLabels)]),
    ),
  );

/**
 * Writes the bundle's files into `outDir` (made when missing) in a PDF worker. A source file that
 * cannot be opened, or whose pages do not match its labels, is refused with a sentence naming it.
 */
export async function assembleBundle(input: BundleAssemblyInput): Promise<BundleAssemblyResult> {
  if (input.sections.length === 0) throw new Error("A bundle needs at least one section");
  const names = new Set<string>(Object.values(BUNDLE_FILE_NAMES));
  const sections = input.sections.map((section) => {
    const fileName = sectionFileName(section);
    // Two sections whose names clean to the same file would overwrite each other in the ZIP.
    if (names.has(fileName)) throw new Error(`Two files of the bundle would be named "${fileName}"`);
    names.add(fileName);
    return { ...section, fileName };
  });
  await mkdir(input.outDir, { recursive: true });
  const answer = await runJob(
    {
      op: "bundle",
      objectStreamBytes: PDF_LIMITS.objectStreamBytes,
      heading: input.heading,
      outDir: input.outDir,
      sections,
      csv: bundleIndexCsv(input.sections),
      names: { ...BUNDLE_FILE_NAMES },
    },
    PDF_LIMITS.bundleTimeoutMs,
    "The bundle took too long to put together. Try again in a few minutes; if it happens again, split its longest section.",
  );
  const result = answer.bundle!;
  return {
    sections: result.sections,
    wholeFileName: BUNDLE_FILE_NAMES.whole,
    indexPdfFileName: BUNDLE_FILE_NAMES.indexPdf,
    indexCsvFileName: BUNDLE_FILE_NAMES.indexCsv,
    zipFileName: BUNDLE_FILE_NAMES.zip,
    pages: result.pages,
  };
}
