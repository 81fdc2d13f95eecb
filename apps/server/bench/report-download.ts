/**
 * `pnpm bench:pdf` (also part of `pnpm bench`): how long `/health` takes to answer while the first
 * download of a 2,000-page report is stamped (issue 37, item 28: under 500 ms), on the embedded
 * PGlite, whose statements run on the thread that answers requests. The app is built in this
 * process (as `pnpm start` runs it: one process, the database inside) and listens on a port; the
 * report is uploaded as the demo expert, downloaded by staff over HTTP, and `/health` is asked
 * again and again meanwhile. Nothing here passes or fails: it prints the figure next to its target.
 */
import { performance } from "node:perf_hooks";
import { createReport } from "../../../packages/api/src/services/reports/lifecycle";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { createTestApp, login } from "../test/helpers";
import { machine, row } from "./report";

const PAGES = Number(process.env.BENCH_REPORT_PAGES ?? 2000);
const DECLARATION = "I understand my duty is to assist the court. This report is true and my opinion is independent of the parties.";

/** A report of `PAGES` small pages with a line of text each. */
async function longReport(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < PAGES; i++)
    doc.addPage([300, 400]).drawText(`Page ${i + 1}: findings, history and opinion.`, { x: 20, y: 200, size: 10, font });
  return doc.save();
}

function multipart(fileName: string, data: Uint8Array, fields: Record<string, string>) {
  const boundary = "----medlegal-bench";
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

const t = await createTestApp("pglite", {}, { workflow: true });
try {
  const uid = async (username: string) =>
    (await t.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  const [consultantId, attorneyId] = [await uid("consultant"), await uid("attorney")];
  const query = await t.db
    .selectFrom("queries")
    .innerJoin("cases", "cases.id", "queries.case_id")
    .select(["queries.id", "cases.id as case_id", "cases.patient_id"])
    .where("queries.attorney_id", "=", attorneyId)
    .executeTakeFirstOrThrow();
  const { specialization_id } = await t.db
    .selectFrom("users")
    .select("specialization_id")
    .where("id", "=", consultantId)
    .executeTakeFirstOrThrow();
  const actor = { user: null, meta: { ip: null, userAgent: null, requestId: "bench", appUrl: "" } };
  const report = await t.db.transaction().execute((trx) =>
    createReport(trx, actor as never, {
      query_id: query.id,
      case_id: query.case_id,
      patient_id: query.patient_id,
      attorney_id: attorneyId,
      booking_id: null,
      consultant_id: consultantId,
      specialization_id: specialization_id!,
      kind: "medico_legal",
      parent_report_id: null,
    }),
  );
  const pdf = await longReport();
  const consultant = (await login(t.app, "consultant")).cookie;
  const staff = (await login(t.app, "employee")).cookie;
  const body = multipart("long report.pdf", pdf, { declaration: DECLARATION });
  const uploaded = await t.app.inject({
    method: "POST",
    url: `/api/reports/${report.id}/versions`,
    headers: { cookie: consultant, ...body.headers },
    payload: body.payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const { file_id: fileId } = await t.db
    .selectFrom("report_versions")
    .select("file_id")
    .where("report_id", "=", report.id)
    .executeTakeFirstOrThrow();

  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = t.app.server.address() as { port: number };
  let done = false;
  const started = performance.now();
  const download = fetch(`http://127.0.0.1:${port}/api/files/${fileId}`, { headers: { cookie: staff } }).then(async (answer) => {
    const bytes = (await answer.arrayBuffer()).byteLength;
    done = true;
    return { status: answer.status, bytes, ms: performance.now() - started };
  });
  const waits: number[] = [];
  while (!done) {
    const asked = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/health`)).text();
    waits.push(performance.now() - asked);
  }
  const answer = await download;
  if (answer.status !== 200) throw new Error(`download: ${answer.status}`);
  waits.sort((a, b) => a - b);
  const slowest = waits[waits.length - 1]!;
  console.log(`\nPDF stamping and other requests\n${machine()}, PGlite in the server's process\n`);
  row(
    `first download of a ${PAGES.toLocaleString("en-ZA")}-page report (${(pdf.byteLength / 1024).toFixed(0)} KB), stamped`,
    `${(answer.ms / 1000).toFixed(1)} s`,
    "-",
    null,
  );
  row(`/health meanwhile, slowest of ${waits.length}`, `${slowest.toFixed(0)} ms`, "< 500 ms", slowest < 500);
  row("/health meanwhile, median", `${waits[Math.floor(waits.length / 2)]!.toFixed(1)} ms`, "-", null);
} finally {
  await t.close();
}
