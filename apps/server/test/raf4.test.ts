import { sql } from "kysely";
import { createDatabase } from "@medlegal/db";
import { sweepSlaAlerts } from "@medlegal/api";
import { describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { Raf4CaseView, Raf4View, ReportDetail } from "@medlegal/domain";
import { addDays, raf5Deadline, saDateLabel, sastDate, sastToUtc } from "@medlegal/domain";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";
import type { TestApp } from "./helpers";
import { reportUpload, signedInSuite, trpc } from "./helpers";

/** RAF 4 as data over the procedures (docs/decisions.md, "RAF 4 as data"). */
describe.each(testDialects())("RAF 4 assessments on %s", (kind) => {
  let t: TestApp;
  const { c, ids } = signedInSuite(
    kind,
    ["admin", "employee", "attorney", "nomsa", "consultant", "dr_naidoo"],
    { workflow: true },
    (app) => (t = app),
  );
  const today = sastDate(new Date());

  /** A fresh RAF 4 report of the consultant for the attorney, uploaded (and approved when asked): each test owns its own. */
  const raf4Report = async (approve: boolean) => {
    const q = await t.db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .select(["queries.id", "cases.id as case_id", "cases.patient_id"])
      .where("queries.attorney_id", "=", ids.attorney!)
      .orderBy("queries.reference")
      .executeTakeFirstOrThrow();
    const spec = await t.db.selectFrom("users").select("specialization_id").where("id", "=", ids.consultant!).executeTakeFirstOrThrow();
    const { createReport } = await import("../../../packages/api/src/services/reports/lifecycle");
    const actor = { user: null, meta: { ip: null, userAgent: null, requestId: "test", appUrl: "" } };
    const report = await t.db.transaction().execute((trx) =>
      createReport(trx, actor, {
        query_id: q.id,
        case_id: q.case_id,
        patient_id: q.patient_id,
        attorney_id: ids.attorney!,
        booking_id: null,
        consultant_id: ids.consultant!,
        specialization_id: spec.specialization_id!,
        kind: "raf4",
        parent_report_id: null,
      }),
    );
    if (approve) {
      const body = reportUpload(await demoReportPdf(report.reference, 2));
      const uploaded = await t.app.inject({
        method: "POST",
        url: `/api/reports/${report.id}/versions`,
        headers: { cookie: c.consultant!, ...body.headers },
        payload: body.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      expect((await trpc(t.app, c.employee!, "reports.take", { id: report.id })).status).toBe(200);
      const d = await trpc<ReportDetail>(t.app, c.employee!, "reports.get", { id: report.id });
      const reviewed = await trpc<ReportDetail>(t.app, c.employee!, "reports.review", {
        id: report.id,
        items: d.data.checklist.map((i) => ({ itemId: i.id, result: "pass", comment: null })),
      });
      expect(reviewed.status, reviewed.error?.message).toBe(200);
      expect(reviewed.data.status).toBe("approved");
    }
    return report;
  };

  const complete = (reportId: string) => ({
    reportId,
    examinedPersonallyBy: ids.consultant,
    examinationDate: addDays(today, -3),
    mmiReached: true,
    mmiDate: addDays(today, -3),
    wpiPercent: "29.5",
    narrativeHeads: [],
    onNonSeriousList: false,
    notes: "",
  });

  it("stores the WPI exactly as entered: 29.5 stays 29.5, never 30", async () => {
    const report = await raf4Report(false);
    const saved = await trpc<Raf4View>(t.app, c.consultant!, "raf4.saveAssessment", complete(report.id));
    expect(saved.status, saved.error?.message).toBe(200);
    expect(saved.data.assessment?.wpiPercent).toBe("29.5");
    expect(saved.data.assessment?.serious).toBe(false);
    const stored = await t.db
      .selectFrom("raf4_assessments")
      .select(sql<string>`wpi_percent::text`.as("wpi"))
      .where("report_id", "=", report.id)
      .executeTakeFirstOrThrow();
    expect(stored.wpi).toBe("29.5");
    // A number is kept as its digits too, and the expert may correct it while the report is not released.
    const corrected = await trpc<Raf4View>(t.app, c.consultant!, "raf4.saveAssessment", { ...complete(report.id), wpiPercent: 30.25 });
    expect(corrected.data.assessment?.wpiPercent).toBe("30.25");
    expect(corrected.data.assessment?.serious).toBe(true);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", report.id)
      .where("action", "like", "raf4.%")
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["raf4.create", "raf4.update"]);
  });

  it("refuses release while the RAF 4 assessment has gaps, naming them, and releases it once complete", async () => {
    const report = await raf4Report(true);
    const none = await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week." });
    expect(none.status).toBe(409);
    expect(none.error?.message).toContain("The RAF 4 assessment has not been recorded.");

    const partial = await trpc<Raf4View>(t.app, c.consultant!, "raf4.saveAssessment", {
      ...complete(report.id),
      examinationDate: null,
      mmiReached: null,
      mmiDate: null,
    });
    expect(partial.status, partial.error?.message).toBe(200);
    expect(partial.data.gaps).toEqual(["Record the date of examination.", "Say whether maximum medical improvement has been reached."]);
    const refused = await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week." });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toContain("Record the date of examination.");
    expect(refused.error?.message).toContain("Say whether maximum medical improvement has been reached.");
    expect((await t.db.selectFrom("reports").select("status").where("id", "=", report.id).executeTakeFirstOrThrow()).status).toBe(
      "approved",
    );

    expect((await trpc(t.app, c.consultant!, "raf4.saveAssessment", complete(report.id))).status).toBe(200);
    const released = await trpc<ReportDetail>(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week." });
    expect(released.status, released.error?.message).toBe(200);
    expect(released.data.status).toBe("released");
    // Released: the assessment is frozen, and the attorney records the RAF's outcome.
    const late = await trpc(t.app, c.consultant!, "raf4.saveAssessment", { ...complete(report.id), wpiPercent: "31" });
    expect(late.status).toBe(409);
    const rejected = await trpc<Raf4View>(t.app, c.attorney!, "raf4.recordOutcome", {
      reportId: report.id,
      outcome: "rejected",
      outcomeDate: addDays(today, -80),
      reasons: "Not serious on the narrative test.",
    });
    expect(rejected.status, rejected.error?.message).toBe(200);
    expect(rejected.data.outcome).toEqual({
      outcome: "rejected",
      date: addDays(today, -80),
      reasons: "Not serious on the narrative test.",
    });
    expect(rejected.data.raf5).toEqual({ deadline: addDays(today, 10), daysLeft: 10 });
    const tribunal = await trpc<Raf4View>(t.app, c.attorney!, "raf4.recordTribunal", {
      reportId: report.id,
      outcome: "upheld",
      outcomeDate: today,
      notes: "",
      reference: "HPCSA-1",
    });
    expect(tribunal.status, tribunal.error?.message).toBe(200);
    expect(tribunal.data.tribunal).toMatchObject({ outcome: "upheld", reference: "HPCSA-1" });
    expect(tribunal.data.raf5).toBeNull();
    const actions = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", report.id)
      .where("action", "like", "raf4.%")
      .execute();
    expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(["raf4.outcome", "raf4.tribunal"]));
  });

  it("answers 404 to an attorney of another firm and to another expert, and shows its own attorney the findings only once released", async () => {
    const report = await raf4Report(false);
    expect((await trpc(t.app, c.consultant!, "raf4.saveAssessment", complete(report.id))).status).toBe(200);
    expect((await trpc(t.app, c.nomsa!, "raf4.get", { id: report.id })).status).toBe(404);
    expect(
      (await trpc(t.app, c.nomsa!, "raf4.recordOutcome", { reportId: report.id, outcome: "accepted", outcomeDate: today })).status,
    ).toBe(404);
    expect((await trpc(t.app, c.dr_naidoo!, "raf4.saveAssessment", { ...complete(report.id), wpiPercent: "50" })).status).toBe(404);
    const own = await trpc<Raf4View>(t.app, c.attorney!, "raf4.get", { id: report.id });
    expect(own.status).toBe(200);
    // The findings come with the report: not before its release (which follows payment).
    expect(own.data.assessment).toBeNull();
    expect(own.data.canAssess).toBe(false);
    const caseId = (await t.db.selectFrom("reports").select("case_id").where("id", "=", report.id).executeTakeFirstOrThrow()).case_id;
    const listed = await trpc<Raf4CaseView>(t.app, c.attorney!, "raf4.forCase", { caseId });
    expect(listed.data.items.find((r) => r.reportId === report.id)).toMatchObject({ serious: null, wpiPercent: null });
    expect((await trpc<Raf4View>(t.app, c.employee!, "raf4.get", { id: report.id })).data.assessment?.wpiPercent).toBe("29.5");
  });

  it("refuses bad input with 400 and a clear message, changing nothing", async () => {
    const report = await raf4Report(false);
    expect((await trpc(t.app, c.consultant!, "raf4.saveAssessment", complete(report.id))).status).toBe(200);
    const before = await t.db.selectFrom("raf4_assessments").selectAll().where("report_id", "=", report.id).executeTakeFirstOrThrow();
    for (const bad of [
      { wpiPercent: "29.555" },
      { wpiPercent: "101" },
      { wpiPercent: "abc" },
      { mmiReached: false },
      { narrativeHeads: ["whiplash"] },
      { examinedPersonallyBy: ids.attorney },
    ]) {
      const answer = await trpc(t.app, c.consultant!, "raf4.saveAssessment", { ...complete(report.id), ...bad });
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.error?.message).not.toMatch(/sql|stack|raf4_assessments/i);
    }
    const wpi = await trpc(t.app, c.consultant!, "raf4.saveAssessment", { ...complete(report.id), wpiPercent: "29.555" });
    expect(JSON.stringify(wpi.error)).toContain("WPI must be a number from 0 to 100 with at most 2 decimals");
    const rejection = await trpc(t.app, c.employee!, "raf4.recordOutcome", {
      reportId: report.id,
      outcome: "rejected",
      outcomeDate: today,
      reasons: "",
    });
    expect(rejection.status).toBe(400);
    const after = await t.db.selectFrom("raf4_assessments").selectAll().where("report_id", "=", report.id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("lists a case's RAF 4 reports for its attorney with the state and the RAF 5 clock, and 404 for another firm's case", async () => {
    const report = await raf4Report(true);
    expect((await trpc(t.app, c.consultant!, "raf4.saveAssessment", { ...complete(report.id), wpiPercent: "31" })).status).toBe(200);
    expect((await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week." })).status).toBe(200);
    expect(
      (
        await trpc(t.app, c.attorney!, "raf4.recordOutcome", {
          reportId: report.id,
          outcome: "rejected",
          outcomeDate: addDays(today, -80),
          reasons: "Not serious.",
        })
      ).status,
    ).toBe(200);
    const caseId = (await t.db.selectFrom("reports").select("case_id").where("id", "=", report.id).executeTakeFirstOrThrow()).case_id;
    const listed = await trpc<Raf4CaseView>(t.app, c.attorney!, "raf4.forCase", { caseId });
    expect(listed.status, listed.error?.message).toBe(200);
    expect(listed.data.requestable).toEqual([]);
    expect(listed.data.items.find((r) => r.reportId === report.id)).toMatchObject({
      reference: report.reference,
      statusLabel: "Released",
      serious: true,
      wpiPercent: "31",
      gaps: 0,
      outcome: { outcome: "rejected", date: addDays(today, -80) },
      raf5: { deadline: addDays(today, 10), daysLeft: 10 },
      tribunal: null,
    });
    // Only RAF 4 reports, all of this case.
    const kinds = await t.db
      .selectFrom("reports")
      .select("kind")
      .where(
        "id",
        "in",
        listed.data.items.map((r) => r.reportId),
      )
      .execute();
    expect(new Set(kinds.map((k) => k.kind))).toEqual(new Set(["raf4"]));
    expect((await trpc(t.app, c.nomsa!, "raf4.forCase", { caseId })).status).toBe(404);
    expect((await trpc(t.app, c.consultant!, "raf4.forCase", { caseId })).status).toBe(403);
    expect((await trpc(t.app, c.employee!, "raf4.forCase", { caseId })).status).toBe(200);
  });

  it("lets staff ask a medico-legal report's expert for the RAF 4 on a RAF claim, once per expert and query", async () => {
    const { createReport } = await import("../../../packages/api/src/services/reports/lifecycle");
    const actor = { user: null, meta: { ip: null, userAgent: null, requestId: "test", appUrl: "" } };
    const matter = async (claimType: "raf" | "personal_injury") => {
      const q = await t.db
        .selectFrom("queries")
        .innerJoin("cases", "cases.id", "queries.case_id")
        .select(["queries.id", "cases.id as case_id", "cases.patient_id"])
        .where("queries.attorney_id", "=", ids.attorney!)
        .where("cases.claim_type", "=", claimType)
        .orderBy("queries.reference")
        .executeTakeFirstOrThrow();
      const spec = await t.db.selectFrom("users").select("specialization_id").where("id", "=", ids.dr_naidoo!).executeTakeFirstOrThrow();
      return t.db.transaction().execute((trx) =>
        createReport(trx, actor, {
          query_id: q.id,
          case_id: q.case_id,
          patient_id: q.patient_id,
          attorney_id: ids.attorney!,
          booking_id: null,
          consultant_id: ids.dr_naidoo!,
          specialization_id: spec.specialization_id!,
          kind: "medico_legal",
          parent_report_id: null,
        }),
      );
    };
    const report = await matter("raf");
    const before = await trpc<Raf4CaseView>(t.app, c.employee!, "raf4.forCase", { caseId: report.case_id });
    expect(before.data.requestable.map((r) => r.reportId)).toContain(report.id);
    expect((await trpc(t.app, c.attorney!, "raf4.request", { id: report.id })).status).toBe(403);
    const asked = await trpc<{ id: string; reference: string }>(t.app, c.employee!, "raf4.request", { id: report.id });
    expect(asked.status, asked.error?.message).toBe(200);
    const created = await t.db
      .selectFrom("reports")
      .select(["kind", "status", "consultant_id", "parent_report_id"])
      .where("id", "=", asked.data.id)
      .executeTakeFirstOrThrow();
    expect(created).toEqual({ kind: "raf4", status: "awaiting", consultant_id: ids.dr_naidoo, parent_report_id: report.id });
    // Once per expert and query; the expert sees it and may assess it.
    const again = await trpc(t.app, c.employee!, "raf4.request", { id: report.id });
    expect(again.status).toBe(409);
    expect(again.error?.message).toContain(asked.data.reference);
    expect(
      (await trpc<Raf4CaseView>(t.app, c.employee!, "raf4.forCase", { caseId: report.case_id })).data.requestable.map((r) => r.reportId),
    ).not.toContain(report.id);
    expect((await trpc<Raf4View>(t.app, c.dr_naidoo!, "raf4.get", { id: asked.data.id })).data.canAssess).toBe(true);
    // Not on a claim other than the RAF's.
    const other = await matter("personal_injury");
    const refused = await trpc(t.app, c.employee!, "raf4.request", { id: other.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toBe("A RAF 4 serious-injury assessment is for Road Accident Fund claims only.");
  });

  it("says on the report's details and on its RAF 4 alike whether the claimant was examined", async () => {
    const { createReport } = await import("../../../packages/api/src/services/reports/lifecycle");
    const actor = { user: null, meta: { ip: null, userAgent: null, requestId: "test", appUrl: "" } };
    const kase = await t.db
      .selectFrom("cases")
      .select(["id", "patient_id"])
      .where("attorney_id", "=", ids.attorney!)
      .where("claim_type", "=", "raf")
      .executeTakeFirstOrThrow();
    const spec = (await t.db.selectFrom("users").select("specialization_id").where("id", "=", ids.consultant!).executeTakeFirstOrThrow())
      .specialization_id!;
    const at = new Date();
    const query = await t.db
      .insertInto("queries")
      .values({
        reference: `Q-EX-${at.getTime()}`,
        case_id: kase.id,
        attorney_id: ids.attorney!,
        subject: "Orthopaedic assessment",
        instructions: "Assess the knee",
        status: "scheduled",
        assigned_employee_id: ids.employee!,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const examinedOn = addDays(today, -20);
    const startsAt = sastToUtc(examinedOn, "09:00");
    const booking = await t.db
      .insertInto("bookings")
      .values({
        reference: `BK-EX-${at.getTime()}`,
        query_id: query.id,
        case_id: kase.id,
        patient_id: kase.patient_id,
        attorney_id: ids.attorney!,
        consultant_id: ids.consultant!,
        specialization_id: spec,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 3_600_000),
        venue: "Rooms",
        mode: "in_person",
        status: "attended",
        created_by: ids.employee!,
      })
      .returning(["id", "reference"])
      .executeTakeFirstOrThrow();
    const medicoLegal = await t.db.transaction().execute((trx) =>
      createReport(trx, actor, {
        query_id: query.id,
        case_id: kase.id,
        patient_id: kase.patient_id,
        attorney_id: ids.attorney!,
        booking_id: booking.id,
        consultant_id: ids.consultant!,
        specialization_id: spec,
        kind: "medico_legal",
        parent_report_id: null,
      }),
    );
    const asked = await trpc<{ id: string }>(t.app, c.employee!, "raf4.request", { id: medicoLegal.id });
    expect(asked.status, asked.error?.message).toBe(200);
    type Examination = { examined: boolean; on: string | null; expertId: string | null; bookingReference: string | null; label: string };
    const details = async (id: string) =>
      (await trpc<{ examination: Examination }>(t.app, c.employee!, "reports.get", { id })).data.examination;
    const raf4 = async (id: string) => (await trpc<Raf4View & { examination: Examination }>(t.app, c.consultant!, "raf4.get", { id })).data;

    // The RAF 4 follows the medico-legal report: it rests on the same attended assessment, and both say so.
    const name = await t.db
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("id", "=", ids.consultant!)
      .executeTakeFirstOrThrow();
    const expected = {
      examined: true,
      on: examinedOn,
      expertId: ids.consultant,
      byName: `${name.first_name} ${name.last_name}`,
      bookingReference: booking.reference,
      label: `Examined on ${saDateLabel(examinedOn)} by ${name.first_name} ${name.last_name} (${booking.reference})`,
    };
    expect(await details(asked.data.id)).toEqual(expected);
    expect((await raf4(asked.data.id)).examination).toEqual(expected);
    expect(await details(medicoLegal.id)).toEqual(expected);

    // The expert records the examination on the RAF 4: the report's details read the same record.
    const saved = await trpc<Raf4View>(t.app, c.consultant!, "raf4.saveAssessment", {
      ...complete(asked.data.id),
      examinationDate: addDays(examinedOn, 1),
      mmiDate: examinedOn,
    });
    expect(saved.status, saved.error?.message).toBe(200);
    const recorded = await details(asked.data.id);
    expect(recorded).toMatchObject({ examined: true, on: addDays(examinedOn, 1), expertId: ids.consultant });
    expect((await raf4(asked.data.id)).examination).toEqual(recorded);

    // A RAF 4 on no assessment and with no examination recorded: "not examined" on both.
    const bare = await raf4Report(false);
    expect(await details(bare.id)).toMatchObject({ examined: false, label: "Not examined: records only" });
    expect((await raf4(bare.id)).examination).toMatchObject({ examined: false });
  });

  /** A released RAF 4 report with a complete assessment. */
  const releasedRaf4 = async () => {
    const report = await raf4Report(true);
    expect((await trpc(t.app, c.consultant!, "raf4.saveAssessment", complete(report.id))).status).toBe(200);
    expect((await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial next week." })).status).toBe(200);
    return report;
  };
  const raf5Timer = (reportId: string) =>
    t.db.selectFrom("sla_timers").selectAll().where("policy", "=", "raf5_dispute").where("subject_id", "=", reportId).execute();

  it("starts the RAF 5 clock on a rejection: 90 days from the rejection date, and stops it when the tribunal decides", async () => {
    const report = await releasedRaf4();
    expect(
      (
        await trpc(t.app, c.attorney!, "raf4.recordOutcome", {
          reportId: report.id,
          outcome: "further_assessment",
          outcomeDate: addDays(today, -20),
        })
      ).status,
    ).toBe(200);
    expect(await raf5Timer(report.id)).toEqual([]);
    const rejectedOn = addDays(today, -5);
    expect(
      (
        await trpc(t.app, c.attorney!, "raf4.recordOutcome", {
          reportId: report.id,
          outcome: "rejected",
          outcomeDate: rejectedOn,
          reasons: "WPI below 30 %.",
        })
      ).status,
    ).toBe(200);
    const [timer] = await raf5Timer(report.id);
    expect(timer).toMatchObject({ status: "open", subject_kind: "report", target: 90, unit: "calendar_days" });
    expect(timer!.started_at).toEqual(sastToUtc(rejectedOn, "00:00"));
    expect(timer!.due_at).toEqual(sastToUtc(raf5Deadline(rejectedOn), "00:00"));
    expect(
      (await trpc(t.app, c.attorney!, "raf4.recordTribunal", { reportId: report.id, outcome: "dismissed", outcomeDate: today })).status,
    ).toBe(200);
    expect((await raf5Timer(report.id))[0]).toMatchObject({ status: "met" });
  });

  it("reminds the attorney once, 10 days before the RAF 5 deadline, with two server instances sweeping", async () => {
    const report = await releasedRaf4();
    const rejected = await trpc(t.app, c.attorney!, "raf4.recordOutcome", {
      reportId: report.id,
      outcome: "rejected",
      outcomeDate: addDays(today, -82),
      reasons: "Not serious.",
    });
    expect(rejected.status, rejected.error?.message).toBe(200);
    const query = await t.db.selectFrom("queries").select("reference").where("id", "=", report.query_id).executeTakeFirstOrThrow();
    // On PostgreSQL the second instance has its own pool; PGlite is one process's database.
    const otherDb = kind === "pg" ? await secondConnection() : t.db;
    try {
      await Promise.all([
        sweepSlaAlerts(t.db, new Date(), 1),
        sweepSlaAlerts(otherDb, new Date(), 1),
        sweepSlaAlerts(t.db, new Date(), 2),
        sweepSlaAlerts(otherDb, new Date(), 2),
      ]);
    } finally {
      if (otherDb !== t.db) await otherDb.destroy();
    }
    await sweepSlaAlerts(t.db);
    // This report's reminders (the other tests' reports share its query, so its title).
    const reminders = await t.db
      .selectFrom("notifications")
      .select(["message", "link"])
      .where("user_id", "=", ids.attorney!)
      .where("title", "=", `RAF 5 dispute due: ${query.reference}`)
      .where("link", "=", `/reports/${report.id}`)
      .execute();
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.message).toContain("HPCSA Registrar");
  });

  async function secondConnection() {
    const database = (await t.db.selectNoFrom((eb) => eb.fn<string>("current_database").as("name")).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    return createDatabase({ url: url.toString(), poolSize: 4 }).db;
  }
});
