import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { describe, expect, it, onTestFinished } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import { processReceivedRecords } from "@medlegal/api";
import type { BookingRecords, RecordHolder, RecordRequestDetail } from "@medlegal/domain";
import { trpc, uniqueSuffix } from "./helpers";
import { receivedRecordsSuite } from "./received-records-suite";
import { scannedPdf } from "./scanned-pdf";

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");
const uploadsLeft = async () => (await readdir(tmpdir())).filter((name) => name.startsWith("medlegal-upload-")).length;

/** Issue 40 item 5: records a holder sent, uploaded against their request and processed off the request thread. */
describe.each(testDialects())("received records on %s", (kind) => {
  const { t: app, c, ids, sentRequest, upload, detail, holder, caseId } = receivedRecordsSuite(kind);
  it("takes a scan against its request, moves it to received, counts its pages and finds the pages without text", async () => {
    const requestId = await sentRequest();
    const pdf = await scannedPdf(2, 1);
    const answer = await upload(requestId, pdf);
    expect(answer.statusCode, answer.body).toBe(201);
    const { fileId } = answer.json<{ fileId: string }>();
    const before = await detail(requestId);
    expect(before.status).toBe("received");
    expect(before.events.at(-1)).toEqual(expect.objectContaining({ status: "received", note: "Casualty notes" }));
    expect(before.records).toEqual([
      expect.objectContaining({ fileId, size: pdf.length, sha256: sha256(pdf), state: "processing", pages: null }),
    ]);
    // Off the request thread: the sweeper reads it in a PDF worker.
    expect(await processReceivedRecords(app().db)).toBeGreaterThanOrEqual(1);
    expect((await detail(requestId)).records[0]).toEqual(expect.objectContaining({ state: "ready", pages: 3, textPages: 1, error: null }));
    const audit = await app().db.selectFrom("audit_log").select("action").where("entity_id", "=", requestId).orderBy("at").execute();
    expect(audit.map((a) => a.action)).toContain("record_request.records_received");
    expect(await uploadsLeft()).toBe(0);
  });

  it("serves the records to the case's attorney, in the access log, and to another firm's attorney not at all", async () => {
    const requestId = await sentRequest();
    const pdf = await scannedPdf(1, 1);
    const { fileId } = (await upload(requestId, pdf)).json<{ fileId: string }>();
    const own = await app().app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.attorney! } });
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toContain("application/pdf");
    expect(sha256(own.rawPayload)).toBe(sha256(pdf));
    const logged = await app()
      .db.selectFrom("access_log")
      .select(["action", "entity_type"])
      .where("user_id", "=", ids.attorney!)
      .where("entity_id", "=", requestId)
      .execute();
    expect(logged).toEqual([{ action: "download", entity_type: "record_request" }]);
    const other = await app().app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie: c.nomsa! } });
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe("That file does not exist or is not yours to see.");
  });

  it("refuses a file that is not a PDF, a request not yet sent and an attorney's upload, with a sentence, storing nothing", async () => {
    const requestId = await sentRequest();
    const files = async () =>
      Number(
        (
          await app()
            .db.selectFrom("files")
            .select((eb) => eb.fn.countAll<string>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await files();
    const png = await upload(requestId, Buffer.from("\u0089PNG\r\n\u001a\n not really a scan"), "scan.png");
    expect(png.statusCode).toBe(400);
    expect(png.json().message).toBe("Received records are uploaded as PDF files.");
    expect((await detail(requestId)).status).toBe("sent");
    const draft = await trpc<RecordRequestDetail>(app().app, c.employee!, "records.request", {
      caseId: caseId(),
      holderId: holder().id,
      recordKinds: ["radiology"],
      periodFrom: null,
      periodTo: null,
      specializationIds: [],
      legalBasis: "paia_public",
      authority: "signed_consent",
    });
    const early = await upload(draft.data.id, await scannedPdf(1));
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe("A request that is drafted cannot become received.");
    expect((await upload(requestId, await scannedPdf(1), "records.pdf", "received", c.attorney!)).statusCode).toBe(403);
    const odd = await upload(requestId, await scannedPdf(1), "records.pdf", "lost");
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain("Say whether the records arrived in full or in part");
    expect(await files()).toBe(before);
    expect(await uploadsLeft()).toBe(0);
  });
});

/** Issue 40 item 6: the booking's expert sees what exists and what is outstanding, and downloads only after consent. */
describe.each(testDialects())("records for the expert on %s", (kind) => {
  const { t: app, c, ids, today, upload } = receivedRecordsSuite(kind);

  it("lists the records the booking's discipline needs, and serves them only after the attorney's consent and only for that discipline", async () => {
    const db = () => app().db;
    const booking = await db()
      .selectFrom("bookings")
      .innerJoin("queries", "queries.id", "bookings.query_id")
      .select(["bookings.id", "bookings.case_id", "bookings.query_id", "bookings.specialization_id", "queries.report_sharing_consent_at"])
      .where("bookings.consultant_id", "=", ids.consultant!)
      .where("bookings.attorney_id", "=", ids.attorney!)
      .orderBy("bookings.starts_at")
      .executeTakeFirstOrThrow();
    const consent = booking.report_sharing_consent_at;
    await db().updateTable("queries").set({ report_sharing_consent_at: null }).where("id", "=", booking.query_id!).execute();
    onTestFinished(() =>
      db()
        .updateTable("queries")
        .set({ report_sharing_consent_at: consent })
        .where("id", "=", booking.query_id!)
        .execute()
        .then(() => undefined),
    );
    const holder = await trpc<RecordHolder>(app().app, c.employee!, "records.createHolder", {
      name: `Milpark Radiology ${uniqueSuffix()}`,
      kind: "private",
      category: "practice",
      informationOfficer: "Dr R. Naidoo",
      email: "paia@milpark-radiology.example",
      requestFee: "0",
    });
    const psychologist = await db()
      .selectFrom("specializations")
      .select("id")
      .where("name", "=", "Industrial Psychologist")
      .executeTakeFirstOrThrow();
    const requestFor = async (specializationId: string, recordKinds: string[]) => {
      const made = await trpc<RecordRequestDetail>(app().app, c.employee!, "records.request", {
        caseId: booking.case_id,
        holderId: holder.data.id,
        recordKinds,
        periodFrom: null,
        periodTo: null,
        specializationIds: [specializationId],
        legalBasis: "paia_private",
        authority: "signed_consent",
      });
      await trpc(app().app, c.employee!, "records.move", { id: made.data.id, status: "sent", onDate: today });
      const uploaded = await upload(made.data.id, await scannedPdf(2));
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      return uploaded.json<{ fileId: string }>().fileId;
    };
    const xrays = await requestFor(booking.specialization_id, ["radiology"]);
    const payslips = await requestFor(psychologist.id, ["payslips"]);
    const view = async (cookie = c.consultant!) => trpc<BookingRecords>(app().app, cookie, "records.forBooking", { id: booking.id });
    const download = (fileId: string, cookie = c.consultant!) =>
      app().app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie } });

    // Before consent: the expert sees the X-rays exist, but cannot download them.
    const before = (await view()).data;
    expect(before.consentGiven).toBe(false);
    expect(before.records.map((r) => [r.holderName, r.recordKinds, r.fileId])).toEqual([[holder.data.name, ["radiology"], null]]);
    expect(before.checklist?.items.find((i) => i.kind === "radiology")?.state).toBe("received");
    expect((await download(xrays)).statusCode).toBe(404);

    const consented = await trpc(app().app, c.attorney!, "disciplineWaits.consentToSharing", { id: booking.query_id });
    expect(consented.status, consented.error?.message).toBe(200);
    const after = (await view()).data;
    expect(after.records.map((r) => r.fileId)).toEqual([xrays]);
    const answer = await download(xrays);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
    const logged = await db()
      .selectFrom("access_log")
      .select(["action", "entity_type"])
      .where("user_id", "=", ids.consultant!)
      .where("entity_type", "=", "record_request")
      .execute();
    expect(logged).toEqual([{ action: "download", entity_type: "record_request" }]);
    // Another discipline's records stay out of reach, and so does the booking for another expert.
    expect((await download(payslips)).statusCode).toBe(404);
    expect((await view(c.dr_naidoo!)).status).toBe(404);
    expect((await download(xrays, c.dr_naidoo!)).statusCode).toBe(404);
  });
});

