/**
 * What the PDF worker is given to write a trial bundle (pdf-bundle-writer.mjs) and what it answers;
 * services/bundles/assemble.ts decides the names and hands the job over (docs/decisions.md, "Trial bundle files").
 */
export type BundleEntryInput = {
  /** A PDF on disk. */
  path: string;
  /** Display strings (the date already en-ZA). */
  description: string;
  party: string;
  author: string;
  date: string;
  /** One per page of the source PDF (`C-001`), from the numbering rules; may have gaps. */
  pageLabels: string[];
};

export type BundleChange = { kind: "added" | "replaced" | "withdrawn"; description: string; pages: string };

export type BundleSectionInput = {
  letter: string;
  title: string;
  entries: BundleEntryInput[];
  /** What changed since the served version, printed after the index table when present. */
  changes?: BundleChange[];
};

/** What the worker is given (names decided here) and what it answers. */
export type BundleJob = {
  heading: string;
  outDir: string;
  sections: (BundleSectionInput & { fileName: string })[];
  csv: string;
  names: { whole: string; indexPdf: string; indexCsv: string; zip: string };
};
export type BundleJobResult = { sections: { letter: string; fileName: string; pages: number; indexPages: number }[]; pages: number };
