import { describe, expect, it } from "vitest";
import { PDFDocument } from "pdf-lib";
import { testDialects } from "@medlegal/db/testing";
import { ANONYMISED, BUNDLE_SECTIONS, RETENTION_MESSAGES, sastDate, type CaseEvidence } from "@medlegal/domain";
import { findCurrentUser } from "@medlegal/api";
import { anonymiseClaimant } from "../../../packages/api/src/services/privacy/anonymise";
import { encryptedPdf, pdfBomb } from "./crafted-pdfs";
import { newCaseOf } from "./bundle-kit";
import type { TestApp } from "./helpers";
import { multipart, signedInSuite, trpc } from "./helpers";

/** A PDF of `pages` pages, as a defendant's expert's report arrives. */
async function reportPdf(pages: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  for (let i = 0; i < pages; i++) pdf.addPage([595, 842]).drawText(`Defendant's orthopaedic report, page ${i + 1}`, { x: 60, y: 780 });
  return Buffer.from(await pdf.save());
}

/** Issue 41 item 1: the documents of a case's expert evidence, and those the attorney adds with their versions. */
describe.each(testDialects())("a case's expert evidence on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(kind, ["employee", "attorney", "nomsa", "consultant"], { workflow: true }, (app) => (t = app));

  /** A case of the attorney's of its own, so each test's documents are its own. */
  const ownCase = () => newCaseOf(t.db, ids.attorney!, "CASE-EV");
  const fields = (more: Record<string, string> = {}) => ({
    section: "defendant_reports",
    party: "defendant",
    author: "Dr P. Botha",
    documentDate: "2026-11-02",
    description: "Orthopaedic surgeon's report for the defendant",
    ...more,
  });
  const add = (caseId: string, data: Buffer, more: Record<string, string> = {}, cookie = c.attorney!, name = "botha.pdf") => {
    const body = multipart(name, data, "application/pdf", fields(more));
    return t.app.inject({
      method: "POST",
      url: `/api/cases/${caseId}/evidence`,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  };
  const storedEvidenceFiles = async () =>
    Number(
      (
        await t.db
          .selectFrom("files")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("owner_kind", "=", "evidence_document")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const evidence = async (caseId: string, cookie = c.attorney!) =>
    (await trpc<CaseEvidence>(t.app, cookie, "bundles.evidence", { caseId })).data;

  it("lists a document the attorney adds in its section with its pages, and a new version replaces it in the list", async () => {
    const caseId = await ownCase();
    const added = await add(caseId, await reportPdf(3));
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json<{ id: string }>();
    const listed = (await evidence(caseId)).documents.find((d) => d.key === `added:${id}`);
    expect(listed).toEqual(
      expect.objectContaining({
        source: "added",
        section: "defendant_reports",
        party: "defendant",
        author: "Dr P. Botha",
        date: "2026-11-02",
        description: "Orthopaedic surgeon's report for the defendant",
        version: "Version 1",
        pages: 3,
        included: true,
        addedId: id,
      }),
    );
    const download = await t.app.inject({ method: "GET", url: `/api/files/${listed!.fileId}`, headers: { cookie: c.attorney! } });
    expect(download.statusCode).toBe(200);
    expect((await PDFDocument.load(download.rawPayload)).getPageCount()).toBe(3);
    expect((await t.app.inject({ method: "GET", url: `/api/files/${listed!.fileId}`, headers: { cookie: c.nomsa! } })).statusCode).toBe(
      404,
    );

    const body = multipart("botha-v2.pdf", await reportPdf(2));
    const next = await t.app.inject({
      method: "POST",
      url: `/api/evidence/${id}/versions`,
      headers: { ...body.headers, cookie: c.employee! },
      payload: body.payload,
    });
    expect(next.statusCode, next.body).toBe(201);
    expect(next.json()).toEqual(expect.objectContaining({ number: 2 }));
    const now = (await evidence(caseId)).documents.filter((d) => d.addedId === id);
    expect(now).toEqual([expect.objectContaining({ version: "Version 2", pages: 2 })]);
    expect(now[0]!.fileId).not.toBe(listed!.fileId);
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", caseId).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toEqual(["evidence_document.add", "evidence_document.version"]);
    const logged = await t.db.selectFrom("access_log").select("action").where("entity_id", "=", caseId).execute();
    expect(logged.map((l) => l.action)).toContain("download");
  });

  it("keeps every detail when the form sends all six fields, the discipline among them", async () => {
    const caseId = await ownCase();
    const spec = await t.db.selectFrom("specializations").select(["id", "name"]).where("active", "=", true).executeTakeFirstOrThrow();
    const added = await add(caseId, await reportPdf(1), { specializationId: spec.id });
    expect(added.statusCode, added.body).toBe(201);
    const { id } = added.json<{ id: string }>();
    expect((await evidence(caseId)).documents.find((d) => d.addedId === id)).toEqual(
      expect.objectContaining({ discipline: spec.name, description: "Orthopaedic surgeon's report for the defendant" }),
    );
  });

  it("keeps the attorney's choice of documents and the sections' order, and drops a withdrawn document", async () => {
    const caseId = await ownCase();
    const first = (await add(caseId, await reportPdf(1))).json<{ id: string }>().id;
    const second = (
      await add(caseId, await reportPdf(2), { section: "expert_notices", description: "Defendant's Rule 36(9)(a) notice" })
    ).json<{
      id: string;
    }>().id;
    const order = [...BUNDLE_SECTIONS].reverse();
    const chosen = await trpc<CaseEvidence>(t.app, c.attorney!, "bundles.setSelection", {
      caseId,
      sectionOrder: order,
      excluded: [`added:${first}`],
    });
    expect(chosen.status, chosen.error?.message).toBe(200);
    expect(chosen.data.sectionOrder).toEqual(order);
    expect(chosen.data.documents.map((d) => [d.addedId, d.included])).toEqual([
      [first, false],
      [second, true],
    ]);
    const bad = await trpc(t.app, c.attorney!, "bundles.setSelection", { caseId, sectionOrder: order.slice(1), excluded: [] });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("The sections must each appear once");
    expect((await evidence(caseId)).sectionOrder).toEqual(order);

    expect((await trpc(t.app, c.attorney!, "bundles.withdrawDocument", { id: second })).status).toBe(200);
    expect((await evidence(caseId)).documents.map((d) => d.addedId)).toEqual([first]);
    const body = multipart("again.pdf", await reportPdf(1));
    const late = await t.app.inject({
      method: "POST",
      url: `/api/evidence/${second}/versions`,
      headers: { ...body.headers, cookie: c.attorney! },
      payload: body.payload,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe("The document was withdrawn: add it again as a new document.");
  });

  it("refuses a file that is not a PDF, an encrypted PDF and a PDF bomb with a sentence, and keeps nothing", async () => {
    const caseId = await ownCase();
    const before = await storedEvidenceFiles();
    const png = Buffer.from(
      "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e40000000049454e44ae426082",
      "hex",
    );
    const asPng = multipart("scan.png", png, "image/png", fields());
    const answers = [
      await t.app.inject({
        method: "POST",
        url: `/api/cases/${caseId}/evidence`,
        headers: { ...asPng.headers, cookie: c.attorney! },
        payload: asPng.payload,
      }),
      await add(caseId, encryptedPdf()),
      await add(caseId, pdfBomb(200)),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400]);
    expect(answers[0]!.json().message).toBe('"scan.png" is a PNG image. Documents for the bundle are uploaded as PDF files.');
    expect(answers[1]!.json().message).toContain("password-protected");
    expect(answers[2]!.json().message).toContain("unpacks to far more data than its size");
    const future = await add(caseId, await reportPdf(1), { documentDate: "2099-01-01" });
    expect(future.statusCode).toBe(400);
    expect(future.json().message).toContain("document date");
    const kept = await t.db.selectFrom("evidence_documents").select("id").where("case_id", "=", caseId).execute();
    expect(kept).toEqual([]);
    expect(await storedEvidenceFiles()).toBe(before);
  });

  it("destroys the documents the attorney added with the claimant's other records", async () => {
    // Another claimant of the attorney's, so the other tests keep theirs.
    const first = await t.db
      .selectFrom("cases")
      .select("patient_id")
      .where("attorney_id", "=", ids.attorney!)
      .orderBy("created_at")
      .executeTakeFirstOrThrow();
    const other = await t.db
      .selectFrom("cases")
      .select(["id", "patient_id"])
      .where("attorney_id", "=", ids.attorney!)
      .where("patient_id", "<>", first.patient_id)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    const id = (await add(other.id, await reportPdf(1))).json<{ id: string }>().id;
    const fileId = (await evidence(other.id)).documents.find((d) => d.addedId === id)!.fileId!;
    const admin = (await findCurrentUser(t.db, ids.employee!))!;
    const actor = { user: admin, meta: { ip: null, userAgent: "test", requestId: "evidence-destroy", appUrl: "" } };
    await t.db.transaction().execute((trx) => anonymiseClaimant(trx, actor, other.patient_id, { dueOn: sastDate(new Date()) }));
    const gone = await t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.attorney! } });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: RETENTION_MESSAGES.fileDestroyed });
    const row = await t.db.selectFrom("evidence_documents").select("description").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.description).toBe(ANONYMISED);
  });

  it("answers another firm's attorney with 404 and an expert with 403", async () => {
    const caseId = await ownCase();
    const id = (await add(caseId, await reportPdf(1))).json<{ id: string }>().id;
    expect((await trpc(t.app, c.nomsa!, "bundles.evidence", { caseId })).status).toBe(404);
    expect((await add(caseId, await reportPdf(1), {}, c.nomsa!)).statusCode).toBe(404);
    expect((await trpc(t.app, c.nomsa!, "bundles.withdrawDocument", { id })).status).toBe(404);
    expect((await trpc(t.app, c.consultant!, "bundles.evidence", { caseId })).status).toBe(403);
    expect((await add(caseId, await reportPdf(1), {}, c.consultant!)).statusCode).toBe(403);
    expect((await evidence(caseId)).documents).toHaveLength(1);
  });
});
