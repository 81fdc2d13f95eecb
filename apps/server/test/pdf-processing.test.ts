import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";
import { PDF_LIMITS, pdfJobStats } from "../../../packages/api/src/services/files/pdf-jobs";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";
import { manyPages, PAGE, pdfBomb, pdfOf } from "./crafted-pdfs";

const DECLARATION = "I understand my duty is to assist the court. This report is true and my opinion is independent of the parties.";

/** One page that runs `action` when opened. */
const withAction = (action: string) =>
  pdfOf([`<< /Type /Catalog /Pages 2 0 R /OpenAction ${action} >>`, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", PAGE]);

/** A multipart body as the web sends it: fields, then the file. */
function form(fileName: string, data: Uint8Array, fields: Record<string, string> = {}) {
  const boundary = "----medlegal-pdf-boundary";
  const parts = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const payload = Buffer.concat([
    ...parts,
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describe.each(testDialects())("PDF processing on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const uid = async (username: string) =>
    (await t.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["employee", "attorney", "consultant"]) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  const post = (cookie: string, url: string, body: ReturnType<typeof form>) =>
    t.app.inject({ method: "POST", url, headers: { cookie, ...body.headers }, payload: body.payload });
  const uploadReport = (id: string, name: string, data: Uint8Array) =>
    post(c.consultant!, `/api/reports/${id}/versions`, form(name, data, { declaration: DECLARATION }));
  const fileCount = async () =>
    Number(
      (
        await t.db
          .selectFrom("files")
          .select(sql<number>`count(*)::int`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /** A fresh awaiting report of the demo consultant for the demo attorney, so each test owns its own. */
  const freshReport = async () => {
    const [consultantId, attorneyId] = [await uid("consultant"), await uid("attorney")];
    const q = await t.db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .select(["queries.id", "cases.id as case_id", "cases.patient_id"])
      .where("queries.attorney_id", "=", attorneyId)
      .executeTakeFirstOrThrow();
    const spec = await t.db.selectFrom("users").select("specialization_id").where("id", "=", consultantId).executeTakeFirstOrThrow();
    const { createReport } = await import("../../../packages/api/src/services/reports/lifecycle");
    const actor = { user: null, meta: { ip: null, userAgent: null, requestId: "test", appUrl: "" } };
    return t.db.transaction().execute((trx) =>
      createReport(trx, actor, {
        query_id: q.id,
        case_id: q.case_id,
        patient_id: q.patient_id,
        attorney_id: attorneyId,
        booking_id: null,
        consultant_id: consultantId,
        specialization_id: spec.specialization_id!,
        kind: "medico_legal",
        parent_report_id: null,
      }),
    );
  };

  /**
   * Sends `slow`, and meanwhile another request after another until it is answered: answers how
   * many of those were answered (200) before `slow` was (the order of the answers, never a clock).
   */
  async function whileProcessing<T>(slow: Promise<T>) {
    let done = false;
    const answer = slow.finally(() => {
      done = true;
    });
    let answeredBefore = 0;
    while (!done && answeredBefore < 10_000) {
      expect((await t.app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
      if (!done) answeredBefore += 1;
      // An injected request can complete without leaving the microtask queue: give I/O its turn.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { answer: await answer, answeredBefore };
  }

  it("refuses a 200 kB PDF that unpacks to 200 MB with a sentence, stores nothing, and answers other requests meanwhile", async () => {
    const report = await freshReport();
    const bomb = pdfBomb(200);
    expect(bomb.length).toBeLessThan(250_000);
    const before = await fileCount();
    const { answer, answeredBefore } = await whileProcessing(uploadReport(report.id, "report.pdf", bomb));
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      "The PDF could not be processed: it unpacks to far more data than its size. Save it again as a plain PDF (Print to PDF) and upload that.",
    );
    expect(await fileCount()).toBe(before);
    // The file was read on another thread: /health was answered before the upload was (how long
    // each answer takes while a PDF is processed is pnpm bench's to measure: bench/report-download.ts).
    expect(answeredBefore).toBeGreaterThan(0);
  });

  it("refuses a PDF with more pages than the cap (PDF_MAX_PAGES, 3,000 by default) with a sentence on every upload route, and stores nothing", async () => {
    expect(PDF_LIMITS.maxPages).toBe(3000);
    const report = await freshReport();
    const query = await t.db
      .selectFrom("queries")
      .select("id")
      .where("attorney_id", "=", await uid("attorney"))
      .executeTakeFirstOrThrow();
    const before = await fileCount();
    // Counted off the request thread: another request is answered before the upload is.
    const { answer, answeredBefore } = await whileProcessing(uploadReport(report.id, "long report.pdf", manyPages(3001)));
    expect(answeredBefore).toBeGreaterThan(0);
    expect(answer.statusCode).toBe(400);
    const over = (3001).toLocaleString("en-ZA");
    const most = (3000).toLocaleString("en-ZA");
    expect(answer.json().message).toBe(
      `"long report.pdf" has ${over} pages; a PDF can have at most ${most}. Split it into parts of at most ${most} pages and upload those.`,
    );
    const saved = PDF_LIMITS.maxPages;
    PDF_LIMITS.maxPages = 20;
    try {
      const records = await post(c.attorney!, `/api/queries/${query.id}/documents`, form("records.pdf", manyPages(21)));
      expect(records.statusCode).toBe(400);
      expect(records.json().message).toBe(
        '"records.pdf" has 21 pages; a PDF can have at most 20. Split it into parts of at most 20 pages and upload those.',
      );
      expect(await fileCount()).toBe(before);
      // At the cap, it is taken, with its page count.
      expect((await uploadReport(report.id, "report.pdf", manyPages(20))).statusCode).toBe(201);
    } finally {
      PDF_LIMITS.maxPages = saved;
    }
    const version = await t.db
      .selectFrom("report_versions")
      .select("page_count")
      .where("report_id", "=", report.id)
      .executeTakeFirstOrThrow();
    expect(version.page_count).toBe(20);
  });

  it("stamps a 2,000-page report in a worker thread: the server answers other requests while its first download is stamped, and every page carries the stamp", async () => {
    const report = await freshReport();
    expect((await uploadReport(report.id, "long report.pdf", manyPages(2000))).statusCode).toBe(201);
    const { file_id: fileId } = await t.db
      .selectFrom("report_versions")
      .select("file_id")
      .where("report_id", "=", report.id)
      .executeTakeFirstOrThrow();
    const { answer, answeredBefore } = await whileProcessing(
      t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.employee! } }),
    );
    expect(answer.statusCode).toBe(200);
    // /health was answered while the copy was being stamped (pnpm bench times it: docs/benchmarks.md).
    expect(answeredBefore).toBeGreaterThan(0);
    const { PDFDocument } = await import("pdf-lib");
    const stamped = await PDFDocument.load(answer.rawPayload);
    expect(stamped.getPageCount()).toBe(2000);
    const lastPage = stamped.getPage(1999).node.Contents();
    expect(lastPage).toBeDefined();
  });

  it("stamps a version once: the second download serves the kept copy, the same bytes, without stamping again", async () => {
    const report = await freshReport();
    expect((await uploadReport(report.id, "knee.pdf", await demoReportPdf("Knee report", 2))).statusCode).toBe(201);
    const { file_id: fileId } = await t.db
      .selectFrom("report_versions")
      .select("file_id")
      .where("report_id", "=", report.id)
      .executeTakeFirstOrThrow();
    const download = () => t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.employee! } });
    const first = await download();
    expect(first.statusCode).toBe(200);
    const jobs = pdfJobStats.started;
    const second = await download();
    expect(second.statusCode).toBe(200);
    expect(pdfJobStats.started).toBe(jobs);
    expect(Buffer.compare(second.rawPayload, first.rawPayload)).toBe(0);
    const kept = await t.db
      .selectFrom("report_copies")
      .innerJoin("report_versions", "report_versions.id", "report_copies.version_id")
      .select("report_copies.released")
      .where("report_versions.file_id", "=", fileId)
      .execute();
    expect(kept).toEqual([{ released: false }]);
  });

  it("refuses PDFs with JavaScript or a launch action on every upload route, however the name is spelled", async () => {
    const report = await freshReport();
    const query = await t.db
      .selectFrom("queries")
      .select("id")
      .where("attorney_id", "=", await uid("attorney"))
      .executeTakeFirstOrThrow();
    const script = withAction("<< /S /JavaScript /JS (app.alert\\(1\\)) >>");
    const launch = withAction("<< /S /Launch /F (cmd.exe) >>");
    const escaped = withAction("<< /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>");
    const before = await fileCount();
    const proof = { amountCents: "10000", paidOn: "2026-01-05", reference: "EFT 1" };
    const answers = [
      await uploadReport(report.id, "report.pdf", script),
      await uploadReport(report.id, "report.pdf", escaped),
      await post(c.attorney!, `/api/queries/${query.id}/documents`, form("records.pdf", launch)),
      await post(c.attorney!, "/api/payments/proofs", form("slip.pdf", script, proof)),
      await post(c.attorney!, "/api/messages/attachments", form("note.pdf", launch)),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([400, 400, 400, 400, 400]);
    expect(answers[0]!.json().message).toBe(
      '"report.pdf" contains active content (JavaScript), which is not accepted. Print it to a new PDF and upload that.',
    );
    expect(answers[1]!.json().message).toBe(
      '"report.pdf" contains active content (JavaScript), which is not accepted. Print it to a new PDF and upload that.',
    );
    expect(answers[2]!.json().message).toBe(
      '"records.pdf" contains active content (Launch), which is not accepted. Print it to a new PDF and upload that.',
    );
    expect(await fileCount()).toBe(before);
    // The same files without the action go through.
    const plain = withAction("[3 0 R /Fit]");
    expect((await post(c.attorney!, `/api/queries/${query.id}/documents`, form("records.pdf", plain))).statusCode).toBe(201);
    expect((await post(c.attorney!, "/api/messages/attachments", form("note.pdf", plain))).statusCode).toBe(201);
    expect((await trpc(t.app, c.consultant!, "reports.get", { id: report.id })).data).toMatchObject({ status: "awaiting" });
  });
});
