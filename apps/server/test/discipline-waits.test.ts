import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { DisciplineDependencies, QueryDetail, ReportDetail } from "@medlegal/domain";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";
import type { TestApp } from "./helpers";
import { createTestApp, login, reportUpload, trpc } from "./helpers";

/** Disciplines that wait for each other (issue 27, section 3; docs/decisions.md "Disciplines that wait"). */
describe.each(testDialects())("disciplines that wait on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const ids = {} as Record<string, string>;
  const spec = {} as Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "consultant", "dr_naidoo"]) {
      c[name] = (await login(t.app, name)).cookie;
      const user = await t.db
        .selectFrom("users")
        .select(["id", "specialization_id"])
        .where("username", "=", name)
        .executeTakeFirstOrThrow();
      ids[name] = user.id;
      if (user.specialization_id) spec[name] = user.specialization_id;
    }
  });
  afterAll(() => t.close());

  // Each test: no discipline waits for another until it sets a rule, and a query of the attorney's
  // own for both experts' reports (the waits are worked out per query, over all its reports).
  let query: { id: string; case_id: string; patient_id: string };
  beforeEach(async () => {
    await t.db.deleteFrom("specialization_dependencies").execute();
    const kase = await t.db
      .selectFrom("cases")
      .select(["id", "patient_id"])
      .where("attorney_id", "=", ids.attorney!)
      // Not under a deferral agreement (issue 29): its reports would be released on approval.
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("deferral_agreements")
              .select("deferral_agreements.case_id")
              .whereRef("deferral_agreements.case_id", "=", "cases.id"),
          ),
        ),
      )
      .orderBy("reference")
      .executeTakeFirstOrThrow();
    const made = await trpc<QueryDetail>(t.app, c.attorney!, "queries.create", {
      caseId: kase.id,
      subject: "One discipline waits for another",
      instructions: "Please assess.",
      specializationIds: [spec.consultant!, spec.dr_naidoo!],
      priority: "normal",
    });
    expect(made.status, made.error?.message).toBe(200);
    query = { id: made.data.id, case_id: kase.id, patient_id: kase.patient_id };
  });

  const dependOn = (downstream: string, upstream: string[]) =>
    trpc<DisciplineDependencies>(t.app, c.admin!, "disciplineWaits.setDependencies", {
      dependencies: [{ downstreamId: downstream, upstreamIds: upstream }],
    });
  const reportOf = async (consultant: "consultant" | "dr_naidoo") => {
    const q = query;
    const { createReport } = await import("../../../packages/api/src/services/reports/lifecycle");
    const actor = { user: null, meta: { ip: null, userAgent: null, requestId: "test", appUrl: "" } };
    return t.db.transaction().execute((trx) =>
      createReport(trx, actor, {
        query_id: q.id,
        case_id: q.case_id,
        patient_id: q.patient_id,
        attorney_id: ids.attorney!,
        booking_id: null,
        consultant_id: ids[consultant]!,
        specialization_id: spec[consultant]!,
        kind: "medico_legal",
        parent_report_id: null,
      }),
    );
  };
  /** The upstream expert uploads; staff review, approve and release it (by an administrator's override). */
  const release = async (id: string, reference: string) => {
    const body = reportUpload(await demoReportPdf(reference, 2));
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: `/api/reports/${id}/versions`,
          headers: { cookie: c.consultant!, ...body.headers },
          payload: body.payload,
        })
      ).statusCode,
    ).toBe(201);
    expect((await trpc(t.app, c.employee!, "reports.take", { id })).status).toBe(200);
    const d = await trpc<ReportDetail>(t.app, c.employee!, "reports.get", { id });
    expect(
      (
        await trpc(t.app, c.employee!, "reports.review", {
          id,
          items: d.data.checklist.map((i) => ({ itemId: i.id, result: "pass", comment: null })),
        })
      ).status,
    ).toBe(200);
    const released = await trpc(t.app, c.admin!, "reports.overrideRelease", { id, reason: "Trial next week." });
    expect(released.status, released.error?.message).toBe(200);
  };
  const timerOf = (reportId: string) =>
    t.db
      .selectFrom("sla_timers")
      .selectAll()
      .where("policy", "=", "report_delivery")
      .where("subject_id", "=", reportId)
      .executeTakeFirstOrThrow();

  it("pauses a downstream expert's report timer with the reason in words, and resumes it when the upstream report is released", async () => {
    const names = Object.fromEntries(
      (await t.db.selectFrom("specializations").select(["id", "name"]).execute()).map((s) => [s.id, s.name]),
    );
    const set = await dependOn(spec.dr_naidoo!, [spec.consultant!]);
    expect(set.status, set.error?.message).toBe(200);
    const upstream = await reportOf("consultant");
    const downstream = await reportOf("dr_naidoo");
    const waiting = await timerOf(downstream.id);
    expect(waiting).toMatchObject({
      status: "open",
      pause_kind: "waiting",
      pause_reason: `Waiting for the ${names[spec.consultant!]} report`,
    });
    expect((await timerOf(upstream.id)).paused_at).toBeNull();
    // The attorney sees why it waits.
    const listed = await trpc<{ items: { id: string; pauseReason: string | null }[] }>(t.app, c.attorney!, "sla.list", {});
    expect(listed.data.items.find((i) => i.id === waiting.id)?.pauseReason).toBe(`Waiting for the ${names[spec.consultant!]} report`);

    // The upstream report goes through review and release; the downstream timer runs again, its due time moved by the wait.
    await release(upstream.id, upstream.reference);
    const resumed = await timerOf(downstream.id);
    expect(resumed.paused_at).toBeNull();
    expect(resumed.due_at.getTime()).toBeGreaterThan(waiting.due_at.getTime());
    const pauses = await t.db.selectFrom("sla_timer_pauses").selectAll().where("timer_id", "=", waiting.id).execute();
    expect(pauses).toHaveLength(1);
    expect(pauses[0]).toMatchObject({ kind: "waiting" });
    expect(pauses[0]!.to_at).not.toBeNull();
  });

  it("resumes the wait when the upstream report is withdrawn, and waits for nothing once the administrator clears the rule", async () => {
    expect((await dependOn(spec.dr_naidoo!, [spec.consultant!])).status).toBe(200);
    const upstream = await reportOf("consultant");
    const downstream = await reportOf("dr_naidoo");
    expect((await timerOf(downstream.id)).pause_kind).toBe("waiting");
    expect((await trpc(t.app, c.employee!, "reports.withdraw", { id: upstream.id, reason: "The expert withdrew." })).status).toBe(200);
    expect((await timerOf(downstream.id)).paused_at).toBeNull();
    expect((await trpc(t.app, c.admin!, "disciplineWaits.setDependencies", { dependencies: [] })).status).toBe(200);
    await reportOf("consultant");
    const free = await reportOf("dr_naidoo");
    expect((await timerOf(free.id)).paused_at).toBeNull();
  });

  it("shares a released upstream report with the downstream expert once the attorney consents, logs it, and lets them download only the released copy", async () => {
    expect((await dependOn(spec.dr_naidoo!, [spec.consultant!])).status).toBe(200);
    const upstream = await reportOf("consultant");
    const downstream = await reportOf("dr_naidoo");
    // Released before consent: nothing is shared.
    await release(upstream.id, upstream.reference);
    expect(await t.db.selectFrom("report_shares").selectAll().where("report_id", "=", upstream.id).execute()).toEqual([]);
    expect((await trpc(t.app, c.consultant!, "disciplineWaits.consentToSharing", { id: upstream.query_id })).status).toBe(403);
    const nomsa = (await login(t.app, "nomsa")).cookie;
    expect((await trpc(t.app, nomsa, "disciplineWaits.consentToSharing", { id: upstream.query_id })).status).toBe(404);

    // The attorney consents: the report released already is shared at once, logged in the expert's name, and the expert is told.
    const consent = await trpc<{ shared: number }>(t.app, c.attorney!, "disciplineWaits.consentToSharing", { id: upstream.query_id });
    expect(consent.status, consent.error?.message).toBe(200);
    expect(consent.data.shared).toBe(1);
    expect(await t.db.selectFrom("report_shares").select("consultant_id").where("report_id", "=", upstream.id).execute()).toEqual([
      { consultant_id: ids.dr_naidoo },
    ]);
    expect((await trpc(t.app, c.attorney!, "disciplineWaits.consentToSharing", { id: upstream.query_id })).status).toBe(409);
    const log = await t.db
      .selectFrom("access_log")
      .selectAll()
      .where("entity_id", "=", upstream.id)
      .where("action", "=", "share")
      .execute();
    expect(log.map((l) => l.user_id)).toEqual([ids.dr_naidoo]);
    expect(log[0]!.patient_id).toBe(upstream.patient_id);
    const told = await t.db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", ids.dr_naidoo!)
      .where("title", "=", `Report shared with you: ${upstream.reference}`)
      .execute();
    expect(told).toHaveLength(1);
    const shared = await trpc<{ reportId: string; fileId: string }[]>(t.app, c.dr_naidoo!, "disciplineWaits.sharedWithMe");
    const item = shared.data.find((r) => r.reportId === upstream.id)!;
    expect(item).toBeDefined();
    const download = await t.app.inject({ method: "GET", url: `/api/files/${item.fileId}`, headers: { cookie: c.dr_naidoo! } });
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toContain("application/pdf");
    // Not shared with an expert outside the rule, and the downstream report itself stays its expert's own.
    expect(
      (await trpc<{ reportId: string }[]>(t.app, c.consultant!, "disciplineWaits.sharedWithMe")).data.find(
        (r) => r.reportId === downstream.id,
      ),
    ).toBeUndefined();
    expect((await trpc(t.app, c.attorney!, "disciplineWaits.sharedWithMe")).status).toBe(403);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_id", "=", upstream.query_id)
      .where("action", "=", "query.report_sharing_consent")
      .execute();
    expect(audit).toHaveLength(1);
    expect((await trpc(t.app, c.admin!, "disciplineWaits.setDependencies", { dependencies: [] })).status).toBe(200);
  });

  it("refuses a circle and a discipline waiting for itself with a sentence, is for administrators only, and is audited", async () => {
    const circle = await trpc(t.app, c.admin!, "disciplineWaits.setDependencies", {
      dependencies: [
        { downstreamId: spec.dr_naidoo!, upstreamIds: [spec.consultant!] },
        { downstreamId: spec.consultant!, upstreamIds: [spec.dr_naidoo!] },
      ],
    });
    expect(circle.status).toBe(400);
    expect(circle.error?.message).toBe("These disciplines would wait for each other in a circle: one of them must go first.");
    const self = await trpc(t.app, c.admin!, "disciplineWaits.setDependencies", {
      dependencies: [{ downstreamId: spec.consultant!, upstreamIds: [spec.consultant!] }],
    });
    expect(self.status).toBe(400);
    expect(self.error?.message).toBe("A discipline cannot wait for itself");
    expect((await trpc(t.app, c.employee!, "disciplineWaits.setDependencies", { dependencies: [] })).status).toBe(403);
    // Staff read the rules (the scheduler orders a claimant's day by them); the expert does not.
    expect((await trpc(t.app, c.employee!, "disciplineWaits.dependencies")).status).toBe(200);
    expect((await trpc(t.app, c.consultant!, "disciplineWaits.dependencies")).status).toBe(403);
    const audits = () => t.db.selectFrom("audit_log").select("action").where("action", "=", "specializations.dependencies").execute();
    const before = (await audits()).length;
    // The refusals changed nothing; the administrator's rule, then its clearing, are each audited.
    let got = await trpc<DisciplineDependencies>(t.app, c.admin!, "disciplineWaits.dependencies");
    expect(got.data.specializations.every((s) => s.upstreamIds.length === 0)).toBe(true);
    expect((await dependOn(spec.dr_naidoo!, [spec.consultant!])).status).toBe(200);
    expect((await trpc(t.app, c.admin!, "disciplineWaits.setDependencies", { dependencies: [] })).status).toBe(200);
    got = await trpc<DisciplineDependencies>(t.app, c.admin!, "disciplineWaits.dependencies");
    expect(got.data.specializations.every((s) => s.upstreamIds.length === 0)).toBe(true);
    expect((await audits()).length).toBe(before + 2);
  });
});
