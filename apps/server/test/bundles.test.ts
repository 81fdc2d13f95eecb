import { describe, expect, it } from "vitest";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { testDialects } from "@medlegal/db/testing";
import { processBundles } from "@medlegal/api";
import { addDays, BUNDLE_SECTIONS, sastDate, type Bundle, type CaseEvidence } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { addEvidence, newCaseOf } from "./bundle-kit";
import { signedInSuite, trpc } from "./helpers";

/** Each page's text as PDF.js reads it, and the bookmarks' titles. */
async function readBack(data: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(data), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const items = (await (await pdf.getPage(i)).getTextContent()).items;
    pages.push(
      items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  const outline = (await pdf.getOutline()) ?? [];
  return { pages, outline: outline.map((o) => [o.title, o.items.map((c) => c.title)] as const) };
}

/** Issue 41 items 2, 3 and 5: a case's bundle made off the request thread, served, and made again without renumbering. */
describe.each(testDialects())("trial bundles on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["employee", "attorney", "nomsa", "consultant"], { workflow: true }, (app) => (t = app));
  const today = sastDate(new Date());

  const ownCase = () => newCaseOf(t.db, ids.attorney!, "CASE-B");
  const add = (caseId: string, name: string, pages: number, section: string, party = "plaintiff") =>
    addEvidence(t.app, c.attorney!, caseId, name, pages, section, party);
  const make = (caseId: string, cookie = c.attorney!) => trpc<Bundle>(t.app, cookie, "bundles.make", { caseId });
  const get = async (id: string) => (await trpc<Bundle>(t.app, c.attorney!, "bundles.get", { id })).data;
  const file = async (bundle: Bundle, kind: string, letter: string | null = null) => {
    const f = bundle.files.find((x) => x.kind === kind && x.letter === letter)!;
    const answer = await t.app.inject({ method: "GET", url: `/api/files/${f.fileId}`, headers: { cookie: c.attorney! } });
    expect(answer.statusCode).toBe(200);
    return answer.rawPayload;
  };

  it("makes a bundle in the background: stamped pages in order, an index with page ranges, bookmarks, and the ZIP", async () => {
    const caseId = await ownCase();
    await add(caseId, "Orthopaedic report", 3, "plaintiff_reports");
    await add(caseId, "Neurosurgeon report", 2, "plaintiff_reports");
    await add(caseId, "Defendant orthopaedic report", 2, "defendant_reports", "defendant");
    const asked = await make(caseId);
    expect(asked.status, asked.error?.message).toBe(200);
    expect(asked.data).toEqual(expect.objectContaining({ number: 1, state: "making", files: [] }));
    const again = await make(caseId);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe("Bundle 1 is still being made. Wait for it to be ready.");

    expect(await processBundles(t.db)).toBeGreaterThanOrEqual(1);
    const bundle = await get(asked.data.id);
    expect(bundle).toEqual(expect.objectContaining({ state: "ready", pages: expect.any(Number), error: null }));
    expect(bundle.entries.map((e) => [e.letter, e.description, e.pages])).toEqual([
      ["C", "Orthopaedic report", "C-001 – C-003"],
      ["C", "Neurosurgeon report", "C-004 – C-005"],
      ["D", "Defendant orthopaedic report", "D-001 – D-002"],
    ]);
    expect(bundle.files.map((f) => f.fileName).sort()).toEqual(
      ["Bundle.pdf", "Bundle.zip", "C - Plaintiff expert reports.pdf", "D - Defendant expert reports.pdf", "Index.csv", "Index.pdf"].sort(),
    );

    const section = await readBack(await file(bundle, "section", "C"));
    // The index first (C-i), then each document's pages stamped in order.
    expect(section.pages[0]).toContain("C-i");
    expect(section.pages[0]).toContain("Orthopaedic report");
    expect(section.pages[0]).toContain("C-001 – C-003");
    expect(section.pages[0]).toContain("C-004 – C-005");
    const stamped = section.pages.slice(1).map((p) => p.match(/C-\d{3}/)?.[0]);
    expect(stamped).toEqual(["C-001", "C-002", "C-003", "C-004", "C-005"]);
    expect(section.pages[3]).toContain("Orthopaedic report page 3");
    expect(section.pages[4]).toContain("Neurosurgeon report page 1");
    expect(section.outline.map(([title]) => title)).toEqual(["Orthopaedic report", "Neurosurgeon report"]);
    const whole = await readBack(await file(bundle, "whole"));
    expect(whole.outline.map(([title, children]) => [title, children.length])).toEqual([
      [expect.stringContaining("C"), 2],
      [expect.stringContaining("D"), 1],
    ]);
    const csv = (await file(bundle, "index_csv")).toString("utf8");
    expect(csv).toContain('"D","Defendant orthopaedic report","Defendant","Dr Defendant orthopaedic report"');
    expect((await file(bundle, "zip")).subarray(0, 2).toString("latin1")).toBe("PK");

    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", caseId).execute();
    expect(audit.map((a) => a.action)).toContain("bundle.make");
    const logged = await t.db.selectFrom("access_log").select("action").where("entity_id", "=", caseId).execute();
    expect(logged.map((l) => l.action)).toContain("download");
  });

  it("keeps every served page number in the next bundle: an addendum goes to the end of its section, a withdrawal leaves a gap", async () => {
    const caseId = await ownCase();
    await add(caseId, "Orthopaedic report", 3, "plaintiff_reports");
    const neuro = await add(caseId, "Neurosurgeon report", 2, "plaintiff_reports");
    await add(caseId, "Occupational therapist report", 2, "plaintiff_reports");
    const first = (await make(caseId)).data;
    await processBundles(t.db);
    const served = await trpc<Bundle>(t.app, c.attorney!, "bundles.serve", {
      id: first.id,
      servedOn: today,
      servedTo: "Mabunda Inc. for the RAF",
    });
    expect(served.status, served.error?.message).toBe(200);
    expect(served.data).toEqual(expect.objectContaining({ servedOn: today, servedTo: "Mabunda Inc. for the RAF" }));
    const twice = await trpc(t.app, c.attorney!, "bundles.serve", { id: first.id, servedOn: today, servedTo: "again" });
    expect(twice.status).toBe(409);
    // The letters are on the pages served.
    const reorder = await trpc(t.app, c.attorney!, "bundles.setSelection", {
      caseId,
      sectionOrder: [...BUNDLE_SECTIONS].reverse(),
      excluded: [],
    });
    expect(reorder.status).toBe(409);

    await add(caseId, "Orthopaedic addendum", 2, "plaintiff_reports");
    expect((await trpc(t.app, c.attorney!, "bundles.withdrawDocument", { id: neuro })).status).toBe(200);
    const second = (await make(caseId)).data;
    expect(second).toEqual(expect.objectContaining({ number: 2, basedOnNumber: 1 }));
    await processBundles(t.db);
    const made = await get(second.id);
    expect(made.entries.map((e) => [e.description, e.pages])).toEqual([
      ["Orthopaedic report", "C-001 – C-003"],
      ["Occupational therapist report", "C-006 – C-007"],
      ["Orthopaedic addendum", "C-008 – C-009"],
    ]);
    expect(made.changes).toEqual([
      { kind: "added", description: "Orthopaedic addendum", pages: "C-008 – C-009" },
      { kind: "withdrawn", description: "Neurosurgeon report", pages: "C-004 – C-005" },
    ]);
    const section = await readBack(await file(made, "section", "C"));
    // The index pages (C-i, C-ii) carry the ranges; each document page carries its own stamp.
    const documentPages = section.pages.filter((p) => !/C-[ivx]+\b/.test(p));
    const stamps = documentPages.map((p) => p.match(/C-\d{3}/)?.[0]);
    expect(stamps).toEqual(["C-001", "C-002", "C-003", "C-006", "C-007", "C-008", "C-009"]);
    expect(section.pages[0]).toContain("Orthopaedic addendum");
    expect(section.pages.join(" ")).toContain("Added: Orthopaedic addendum (C-008 – C-009) Withdrawn: Neurosurgeon report (C-004 – C-005)");

    // The served bundle is unchanged.
    const still = await get(first.id);
    expect(still.entries.map((e) => e.pages)).toEqual(["C-001 – C-003", "C-004 – C-005", "C-006 – C-007"]);
  });

  it("opens the demo's matter going to trial on a served bundle and a later one that says what changed", async () => {
    const botha = await t.db
      .selectFrom("cases")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .select(["cases.id", "cases.attorney_id"])
      .where("patients.last_name", "=", "Botha")
      .executeTakeFirstOrThrow();
    const attorney = (await t.db.selectFrom("users").select("username").where("id", "=", botha.attorney_id).executeTakeFirstOrThrow())
      .username;
    expect(attorney).toBe("attorney");
    const [latest, served] = (await trpc<Bundle[]>(t.app, c.attorney!, "bundles.list", { caseId: botha.id })).data;
    expect(served).toEqual(expect.objectContaining({ number: 1, state: "ready", servedOn: addDays(today, -7) }));
    expect(new Set(served!.entries.map((e) => e.letter)).size).toBeGreaterThanOrEqual(2);
    expect(latest).toEqual(expect.objectContaining({ number: 2, state: "ready", basedOnNumber: 1, servedOn: null }));
    expect(latest!.changes).toEqual([
      { kind: "added", description: "Addendum to the defendant's orthopaedic report", pages: expect.stringMatching(/^D-\d{3} – D-\d{3}$/) },
    ]);
    // Every page number served in bundle 1 is where it was.
    for (const entry of served!.entries) expect(latest!.entries).toContainEqual(entry);
  });

  it("answers another firm's attorney with 404, an expert with 403, and refuses a bundle of nothing", async () => {
    const caseId = await ownCase();
    const nothing = await make(caseId);
    expect(nothing.status).toBe(409);
    expect(nothing.error?.message).toBe("There is nothing to put in a bundle yet: add a document or release a report first.");
    await add(caseId, "Orthopaedic report", 1, "plaintiff_reports");
    const bundle = (await make(caseId)).data;
    await processBundles(t.db);
    const ready = await get(bundle.id);
    expect((await trpc(t.app, c.nomsa!, "bundles.get", { id: bundle.id })).status).toBe(404);
    expect((await trpc(t.app, c.nomsa!, "bundles.list", { caseId })).status).toBe(404);
    expect((await make(caseId, c.nomsa!)).status).toBe(404);
    expect((await trpc(t.app, c.nomsa!, "bundles.serve", { id: bundle.id, servedOn: today, servedTo: "x" })).status).toBe(404);
    expect((await trpc(t.app, c.consultant!, "bundles.get", { id: bundle.id })).status).toBe(403);
    expect((await trpc(t.app, c.consultant!, "bundles.list", { caseId })).status).toBe(403);
    for (const cookie of [c.nomsa!, c.consultant!]) {
      const answer = await t.app.inject({ method: "GET", url: `/api/files/${ready.files[0]!.fileId}`, headers: { cookie } });
      expect(answer.statusCode).toBe(404);
    }
    const future = await trpc(t.app, c.attorney!, "bundles.serve", { id: bundle.id, servedOn: addDays(today, 2), servedTo: "x" });
    expect(future.status).toBe(400);
    expect((await get(bundle.id)).servedOn).toBeNull();
    const evidence = await trpc<CaseEvidence>(t.app, c.employee!, "bundles.evidence", { caseId });
    expect(evidence.data.documents).toHaveLength(1);
  });
});
