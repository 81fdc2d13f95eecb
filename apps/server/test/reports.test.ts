import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart, PDF, RELAXED_LIMITS, trpc } from "./helpers";
import { pdfText } from "./pdf-text";
import { addDays, endOfWorkingDay, isBusinessDay, saDueLabel, sastDate, sastTime } from "@medlegal/domain";

const DECLARATION = "I understand my duty is to assist the court. This report is true and my opinion is independent of the parties.";
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);

/** A report upload as the web sends it: the declaration and change note, then the file. */
function reportUpload(fileName: string, data: Uint8Array, fields: Record<string, string> = { declaration: DECLARATION }) {
  const boundary = "----medlegal-report-boundary";
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

interface Detail {
  id: string;
  reference: string;
  status: string;
  statusLabel: string;
  versionList: { fileId: string; number: number; pageCount: number; size: number }[];
  checklist: { id: string; label: string; mandatory: boolean }[];
  reviews: { outcome: string }[];
  questions: { supplementaryReportId: string } | null;
}

describe.each(testDialects())("reports on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const uid = async (username: string) =>
    (await t.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "nomsa", "consultant", "dr_naidoo"]) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  const upload = (cookie: string, id: string, name: string, data: Uint8Array, fields?: Record<string, string>) => {
    const body = reportUpload(name, data, fields);
    return t.app.inject({
      method: "POST",
      url: `/api/reports/${id}/versions`,
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };
  const download = (cookie: string, fileId: string) => t.app.inject({ method: "GET", url: `/api/files/${fileId}`, headers: { cookie } });
  const get = async (cookie: string, id: string) => (await trpc<Detail>(t.app, cookie, "reports.get", { id })).data;
  /** A fresh awaiting report of the consultant for the attorney (records-only), so each test owns its own. */
  const freshReport = async (consultant = "consultant", attorney = "attorney") => {
    const consultantId = await uid(consultant);
    const attorneyId = await uid(attorney);
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
  /** The report's SLA timers, policy and status, in the order they started. */
  const timersOf = (reportId: string) =>
    t.db
      .selectFrom("sla_timers")
      .select(["policy", "status"])
      .where("subject_kind", "=", "report")
      .where("subject_id", "=", reportId)
      .orderBy("started_at")
      .execute();
  const passAll = (d: Detail) => d.checklist.map((i) => ({ itemId: i.id, result: "pass", comment: null }));

  it("walks a report from upload through review, changes, approval and release; the attorney's copy carries the footer", async () => {
    const report = await freshReport();
    expect(await timersOf(report.id)).toEqual([{ policy: "report_delivery", status: "open" }]);
    // Out of order: nothing to review or release yet.
    const early = await trpc(t.app, c.employee!, "reports.release", { id: report.id });
    expect(early.status).toBe(409);
    expect(early.error?.message).toBe(`${report.reference} is awaiting report, so it cannot be moved to released.`);

    const v1 = await upload(c.consultant!, report.id, "knee report.pdf", await demoReportPdf("Knee report", 3));
    expect(v1.statusCode, v1.body).toBe(201);
    let d = await get(c.employee!, report.id);
    expect(d.status).toBe("submitted");
    expect(d.versionList[0]).toMatchObject({ number: 1, pageCount: 3 });
    expect((await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: passAll(d) })).status).toBe(409);

    expect((await trpc(t.app, c.employee!, "reports.take", { id: report.id })).status).toBe(200);
    d = await get(c.employee!, report.id);
    const failed = passAll(d).map((i, k) => (k === 0 ? { ...i, result: "fail" } : i));
    const noComment = await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: failed });
    expect(noComment.status).toBe(400);
    expect(noComment.error?.message).toBe(`Say what is wrong with "${d.checklist[0]!.label}".`);
    failed[0]!.comment = "The ID number on page 1 does not match the instruction." as never;
    expect(
      (await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: failed, comment: "Please fix the ID number." })).status,
    ).toBe(200);
    expect((await get(c.consultant!, report.id)).status).toBe("changes_requested");
    expect((await get(c.attorney!, report.id)).status).toBe("awaiting");

    const v2 = await upload(c.consultant!, report.id, "knee report v2.pdf", await demoReportPdf("Knee report corrected", 4), {
      declaration: DECLARATION,
      changeNote: "ID number corrected",
    });
    expect(v2.statusCode, v2.body).toBe(201);
    await trpc(t.app, c.employee!, "reports.take", { id: report.id });
    expect((await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: passAll(d) })).status).toBe(200);
    d = await get(c.employee!, report.id);
    expect(d.status).toBe("approved");
    expect(d.reviews.map((r) => r.outcome)).toEqual(["changes_requested", "approved"]);
    // Approval stops the delivery timer and starts the release timer.
    expect(await timersOf(report.id)).toEqual([
      { policy: "report_delivery", status: "met" },
      { policy: "report_release", status: "open" },
    ]);
    // No more uploads once approved.
    expect((await upload(c.consultant!, report.id, "v3.pdf", await demoReportPdf("v3"))).statusCode).toBe(409);

    // The attorney sees the plain stage, never QA's own steps or the drafts' count.
    const attorneyList = (await trpc<{ id: string; status: string; versions: number }[]>(t.app, c.attorney!, "reports.list", {})).data.find(
      (r) => r.id === report.id,
    )!;
    expect(attorneyList).toMatchObject({ status: "approved", versions: 0 });
    const byInternal = (await trpc<{ id: string; status: string }[]>(t.app, c.attorney!, "reports.list", { status: "changes_requested" }))
      .data;
    expect(byInternal.every((r) => r.status === "awaiting")).toBe(true);
    const attorneyBefore = await get(c.attorney!, report.id);
    expect(attorneyBefore.statusLabel).toBe("Awaiting payment");
    expect(attorneyBefore.versionList).toEqual([]);
    expect((await download(c.attorney!, d.versionList[1]!.fileId)).statusCode).toBe(404);

    // Unpaid and no deferral agreement: only an administrator's override releases it.
    expect(
      (await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week; the attorney pays on receipt." }))
        .status,
    ).toBe(200);
    const attorneyView = await get(c.attorney!, report.id);
    expect(attorneyView.statusLabel).toBe("Released");
    expect(await timersOf(report.id)).toEqual([
      { policy: "report_delivery", status: "met" },
      { policy: "report_release", status: "met" },
    ]);
    expect(attorneyView.versionList.map((v) => v.number)).toEqual([2]);
    const copy = await download(c.attorney!, d.versionList[1]!.fileId);
    expect(copy.statusCode).toBe(200);
    expect(copy.headers["content-type"]).toBe("application/pdf");
    // Named as the report, never as the agency's second draft or the expert's "knee report v2".
    const released = `${report.reference} Medico-legal report.pdf`;
    expect(copy.headers["content-disposition"]).toBe(
      `attachment; filename="${released}"; filename*=UTF-8''${encodeURIComponent(released)}`,
    );
    expect(
      (await trpc<{ versionList: { fileName: string }[] }>(t.app, c.attorney!, "reports.get", { id: report.id })).data.versionList.map(
        (v) => v.fileName,
      ),
    ).toEqual([released]);
    // Staff's drafts keep their version.
    expect((await download(c.employee!, d.versionList[0]!.fileId)).headers["content-disposition"]).toContain(
      `${report.reference} v1 DRAFT - knee report.pdf`,
    );
    const text = await pdfText(copy.rawPayload);
    expect(text).toMatch(new RegExp(`Released to Van der Merwe Attorneys Inc\\. on \\d{1,2} \\w+ \\d{4}, ${report.reference}`));
    // The first version never goes to the attorney; staff see it marked as a draft.
    expect((await download(c.attorney!, d.versionList[0]!.fileId)).statusCode).toBe(404);
    expect(await pdfText((await download(c.employee!, d.versionList[0]!.fileId)).rawPayload)).toContain("DRAFT");

    const events = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", report.id).orderBy("at").execute();
    expect(events.map((e) => e.action)).toEqual([
      "report.create",
      "report.version_upload",
      "report.submitted",
      "report.in_review",
      "report.changes_requested",
      "report.version_upload",
      "report.submitted",
      "report.in_review",
      "report.approved",
      "report.released",
    ]);
    const downloads = await t.db
      .selectFrom("access_log")
      .select(["action", "user_role"])
      .where("entity_type", "=", "report")
      .where("entity_id", "=", report.id)
      .where("action", "=", "download")
      .execute();
    expect(downloads).toEqual(
      expect.arrayContaining([
        { action: "download", user_role: "attorney" },
        { action: "download", user_role: "employee" },
      ]),
    );
    // After release nothing changes.
    const withdraw = await trpc(t.app, c.employee!, "reports.withdraw", { id: report.id, reason: "too late" });
    expect(withdraw.status).toBe(409);
  });

  it("shows an attorney a linked report's plain stage, never QA's own step, in its status as in its label", async () => {
    const report = await freshReport();
    expect((await upload(c.consultant!, report.id, "report.pdf", await demoReportPdf("Report", 2))).statusCode).toBe(201);
    await trpc(t.app, c.employee!, "reports.take", { id: report.id });
    expect(
      (await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: passAll(await get(c.employee!, report.id)) })).status,
    ).toBe(200);
    expect(
      (await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week; the attorney pays on receipt." }))
        .status,
    ).toBe(200);
    const linked = await trpc<{ id: string }>(t.app, c.employee!, "reports.createLinked", {
      parentId: report.id,
      kind: "addendum",
      scope: "Comment on the new MRI of the knee.",
    });
    expect(linked.status).toBe(200);
    expect((await upload(c.consultant!, linked.data.id, "addendum.pdf", await demoReportPdf("Addendum", 1))).statusCode).toBe(201);
    type WithLinked = { linked: { id: string; status: string; statusLabel: string }[] };
    const staffView = (await trpc<WithLinked>(t.app, c.employee!, "reports.get", { id: report.id })).data.linked;
    expect(staffView).toEqual([expect.objectContaining({ id: linked.data.id, status: "submitted", statusLabel: "Submitted" })]);
    const attorneyView = (await trpc<WithLinked>(t.app, c.attorney!, "reports.get", { id: report.id })).data.linked;
    expect(attorneyView).toEqual([expect.objectContaining({ id: linked.data.id, status: "in_review", statusLabel: "Quality review" })]);
  });

  it("asks what an addendum must cover (refused without it), stores and audits it, shows it to the expert, and makes it due at 17:00 on a working day", async () => {
    const report = await freshReport();
    expect((await upload(c.consultant!, report.id, "report.pdf", await demoReportPdf("Report", 2))).statusCode).toBe(201);
    await trpc(t.app, c.employee!, "reports.take", { id: report.id });
    expect(
      (await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: passAll(await get(c.employee!, report.id)) })).status,
    ).toBe(200);
    expect(
      (await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week; the attorney pays on receipt." }))
        .status,
    ).toBe(200);
    const count = async () =>
      (
        await t.db
          .selectFrom("reports")
          .select(sql<number>`count(*)::int`.as("n"))
          .where("parent_report_id", "=", report.id)
          .executeTakeFirstOrThrow()
      ).n;

    for (const scope of [undefined, "   ", "update"]) {
      const refused = await trpc(t.app, c.employee!, "reports.createLinked", { parentId: report.id, kind: "addendum", scope });
      expect(refused.status, String(scope)).toBe(400);
      expect(refused.error?.message).toMatch(/^Say what the addendum must cover/);
    }
    expect(await count()).toBe(0);
    // A joint minute needs no scope.
    const scope = "Update the prognosis after the knee replacement of March, and the future medical costs.";
    const asked = await trpc<{ id: string; reference: string; dueAt: string }>(t.app, c.employee!, "reports.createLinked", {
      parentId: report.id,
      kind: "addendum",
      scope,
    });
    expect(asked.status, asked.error?.message).toBe(200);
    // Due at 17:00 South African time on a working day, 14 days on (or the working day after).
    const due = new Date(asked.data.dueAt);
    expect(sastTime(due)).toBe("17:00");
    expect(isBusinessDay(sastDate(due))).toBe(true);
    expect(due).toEqual(endOfWorkingDay(addDays(sastDate(new Date()), 14)));
    // The expert reads it on the report and in their notice; staff too; the attorney does not.
    const forExpert = await trpc<{ requestedScope: string | null; dueAt: string }>(t.app, c.consultant!, "reports.get", {
      id: asked.data.id,
    });
    expect(forExpert.data.requestedScope).toBe(scope);
    expect(forExpert.data.dueAt).toBe(asked.data.dueAt);
    expect(
      (await trpc<{ requestedScope: string | null }>(t.app, c.attorney!, "reports.get", { id: asked.data.id })).data.requestedScope,
    ).toBeNull();
    const notice = await t.db
      .selectFrom("notifications")
      .select("message")
      .where("user_id", "=", await uid("consultant"))
      .where("title", "=", `Report awaited: ${asked.data.reference}`)
      .executeTakeFirstOrThrow();
    expect(notice.message).toBe(`Please upload ${asked.data.reference} by ${saDueLabel(due)}. It must cover: ${scope}`);
    expect(notice.message).toMatch(/by 17:00 on (Mon|Tue|Wed|Thu|Fri) \d{1,2} \w{3} \d{4}\./);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("entity_id", "=", asked.data.id)
      .where("action", "=", "report.create")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ scope, dueAt: asked.data.dueAt });
  });

  it("refuses a PNG renamed .pdf with a sentence and stores nothing", async () => {
    const report = await freshReport();
    const before = await t.db
      .selectFrom("files")
      .select(sql<number>`count(*)::int`.as("n"))
      .executeTakeFirstOrThrow();
    const answer = await upload(c.consultant!, report.id, "scan.pdf", PNG);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe(
      '"scan.pdf" is a PNG image, not a PDF: its name does not match its content. Reports are uploaded as PDF files.',
    );
    expect(
      (
        await t.db
          .selectFrom("files")
          .select(sql<number>`count(*)::int`.as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    ).toBe(before.n);
    expect((await get(c.consultant!, report.id)).status).toBe("awaiting");
    const noDeclaration = await upload(c.consultant!, report.id, "r.pdf", await demoReportPdf("r"), { declaration: "true" });
    expect(noDeclaration.statusCode).toBe(400);
  });

  it("answers another consultant's report, and its files, with 404", async () => {
    const report = await freshReport("consultant");
    await upload(c.consultant!, report.id, "mine.pdf", await demoReportPdf("mine"));
    const version = await t.db.selectFrom("report_versions").select("file_id").where("report_id", "=", report.id).executeTakeFirstOrThrow();
    expect((await trpc(t.app, c.dr_naidoo!, "reports.get", { id: report.id })).status).toBe(404);
    const others = await download(c.dr_naidoo!, version.file_id);
    expect(others.statusCode).toBe(404);
    // The same answer as for a file that does not exist, so file ids cannot be probed.
    const missing = await download(c.dr_naidoo!, "00000000-0000-4000-8000-000000000000");
    expect(others.json()).toEqual(missing.json());
    expect((await upload(c.dr_naidoo!, report.id, "x.pdf", await demoReportPdf("x"))).statusCode).toBe(404);
    expect((await trpc(t.app, c.nomsa!, "reports.get", { id: report.id })).status).toBe(404);
    const list = await trpc<{ id: string }[]>(t.app, c.dr_naidoo!, "reports.list", {});
    expect(list.data.map((r) => r.id)).not.toContain(report.id);
  });

  it("keeps versions immutable: the database refuses UPDATE and DELETE", async () => {
    const version = await t.db.selectFrom("report_versions").select("id").executeTakeFirstOrThrow();
    await expect(
      t.db.updateTable("report_versions").set({ change_note: "rewritten" }).where("id", "=", version.id).execute(),
    ).rejects.toThrow(/cannot be changed/);
    await expect(t.db.deleteFrom("report_versions").where("id", "=", version.id).execute()).rejects.toThrow(/cannot be changed/);
  });

  it("awaits a report, due 14 days later, when a booking is marked attended", async () => {
    const booking = await t.db
      .selectFrom("bookings")
      .selectAll()
      .where("status", "=", "confirmed")
      .where("starts_at", "<", new Date())
      .where("query_id", "is not", null)
      .executeTakeFirstOrThrow();
    const consultant = await t.db.selectFrom("users").select("username").where("id", "=", booking.consultant_id).executeTakeFirstOrThrow();
    const cookie = (await login(t.app, consultant.username)).cookie;
    expect((await trpc(t.app, cookie, "bookings.recordAttendance", { id: booking.id, attended: true })).status).toBe(200);
    const report = await t.db.selectFrom("reports").selectAll().where("booking_id", "=", booking.id).executeTakeFirstOrThrow();
    expect(report.status).toBe("awaiting");
    expect(report.reference).toMatch(/^RPT-\d{4}-\d{5}$/);
    expect(Math.round((report.due_at.getTime() - report.created_at.getTime()) / 86_400_000)).toBe(14);
  });

  it("releases on approval for an attorney with a deferral agreement; an administrator may override with a reason", async () => {
    const nomsaId = await uid("nomsa");
    expect((await trpc(t.app, c.employee!, "reports.setDeferral", { attorneyId: nomsaId, agreed: true, note: "x" })).status).toBe(403);
    expect(
      (
        await trpc(t.app, c.admin!, "reports.setDeferral", {
          attorneyId: nomsaId,
          agreed: true,
          note: "Contingency matter, agreement of 1 Nov 2026",
        })
      ).status,
    ).toBe(200);
    const deferred = await freshReport("consultant", "nomsa");
    await upload(c.consultant!, deferred.id, "a.pdf", await demoReportPdf("a"));
    await trpc(t.app, c.employee!, "reports.take", { id: deferred.id });
    const d = await get(c.employee!, deferred.id);
    await trpc(t.app, c.employee!, "reports.review", { id: deferred.id, items: passAll(d) });
    expect((await get(c.employee!, deferred.id)).status).toBe("released");

    const other = await freshReport();
    await upload(c.consultant!, other.id, "b.pdf", await demoReportPdf("b"));
    await trpc(t.app, c.employee!, "reports.take", { id: other.id });
    await trpc(t.app, c.employee!, "reports.review", { id: other.id, items: passAll(d) });
    expect((await trpc(t.app, c.employee!, "reports.overrideRelease", { id: other.id, reason: "urgent" })).status).toBe(403);
    expect((await trpc(t.app, c.admin!, "reports.overrideRelease", { id: other.id, reason: "" })).status).toBe(400);
    expect(
      (await trpc(t.app, c.admin!, "reports.overrideRelease", { id: other.id, reason: "Trial date moved forward; invoice to follow." }))
        .status,
    ).toBe(200);
    const row = await t.db
      .selectFrom("reports")
      .select(["status", "release_override_reason"])
      .where("id", "=", other.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "released", release_override_reason: "Trial date moved forward; invoice to follow." });

    // Questions once, answered by a supplementary report.
    const asked = await trpc<Detail>(t.app, c.attorney!, "reports.ask", { id: other.id, body: "Is the claimant fit to drive?" });
    expect(asked.status, asked.error?.message).toBe(200);
    const supplementary = await t.db
      .selectFrom("reports")
      .selectAll()
      .where("id", "=", asked.data.questions!.supplementaryReportId)
      .executeTakeFirstOrThrow();
    expect(supplementary).toMatchObject({ kind: "supplementary", status: "awaiting", parent_report_id: other.id });
    expect((await trpc(t.app, c.attorney!, "reports.ask", { id: other.id, body: "Again?" })).status).toBe(409);
    expect((await trpc(t.app, c.nomsa!, "reports.ask", { id: other.id, body: "Mine?" })).status).toBe(404);
  });

  it("withdraws an open report with a reason, and records at most one view per user and report in 15 minutes", async () => {
    const report = await freshReport();
    await get(c.attorney!, report.id);
    await get(c.attorney!, report.id);
    const views = await t.db
      .selectFrom("access_log")
      .select(sql<number>`count(*)::int`.as("n"))
      .where("entity_id", "=", report.id)
      .where("action", "=", "view")
      .executeTakeFirstOrThrow();
    expect(views.n).toBe(1);
    expect((await trpc(t.app, c.consultant!, "reports.withdraw", { id: report.id, reason: "x" })).status).toBe(403);
    expect((await trpc(t.app, c.employee!, "reports.withdraw", { id: report.id, reason: "The matter settled." })).status).toBe(200);
    expect((await get(c.attorney!, report.id)).statusLabel).toBe("Withdrawn");
    // A withdrawn report's delivery timer is cancelled: it counts neither as met nor as missed.
    expect(await timersOf(report.id)).toEqual([{ policy: "report_delivery", status: "cancelled" }]);
    expect((await upload(c.consultant!, report.id, "late.pdf", await demoReportPdf("late"))).statusCode).toBe(409);
  });

  it("settles who may upload before reading the file: 404 for another's report or query, 403 for an attorney, 409 for a closed report", async () => {
    const report = await freshReport("consultant");
    const notAForm = (cookie: string, url: string) =>
      t.app.inject({ method: "POST", url, headers: { cookie, "content-type": "text/plain" }, payload: "not a form" });
    // Read first, these would answer 400 (the body is not an upload) or 400 (over 25 MB): the report is refused before.
    const others = await notAForm(c.dr_naidoo!, `/api/reports/${report.id}/versions`);
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe("That report does not exist or is not yours to see.");
    const huge = await upload(c.dr_naidoo!, report.id, "huge.pdf", Buffer.alloc(26 * 1024 * 1024, 0x20));
    expect(huge.statusCode).toBe(404);
    expect((await notAForm(c.attorney!, `/api/reports/${report.id}/versions`)).statusCode).toBe(403);
    expect(
      (await trpc(t.app, c.employee!, "reports.withdraw", { id: report.id, reason: "Instruction withdrawn by the attorney." })).status,
    ).toBe(200);
    const closed = await notAForm(c.consultant!, `/api/reports/${report.id}/versions`);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toMatch(/^RPT-\d{4}-\d{5} is withdrawn: a new version can be uploaded only/);
    // Query documents: the same order.
    const attorneysQuery = await t.db
      .selectFrom("queries")
      .select("id")
      .where("attorney_id", "=", await uid("attorney"))
      .executeTakeFirstOrThrow();
    const foreign = await notAForm(c.nomsa!, `/api/queries/${attorneysQuery.id}/documents`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe("That query does not exist or is not yours to see.");
    expect((await notAForm(c.attorney!, `/api/queries/${attorneysQuery.id}/documents`)).statusCode).toBe(400);
  });

  it("limits file downloads per user: past the allowance a 429 with a sentence, while another user still downloads", async () => {
    const strict = await t.another({ rateLimits: { ...RELAXED_LIMITS, perUser: { fileDownload: { max: 3, window: 60_000 } } } });
    await t.db.deleteFrom("rate_limits").where("key", "like", "download:%").execute();
    const query = await t.db
      .selectFrom("queries")
      .select("id")
      .where("attorney_id", "=", await uid("attorney"))
      .executeTakeFirstOrThrow();
    const body = multipart("records.pdf", PDF);
    const doc = (
      await strict.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: c.attorney!, ...body.headers },
        payload: body.payload,
      })
    ).json() as { id: string };
    const fetchAs = (cookie: string, path = "files") =>
      strict.inject({ method: "GET", url: `/api/${path}/${doc.id}`, headers: { cookie } });
    for (let i = 0; i < 3; i++) expect((await fetchAs(c.attorney!)).statusCode).toBe(200);
    const limited = await fetchAs(c.attorney!);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many downloads\. Please wait \d+ seconds and try again\.$/);
    // The older address of the route counts against the same allowance; another user has their own.
    expect((await fetchAs(c.attorney!, "documents")).statusCode).toBe(429);
    expect((await fetchAs(c.employee!)).statusCode).toBe(200);
  });

  it("shows an expert that their report was released, not the early-release reason nor the attorney's terms", async () => {
    const report = await freshReport();
    await upload(c.consultant!, report.id, "c.pdf", await demoReportPdf("c"));
    await trpc(t.app, c.employee!, "reports.take", { id: report.id });
    await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: passAll(await get(c.employee!, report.id)) });
    const reason = "Trial on Monday; the firm pays on the day.";
    expect((await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason })).status).toBe(200);
    type Shown = Detail & {
      releaseOverrideReason: string | null;
      releasedOnApproval: boolean;
      events: { toStatus: string | null; body: string | null }[];
    };
    const expert = (await trpc<Shown>(t.app, c.consultant!, "reports.get", { id: report.id })).data;
    expect(expert.status).toBe("released");
    expect(expert.releaseOverrideReason).toBeNull();
    expect(expert.events.find((e) => e.toStatus === "released")).toMatchObject({ body: null });
    expect(JSON.stringify(expert)).not.toContain(reason);
    const staff = (await trpc<Shown>(t.app, c.employee!, "reports.get", { id: report.id })).data;
    expect(staff.releaseOverrideReason).toBe(reason);
    expect(staff.events.find((e) => e.toStatus === "released")?.body).toBe(`Released before payment: ${reason}`);
  });

  it("lets administrators edit a kind's checklist; reviews already recorded keep the checks they were made against", async () => {
    const report = await freshReport();
    await upload(c.consultant!, report.id, "d.pdf", await demoReportPdf("d"));
    await trpc(t.app, c.employee!, "reports.take", { id: report.id });
    const before = await get(c.employee!, report.id);
    const failed = passAll(before).map((i, k) => (k === 0 ? { ...i, result: "fail", comment: "Wrong birth date." } : i));
    expect((await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: failed })).status).toBe(200);
    type Item = { id: string; label: string; mandatory: boolean };
    const old = (await trpc<Item[]>(t.app, c.admin!, "reports.checklist", { kind: "medico_legal" })).data;
    expect(old.map((i) => i.label)).toEqual(before.checklist.map((i) => i.label));

    // Rename the first, drop the last, move the second to the end, add one.
    const edited = [
      { label: "Claimant's name, ID number and birth date match", mandatory: true },
      ...old.slice(2, -1).map(({ label, mandatory }) => ({ label, mandatory })),
      { label: old[1]!.label, mandatory: false },
      { label: "Page numbers on every page", mandatory: false },
    ];
    expect((await trpc(t.app, c.employee!, "reports.updateChecklist", { kind: "medico_legal", items: edited })).status).toBe(403);
    const twice = await trpc(t.app, c.admin!, "reports.updateChecklist", {
      kind: "medico_legal",
      items: [...edited, { label: " page numbers on every page ", mandatory: true }],
    });
    expect(twice.status).toBe(400);
    expect(twice.error?.message).toBe('"page numbers on every page" is on the list twice: name each check once.');
    const saved = await trpc<Item[]>(t.app, c.admin!, "reports.updateChecklist", { kind: "medico_legal", items: edited });
    expect(saved.status, saved.error?.message).toBe(200);
    expect(saved.data.map(({ label, mandatory }) => ({ label, mandatory }))).toEqual(edited);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("action", "=", "report.checklist_update")
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ kind: "medico_legal", items: edited });

    // The recorded review still reads as it was made; the next review is against the new list.
    const after = await get(c.employee!, report.id);
    const review = (after as Detail & { reviews: { items: { label: string; result: string; comment: string | null }[] }[] }).reviews[0]!;
    expect(review.items.map((i) => i.label)).toEqual(before.checklist.map((i) => i.label));
    expect(review.items[0]).toMatchObject({ result: "fail", comment: "Wrong birth date." });
    await upload(c.consultant!, report.id, "d2.pdf", await demoReportPdf("d2"));
    await trpc(t.app, c.employee!, "reports.take", { id: report.id });
    const current = await get(c.employee!, report.id);
    expect(current.checklist.map((i) => i.label)).toEqual(edited.map((i) => i.label));
    expect((await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: passAll(before) })).status).toBe(400);
    expect((await trpc(t.app, c.employee!, "reports.review", { id: report.id, items: passAll(current) })).status).toBe(200);
  });

  it("lists attorneys with their release-on-approval agreement, and records and ends one with a note, audited", async () => {
    const nomsaId = await uid("nomsa");
    type Row = {
      attorneyId: string;
      attorneyName: string;
      agreed: boolean;
      note: string | null;
      recordedByName: string | null;
      recordedAt: string | null;
    };
    const list = async (search?: string) => (await trpc<Row[]>(t.app, c.admin!, "reports.listDeferrals", search ? { search } : {})).data;
    expect((await trpc(t.app, c.employee!, "reports.listDeferrals", {})).status).toBe(403);
    const note = "Contingency fee agreement signed 2 November 2026";
    expect((await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: nomsaId, agreed: true, note: "" })).error?.message).toBe(
      "Note the agreement (for example the matter or the date it was signed).",
    );
    expect((await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: nomsaId, agreed: true, note })).status).toBe(200);
    const all = await list();
    expect(all.some((r) => !r.agreed)).toBe(true);
    // Attorneys with an agreement come first.
    expect(all.findIndex((r) => !r.agreed)).toBeGreaterThan(all.findIndex((r) => r.attorneyId === nomsaId));
    const nomsa = (await list("nomsa")).find((r) => r.attorneyId === nomsaId)!;
    expect(nomsa).toMatchObject({ agreed: true, note, recordedByName: expect.stringMatching(/\S+ \S+/) });
    expect(Date.now() - new Date(nomsa.recordedAt!).getTime()).toBeLessThan(60_000);
    expect(await list("no-such-attorney-anywhere")).toEqual([]);

    const noReason = await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: nomsaId, agreed: false });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.message).toBe("Say why the agreement ends.");
    const ended = await trpc<Row[]>(t.app, c.admin!, "reports.setDeferral", {
      attorneyId: nomsaId,
      agreed: false,
      note: "Matters now billed on delivery.",
    });
    expect(ended.status).toBe(200);
    expect(ended.data.find((r) => r.attorneyId === nomsaId)).toMatchObject({
      agreed: false,
      note: null,
      recordedByName: null,
      recordedAt: null,
    });
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["before", "after"])
      .where("action", "=", "report.release_deferral")
      .where("entity_id", "=", nomsaId)
      .orderBy("at", "desc")
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      before: { releaseOnApproval: true, note },
      after: { releaseOnApproval: false, note: "Matters now billed on delivery." },
    });
    expect((await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: nomsaId, agreed: false, note: "again" })).status).toBe(409);
    expect((await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: await uid("employee"), agreed: true, note })).status).toBe(
      404,
    );
  });

  it("has demo reports in every state", async () => {
    const states = await t.db.selectFrom("reports").select("status").distinct().execute();
    expect(states.map((s) => s.status).sort()).toEqual([
      "approved",
      "awaiting",
      "changes_requested",
      "in_review",
      "released",
      "submitted",
      "withdrawn",
    ]);
  });
});
