/**
 * The page numbers of a case's trial bundle (issue 41): pure rules. Every page of a document is
 * stamped with its section's letter and a number (`C-014`). Once a bundle is served those numbers
 * belong to the pages the other side and the court hold: a later bundle keeps every one of them,
 * adds new documents (and new versions of served ones) after the highest number ever served in the
 * section, and never gives a withdrawn or replaced document's numbers to another page.
 * docs/decisions.md, "Trial bundle numbering".
 */

/** The sections of a bundle, in their default order (letters A to G). */
export const BUNDLE_SECTIONS = [
  "expert_notices",
  "expert_summaries",
  "plaintiff_reports",
  "defendant_reports",
  "joint_minutes",
  "raf4",
  "medical_records",
] as const;
export type BundleSection = (typeof BUNDLE_SECTIONS)[number];

export const BUNDLE_SECTION_TITLE: Record<BundleSection, string> = {
  expert_notices: "Rule 36(9)(a) notices",
  expert_summaries: "Rule 36(9)(b) summaries",
  plaintiff_reports: "Plaintiff expert reports",
  defendant_reports: "Defendant expert reports",
  joint_minutes: "Joint minutes",
  raf4: "RAF 4 and outcomes",
  medical_records: "Medical records",
};

/** A section's letter: its place in the case's order (A for the first). */
export function sectionLetters(order: readonly BundleSection[]): Record<BundleSection, string> {
  const letters = {} as Record<BundleSection, string>;
  order.forEach((section, i) => (letters[section] = String.fromCharCode(65 + i)));
  return letters;
}

/** Whether `order` names every section once: the only orders a case may keep. */
export function isSectionOrder(order: readonly string[]): order is BundleSection[] {
  return order.length === BUNDLE_SECTIONS.length && BUNDLE_SECTIONS.every((s) => order.includes(s));
}

/** A page's stamp: the section's letter and the page's number, three digits at least (`C-014`). */
export function pageLabel(letter: string, page: number): string {
  return `${letter}-${String(page).padStart(3, "0")}`;
}

/** Pages as a range for an index or a change list: `C-014` alone, `C-014 – C-019` for more. */
export function pageRange(letter: string, firstPage: number, pages: number): string {
  return pages <= 1 ? pageLabel(letter, firstPage) : `${pageLabel(letter, firstPage)} – ${pageLabel(letter, firstPage + pages - 1)}`;
}

/** A document chosen for a bundle: `key` names the document across its versions, `version` the one used. */
export type BundleDocument = { key: string; version: string; section: BundleSection; pages: number };

/** Where a document's pages sit in one bundle. */
export type BundlePlacement = { key: string; version: string; section: BundleSection; firstPage: number; pages: number };

/** What a served bundle fixed for good: its placements, and each section's highest page number ever served. */
export type ServedNumbering = { placements: BundlePlacement[]; servedThrough: Partial<Record<BundleSection, number>> };

export type BundleChange =
  | { kind: "added"; key: string; section: BundleSection; firstPage: number; pages: number }
  | { kind: "replaced"; key: string; section: BundleSection; firstPage: number; pages: number; was: { firstPage: number; pages: number } }
  | { kind: "withdrawn"; key: string; section: BundleSection; was: { firstPage: number; pages: number } };

export type BundleNumbering = {
  /** Section by section in the case's order, each in page order. */
  placements: BundlePlacement[];
  /** Since the served bundle (none without one), section by section. */
  changes: BundleChange[];
  /** What this bundle fixes when it is served in its turn. */
  servedThrough: Partial<Record<BundleSection, number>>;
};

/**
 * Numbers a bundle's pages. `documents` come in the order they should appear within each section
 * (a report, then its addenda). Without a served bundle each section runs from 1. With one, every
 * served document still chosen in the same version keeps its pages; everything else follows the
 * highest number ever served in its section, in the given order.
 */
export function numberBundle(
  order: readonly BundleSection[],
  documents: readonly BundleDocument[],
  served: ServedNumbering | null,
): BundleNumbering {
  const seen = new Set<string>();
  for (const d of documents) {
    if (seen.has(d.key)) throw new Error(`A document is in the bundle twice: ${d.key}`);
    if (!Number.isInteger(d.pages) || d.pages < 1) throw new Error(`A document has no pages: ${d.key}`);
    seen.add(d.key);
  }
  const chosen = new Map(documents.map((d) => [d.key, d]));
  const placements: BundlePlacement[] = [];
  const changes: BundleChange[] = [];
  const servedThrough: Partial<Record<BundleSection, number>> = {};

  for (const section of order) {
    const servedHere = (served?.placements ?? []).filter((p) => p.section === section).sort((a, b) => a.firstPage - b.firstPage);
    const kept = new Set<string>();
    for (const p of servedHere) {
      const now = chosen.get(p.key);
      if (now && now.version === p.version && now.section === section) {
        placements.push({ ...p });
        kept.add(p.key);
      }
    }
    let next = (served?.servedThrough[section] ?? 0) + 1;
    for (const d of documents) {
      if (d.section !== section || kept.has(d.key)) continue;
      placements.push({ key: d.key, version: d.version, section, firstPage: next, pages: d.pages });
      const before = servedHere.find((p) => p.key === d.key);
      if (before) changes.push({ kind: "replaced", key: d.key, section, firstPage: next, pages: d.pages, was: pagesOf(before) });
      else if (served) changes.push({ kind: "added", key: d.key, section, firstPage: next, pages: d.pages });
      next += d.pages;
    }
    for (const p of servedHere) {
      const now = chosen.get(p.key);
      // A document moved to another section reads as withdrawn here and added there.
      if (!now || now.section !== section) changes.push({ kind: "withdrawn", key: p.key, section, was: pagesOf(p) });
    }
    const highest = Math.max(served?.servedThrough[section] ?? 0, next - 1);
    if (highest > 0) servedThrough[section] = highest;
  }
  return { placements, changes, servedThrough };
}

function pagesOf(p: BundlePlacement) {
  return { firstPage: p.firstPage, pages: p.pages };
}

/** Each page's stamp of a placed document, in page order. */
export function placementLabels(letter: string, placement: Pick<BundlePlacement, "firstPage" | "pages">): string[] {
  return Array.from({ length: placement.pages }, (_, i) => pageLabel(letter, placement.firstPage + i));
}
