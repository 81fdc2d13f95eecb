import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  BUNDLE_SECTIONS,
  isSectionOrder,
  numberBundle,
  pageLabel,
  pageRange,
  placementLabels,
  sectionLetters,
  type BundleDocument,
  type BundleNumbering,
  type BundleSection,
  type ServedNumbering,
} from "../../src/bundles/numbering";

const order = BUNDLE_SECTIONS;
const letters = sectionLetters(order);
const doc = (key: string, section: BundleSection, pages: number, version = "v1"): BundleDocument => ({ key, version, section, pages });
const served = (n: BundleNumbering): ServedNumbering => ({ placements: n.placements, servedThrough: n.servedThrough });
/** Every page's stamp in a bundle, by document key. */
const stamps = (n: BundleNumbering) => new Map(n.placements.map((p) => [`${p.key}@${p.version}`, placementLabels(letters[p.section], p)]));

describe("the trial bundle's page numbers", () => {
  it("letters the sections in the case's order and stamps three digits at least", () => {
    expect(letters.expert_notices).toBe("A");
    expect(letters.plaintiff_reports).toBe("C");
    expect(letters.medical_records).toBe("G");
    const reordered = sectionLetters(["plaintiff_reports", ...order.filter((s) => s !== "plaintiff_reports")]);
    expect(reordered.plaintiff_reports).toBe("A");
    expect(reordered.expert_notices).toBe("B");
    expect(pageLabel("C", 14)).toBe("C-014");
    expect(pageLabel("C", 1204)).toBe("C-1204");
    expect(pageRange("C", 14, 1)).toBe("C-014");
    expect(pageRange("C", 14, 6)).toBe("C-014 – C-019");
    expect(isSectionOrder([...order].reverse())).toBe(true);
    expect(isSectionOrder(order.slice(1))).toBe(false);
    expect(isSectionOrder([...order.slice(1), "plaintiff_reports"])).toBe(false);
  });

  it("numbers each section from 1 in the order given, a report followed by its addendum", () => {
    const n = numberBundle(
      order,
      [
        doc("ortho", "plaintiff_reports", 12),
        doc("ortho-addendum", "plaintiff_reports", 3),
        doc("np", "plaintiff_reports", 20),
        doc("minute", "joint_minutes", 4),
      ],
      null,
    );
    expect(n.placements.map((p) => [p.key, pageRange(letters[p.section], p.firstPage, p.pages)])).toEqual([
      ["ortho", "C-001 – C-012"],
      ["ortho-addendum", "C-013 – C-015"],
      ["np", "C-016 – C-035"],
      ["minute", "E-001 – E-004"],
    ]);
    expect(n.changes).toEqual([]);
    expect(n.servedThrough).toEqual({ plaintiff_reports: 35, joint_minutes: 4 });
  });

  it("puts a document added after service at the end of its section and keeps every served number", () => {
    const first = numberBundle(order, [doc("ortho", "plaintiff_reports", 12), doc("np", "plaintiff_reports", 20)], null);
    const second = numberBundle(
      order,
      [doc("ortho", "plaintiff_reports", 12), doc("ortho-addendum", "plaintiff_reports", 3), doc("np", "plaintiff_reports", 20)],
      served(first),
    );
    expect(second.placements.map((p) => [p.key, p.firstPage])).toEqual([
      ["ortho", 1],
      ["np", 13],
      ["ortho-addendum", 33],
    ]);
    expect(second.changes).toEqual([{ kind: "added", key: "ortho-addendum", section: "plaintiff_reports", firstPage: 33, pages: 3 }]);
  });

  it("adds a new version of a served document at the end and leaves its old numbers unused", () => {
    const first = numberBundle(order, [doc("ortho", "plaintiff_reports", 12), doc("np", "plaintiff_reports", 20)], null);
    const second = numberBundle(order, [doc("ortho", "plaintiff_reports", 14, "v2"), doc("np", "plaintiff_reports", 20)], served(first));
    expect(second.placements.map((p) => [p.key, p.version, p.firstPage])).toEqual([
      ["np", "v1", 13],
      ["ortho", "v2", 33],
    ]);
    expect(second.changes).toEqual([
      { kind: "replaced", key: "ortho", section: "plaintiff_reports", firstPage: 33, pages: 14, was: { firstPage: 1, pages: 12 } },
    ]);
  });

  it("never gives a withdrawn document's numbers to another page, even once a later bundle is served without it", () => {
    const first = numberBundle(order, [doc("ortho", "plaintiff_reports", 12), doc("np", "plaintiff_reports", 20)], null);
    const second = numberBundle(order, [doc("ortho", "plaintiff_reports", 12)], served(first));
    expect(second.changes).toEqual([{ kind: "withdrawn", key: "np", section: "plaintiff_reports", was: { firstPage: 13, pages: 20 } }]);
    expect(second.servedThrough.plaintiff_reports).toBe(32);
    const third = numberBundle(order, [doc("ortho", "plaintiff_reports", 12), doc("ot", "plaintiff_reports", 5)], served(second));
    expect(third.placements.find((p) => p.key === "ot")!.firstPage).toBe(33);
    // The withdrawal was told in the second bundle; the third compares with the second.
    expect(third.changes).toEqual([{ kind: "added", key: "ot", section: "plaintiff_reports", firstPage: 33, pages: 5 }]);
  });

  it("reads a document moved to another section as withdrawn from one and added to the other", () => {
    const first = numberBundle(order, [doc("report", "defendant_reports", 6)], null);
    const second = numberBundle(order, [doc("report", "plaintiff_reports", 6)], served(first));
    expect(second.changes).toEqual([
      { kind: "added", key: "report", section: "plaintiff_reports", firstPage: 1, pages: 6 },
      { kind: "withdrawn", key: "report", section: "defendant_reports", was: { firstPage: 1, pages: 6 } },
    ]);
    expect(second.servedThrough.defendant_reports).toBe(6);
  });

  it("refuses a document twice or without pages", () => {
    expect(() => numberBundle(order, [doc("a", "raf4", 2), doc("a", "raf4", 2)], null)).toThrow("twice");
    expect(() => numberBundle(order, [doc("a", "raf4", 0)], null)).toThrow("no pages");
  });

  // The property: no page number served in version N changes in version N+1, and no number
  // ever served is given to another page, over chains of bundles with any additions, new versions,
  // withdrawals and reorderings of what is chosen.
  it("never renumbers a served page, over any chain of served bundles", () => {
    const section = fc.constantFrom<BundleSection>("plaintiff_reports", "defendant_reports", "joint_minutes");
    const step = fc.record({
      add: fc.array(fc.record({ section, pages: fc.integer({ min: 1, max: 30 }) }), { maxLength: 4 }),
      withdraw: fc.array(fc.nat(), { maxLength: 3 }),
      revise: fc.array(fc.record({ at: fc.nat(), pages: fc.integer({ min: 1, max: 30 }) }), { maxLength: 2 }),
      shuffle: fc.array(fc.nat(), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 6 }), (steps) => {
        const documents: BundleDocument[] = [];
        let previous: ServedNumbering | null = null;
        let made = 0;
        /** Every stamp ever served, with the page it was given to (`key@version#page`). */
        const everServed = new Map<string, string>();
        for (const s of steps) {
          for (const a of s.add) documents.push(doc(`d${made++}`, a.section, a.pages));
          for (const w of s.withdraw) if (documents.length) documents.splice(w % documents.length, 1);
          for (const r of s.revise)
            if (documents.length) {
              const i = r.at % documents.length;
              documents[i] = { ...documents[i]!, version: `${documents[i]!.version}+`, pages: r.pages };
            }
          for (const x of s.shuffle) if (documents.length > 1) documents.push(...documents.splice(x % documents.length, 1));
          if (!documents.length) continue;
          const n = numberBundle(order, documents, previous);
          const before = previous ? stamps({ placements: previous.placements, changes: [], servedThrough: {} }) : new Map();
          const after = stamps(n);
          for (const [page, labels] of before) if (after.has(page)) expect(after.get(page)).toEqual(labels);
          for (const [page, labels] of after)
            labels.forEach((label, i) => {
              const owner = everServed.get(label);
              if (owner !== undefined) expect(owner).toBe(`${page}#${i}`);
            });
          const all = [...after.values()].flat();
          expect(new Set(all).size).toBe(all.length);
          for (const [page, labels] of after) labels.forEach((label, i) => everServed.set(label, `${page}#${i}`));
          previous = served(n);
        }
      }),
      { numRuns: 300 },
    );
  });
});