/** The embedded default with a scan as large as a holder sends: 500 pages, 100 MB. */
describe("a 100 MB scan on the embedded default", () => {
  const { t: app, sentRequest, upload, detail } = receivedRecordsSuite("pglite");
  it("takes a 100 MB, 500-page scan while other requests are answered, and reads its 500 pages off the request thread", async () => {
    const requestId = await sentRequest();
    const pdf = await scannedPdf(500, 0, 200_000);
    expect(pdf.length).toBeGreaterThan(100_000_000);
    expect(pdf.length).toBeLessThanOrEqual(100 * 1024 * 1024);
    let done = false;
    const slow = upload(requestId, pdf, "scan.pdf", "received_in_part").finally(() => {
      done = true;
    });
    let answeredBefore = 0;
    while (!done && answeredBefore < 10_000) {
      expect((await app().app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
      if (!done) answeredBefore += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
    const answer = await slow;
    expect(answer.statusCode, answer.body).toBe(201);
    // The upload streamed to disk and the store: /health was answered before it finished.
    expect(answeredBefore).toBeGreaterThan(0);
    expect(await processReceivedRecords(app().db)).toBeGreaterThanOrEqual(1);
    const records = (await detail(requestId)).records;
    expect(records[0]).toEqual(
      expect.objectContaining({ state: "ready", pages: 500, textPages: 0, size: pdf.length, sha256: sha256(pdf) }),
    );
    expect((await detail(requestId)).status).toBe("received_in_part");
  }, 240_000);
});
