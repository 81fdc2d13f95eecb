import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { LightMyRequestResponse } from "fastify";
import { testDialects } from "@medlegal/db/testing";
import type { JointMinute, JointMinuteListItem, ReportDetail } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";
import type { TestApp } from "./helpers";
import { createTestApp, login, reportUpload, trpc } from "./helpers";
import { issuedInvoice } from "./invoice-kit";

/**
 * Issue 37, items 2 and 4 (docs/product-rules.md "Joint minutes follow their report"): a minute
 * follows its report to the attorney on the terms the report went on, an administrator may release
 * one early with a reason, the attorney of the matter is told what an unreleased one waits for,
 * and our expert hears of the minute at each step and finds it in a list.
 */
describe.each(testDialects())("joint minutes follow their report on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const ids = {} as Record<string, string>;
  const today = sastDate(new Date());
  let expertName = "";
  let expertEmail = "";

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "nomsa", "consultant"]) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
    const expert = await t.db
      .selectFrom("users")
      .select(["first_name", "last_name", "email"])
      .where("id", "=", ids.consultant!)
      .executeTakeFirstOrThrow();
    expertName = `${expert.first_name} ${expert.last_name}`;
    expertEmail = expert.email;
  });
  afterAll(() => t.close());

  /** A fresh report of the consultant for the attorney, walked to approved (released on approval under a deferral). */
  const approvedReport = async (attorney: string) => {
    const q = await t.db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .select(["queries.id", "cases.id as case_id", "cases.patient_id"])
      .where("queries.attorney_id", "=", ids[attorney]!)
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
        attorney_id: ids[attorney]!,
        booking_id: null,
        consultant_id: ids.consultant!,
        specialization_id: spec.specialization_id!,
        kind: "medico_legal",
        parent_report_id: null,
      }),
    );
    const body = reportUpload(await demoReportPdf(report.reference, 2));
    const uploaded = await t.app.inject({
      method: "POST",
      url: `/api/reports/${report.id}/versions`,
      headers: { cookie: c.consultant!, ...body.headers },
      payload: body.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    expect((await trpc(t.app, c.employee!, "reports.take", { id: report.id })).status).toBe(200);
    const d = (await trpc<ReportDetail>(t.app, c.employee!, "reports.get", { id: report.id })).data;
    const reviewed = await trpc(t.app, c.employee!, "reports.review", {
      id: report.id,
      items: d.checklist.map((i) => ({ itemId: i.id, result: "pass", comment: null })),
    });
    expect(reviewed.status, reviewed.error?.message).toBe(200);
    return { id: report.id, reference: report.reference, caseId: q.case_id };
  };

  const lastMail = async (to: string) =>
    (
      await t.db
        .selectFrom("email_outbox")
        .select("body")
        .where("to_address", "=", to)
        .orderBy("created_at", "desc")
        .orderBy("id", "desc")
        .executeTakeFirstOrThrow()
    ).body;
  const codeIn = (body: string) => /code to .* is: (\d{6})/.exec(body)![1]!;
  const post = (path: string, input: unknown) =>
    t.app.inject({ method: "POST", url: `/trpc/${path}`, headers: { "content-type": "application/json" }, payload: JSON.stringify(input) });
  const guestCookieOf = (response: LightMyRequestResponse) =>
    `medlegal.guest=${response.cookies.find((x) => x.name === "medlegal.guest")!.value}`;
  const issue = (label: string, view: string) => ({ label, status: "agreed", view, reason: "Both read the same X-rays." });

  /** A minute on the report: our expert writes, the opposing expert (a guest) agrees and signs; our expert signs when `sign` says so. */
  async function minuteOn(reportId: string, { ourSignature = true } = {}) {
    const email = `opposing-${Math.random().toString(36).slice(2)}@example.org`;
    const opposing = {
      name: "Dr Anele Khumalo",
      discipline: "Orthopaedic surgery",
      hpcsaNumber: "MP 0345678",
      practice: "Khumalo Orthopaedics, Durban",
      email,
      phone: "031 555 0101",
      instructingFirm: "State Attorney, Durban",
      side: "defendant",
    };
    const made = await trpc<JointMinute>(t.app, c.employee!, "jointMinutes.create", { reportId, opposing, dueOn: "2027-04-01" });
    expect(made.status, made.error?.message).toBe(200);
    const id = made.data.id;
    expect(
      (
        await trpc(t.app, c.consultant!, "jointMinutes.saveIssues", {
          id,
          baseVersion: 0,
          issues: [issue("Diagnosis", "Healed fracture with malunion.")],
        })
      ).status,
    ).toBe(200);
    const sent = await trpc<{ url: string }>(t.app, c.employee!, "jointMinutes.sendGuestLink", { id });
    const token = /token=([A-Za-z0-9_-]+)/.exec(sent.data.url)![1]!;
    expect((await post("jointMinutes.guestOpen", { token })).statusCode).toBe(200);
    const verified = await post("jointMinutes.guestVerify", { token, code: codeIn(await lastMail(email)) });
    expect(verified.statusCode, verified.body).toBe(200);
    const guest = guestCookieOf(verified);
    const seen = await trpc<{ issues: { id: string }[] }>(t.app, guest, "jointMinutes.guestGet");
    const saved = await trpc(t.app, guest, "jointMinutes.guestSaveIssues", {
      baseVersion: 1,
      issues: [{ ...issue("Diagnosis", "Agreed: malunion."), id: seen.data.issues[0]!.id }],
    });
    expect(saved.status, saved.error?.message).toBe(200);
    expect((await trpc(t.app, guest, "jointMinutes.guestRequestSignCode")).status).toBe(200);
    const theirs = await trpc(t.app, guest, "jointMinutes.guestSign", { typedName: opposing.name, code: codeIn(await lastMail(email)) });
    expect(theirs.status, theirs.error?.message).toBe(200);
    if (ourSignature) {
      expect((await trpc(t.app, c.consultant!, "jointMinutes.requestSignCode", { id })).status).toBe(200);
      const ours = await trpc<JointMinute>(t.app, c.consultant!, "jointMinutes.sign", {
        id,
        typedName: expertName,
        code: codeIn(await lastMail(expertEmail)),
      });
      expect(ours.status, ours.error?.message).toBe(200);
      expect(ours.data.frozen).toBe(true);
    }
    return { id, guest };
  }

  const get = (cookie: string, id: string) => trpc<JointMinute>(t.app, cookie, "jointMinutes.get", { id });

  /** A deferral agreed with Nomsa for this test: it ends when the test does, whatever happened. */
  const nomsaDefers = async () => {
    onTestFinished(async () => {
      await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: ids.nomsa, agreed: false, note: "Test over" });
    });
    expect(
      (await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: ids.nomsa, agreed: true, note: "Contingency matter" })).status,
    ).toBe(200);
  };

  it("releases a minute signed by both on the terms its report went on (a deferral), even once the agreement has ended", async () => {
    await nomsaDefers();
    const report = await approvedReport("nomsa");
    expect((await trpc<ReportDetail>(t.app, c.employee!, "reports.get", { id: report.id })).data.status).toBe("released");
    // The agreement ends after the report went out on it: the minute still follows the report.
    expect(
      (await trpc(t.app, c.admin!, "reports.setDeferral", { attorneyId: ids.nomsa, agreed: false, note: "Matter settled" })).status,
    ).toBe(200);
    const { id } = await minuteOn(report.id);

    const attorney = await get(c.nomsa!, id);
    expect(attorney.status, attorney.error?.message).toBe(200);
    expect(attorney.data).toMatchObject({ withheld: false, waitingFor: null });
    expect(attorney.data.releasedAt).not.toBeNull();
    expect(attorney.data.issues.map((i) => i.label)).toEqual(["Diagnosis"]);
    const release = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("entity_id", "=", id)
      .where("action", "=", "joint_minute.release")
      .executeTakeFirstOrThrow();
    expect(release.after).toMatchObject({ basis: "deferral", automatic: true });
    const told = await t.db
      .selectFrom("notifications")
      .select("link")
      .where("user_id", "=", ids.nomsa!)
      .where("title", "=", `Joint minute released: ${report.reference}`)
      .execute();
    expect(told.map((n) => n.link)).toEqual([`/joint-minutes/${id}`]);
  });

  it("tells the attorney what an unreleased minute waits for; an administrator releases one early with a reason; payment releases the one still waiting", async () => {
    const report = await approvedReport("attorney");
    expect(
      (await trpc(t.app, c.admin!, "reports.overrideRelease", { id: report.id, reason: "Trial on Monday; the attorney pays on receipt." }))
        .status,
    ).toBe(200);

    // Before it is signed: the attorney of the matter is told what it waits for, and reads none of its words.
    const { id: first } = await minuteOn(report.id, { ourSignature: false });
    const before = await get(c.attorney!, first);
    expect(before.status, before.error?.message).toBe(200);
    expect(before.data).toMatchObject({ withheld: true, issues: [], versions: [], signatures: [], sha256: null, releasedAt: null });
    expect(before.data.waitingFor).toBe("Dr Anele Khumalo, the opposing expert, has signed; it waits for our expert to sign.");
    expect(
      (await t.app.inject({ method: "GET", url: `/api/joint-minutes/${first}/minute.pdf`, headers: { cookie: c.attorney! } })).statusCode,
    ).toBe(404);
    // Another attorney still finds nothing.
    expect((await get(c.nomsa!, first)).status).toBe(404);

    expect((await trpc(t.app, c.consultant!, "jointMinutes.requestSignCode", { id: first })).status).toBe(200);
    expect(
      (
        await trpc(t.app, c.consultant!, "jointMinutes.sign", {
          id: first,
          typedName: expertName,
          code: codeIn(await lastMail(expertEmail)),
        })
      ).status,
    ).toBe(200);
    // Signed by both, but its report went out before payment: it waits for that payment, and says so.
    const waiting = await get(c.attorney!, first);
    expect(waiting.data).toMatchObject({ withheld: true, releasedAt: null });
    expect(waiting.data.waitingFor).toMatch(
      new RegExp(`^Signed by both experts; it waits for the same payment as ${report.reference} \\(`),
    );
    const listed = await trpc<{ items: JointMinuteListItem[] }>(t.app, c.attorney!, "jointMinutes.list", { state: "signed" });
    expect(listed.data.items.find((m) => m.id === first)).toMatchObject({
      state: "signed",
      reportReference: report.reference,
      waitingFor: waiting.data.waitingFor,
    });
    const refused = await trpc(t.app, c.employee!, "jointMinutes.release", { id: first });
    expect(refused.status).toBe(409);

    // The administrator's early release: administrators only, with a reason, audited.
    const staff = await get(c.admin!, first);
    expect(staff.data).toMatchObject({ canRelease: false, canReleaseEarly: true });
    expect((await get(c.employee!, first)).data.canReleaseEarly).toBe(false);
    expect((await trpc(t.app, c.employee!, "jointMinutes.releaseEarly", { id: first, reason: "Trial on Monday." })).status).toBe(403);
    const noReason = await trpc(t.app, c.admin!, "jointMinutes.releaseEarly", { id: first, reason: "  " });
    expect(noReason.status).toBe(400);
    expect(noReason.error?.message).toBe("Give the reason for releasing before payment");
    expect((await get(c.admin!, first)).data.releasedAt).toBeNull();
    const early = await trpc<JointMinute>(t.app, c.admin!, "jointMinutes.releaseEarly", {
      id: first,
      reason: "Trial on Monday; the attorney pays on receipt.",
    });
    expect(early.status, early.error?.message).toBe(200);
    expect(early.data).toMatchObject({ releaseOverrideReason: "Trial on Monday; the attorney pays on receipt.", canReleaseEarly: false });
    const audit = await t.db
      .selectFrom("audit_log")
      .select("after")
      .where("entity_id", "=", first)
      .where("action", "=", "joint_minute.release")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ basis: "override", overrideReason: "Trial on Monday; the attorney pays on receipt." });
    const released = await get(c.attorney!, first);
    expect(released.data).toMatchObject({ withheld: false, waitingFor: null });
    expect(released.data.issues).toHaveLength(1);

    // A second minute on the same report waits for the payment, and goes with it.
    const { id: second } = await minuteOn(report.id);
    expect((await get(c.attorney!, second)).data.releasedAt).toBeNull();
    const issued = await issuedInvoice(t.app, c.employee!, {
      attorneyId: ids.attorney,
      caseId: report.caseId,
      lines: [
        {
          kind: "report",
          description: `Medico-legal report: ${report.reference}`,
          quantity: 1,
          unitPriceCents: 100_000,
          reportId: report.id,
        },
      ],
    });
    const paid = await trpc(t.app, c.admin!, "payments.record", {
      attorneyId: ids.attorney,
      method: "eft",
      reference: "TRUST DEPOSIT",
      receivedOn: today,
      amountCents: issued.totalCents,
      allocations: [{ invoiceId: issued.id, amountCents: issued.totalCents }],
    });
    expect(paid.status, paid.error?.message).toBe(200);
    expect((await get(c.attorney!, second)).data).toMatchObject({ withheld: false, waitingFor: null });
  });

  it("tells our expert when a minute is opened, saved or signed by the other side and released, each with a link, and lists minutes by who may see them", async () => {
    await nomsaDefers();
    const report = await approvedReport("nomsa");
    const { id, guest } = await minuteOn(report.id, { ourSignature: false });
    const notices = async () =>
      (
        await t.db
          .selectFrom("notifications")
          .select(["title", "message", "link"])
          .where("user_id", "=", ids.consultant!)
          .where("link", "=", `/joint-minutes/${id}`)
          .orderBy("created_at")
          .execute()
      ).map((n) => n.title);
    expect(await notices()).toEqual([
      `Joint minute opened: ${report.reference}`,
      `Joint minute changed: ${report.reference}`,
      `Joint minute signed by the opposing expert: ${report.reference}`,
    ]);

    // Several saves by the opposing expert are one unread line, naming the latest version; our expert's own saves tell them nothing.
    const seen = await trpc<{ issues: { id: string }[]; version: number }>(t.app, guest, "jointMinutes.guestGet");
    const again = await trpc(t.app, guest, "jointMinutes.guestSaveIssues", {
      baseVersion: seen.data.version,
      issues: [{ ...issue("Diagnosis", "Agreed: malunion, healed."), id: seen.data.issues[0]!.id }],
    });
    expect(again.status, again.error?.message).toBe(200);
    const changed = await t.db
      .selectFrom("notifications")
      .select("message")
      .where("user_id", "=", ids.consultant!)
      .where("title", "=", `Joint minute changed: ${report.reference}`)
      .execute();
    expect(changed.map((n) => n.message)).toEqual([
      `Dr Anele Khumalo, the opposing expert, saved version ${seen.data.version + 1} of the joint minute.`,
    ]);

    // The expert's dashboard list: their open minutes; the list scoped per role.
    const mine = await trpc<{ items: JointMinuteListItem[] }>(t.app, c.consultant!, "jointMinutes.list", { state: "open" });
    expect(mine.status, mine.error?.message).toBe(200);
    expect(mine.data.items.find((m) => m.id === id)).toMatchObject({
      state: "open",
      reportReference: report.reference,
      ourExpertName: expertName,
      opposingName: "Dr Anele Khumalo",
    });
    expect(mine.data.items.every((m) => m.state === "open")).toBe(true);
    const otherExpert = await t.db
      .selectFrom("users")
      .select("username")
      .where("role", "=", "consultant")
      .where("id", "<>", ids.consultant!)
      .where("is_active", "=", true)
      .orderBy("username")
      .executeTakeFirstOrThrow();
    const theirs = await trpc<{ items: JointMinuteListItem[] }>(
      t.app,
      (await login(t.app, otherExpert.username)).cookie,
      "jointMinutes.list",
      {},
    );
    expect(theirs.data.items.some((m) => m.id === id)).toBe(false);
    expect(
      (await trpc<{ items: JointMinuteListItem[] }>(t.app, c.attorney!, "jointMinutes.list", {})).data.items.some((m) => m.id === id),
    ).toBe(false);
    expect(
      (await trpc<{ items: JointMinuteListItem[] }>(t.app, c.nomsa!, "jointMinutes.list", { search: report.reference })).data.items.map(
        (m) => m.id,
      ),
    ).toContain(id);
    expect(
      (await trpc<{ items: JointMinuteListItem[] }>(t.app, c.employee!, "jointMinutes.list", { search: "Khumalo" })).data.items.map(
        (m) => m.id,
      ),
    ).toContain(id);
    const bad = await trpc(t.app, c.employee!, "jointMinutes.list", { state: "lost" });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("Choose a state");

    // The change voided the opposing expert's signature: they sign the new version, then our expert: released on the report's terms, and told.
    expect((await trpc(t.app, guest, "jointMinutes.guestRequestSignCode")).status).toBe(200);
    const opposingEmail = (await t.db.selectFrom("joint_minutes").select("opposing_email").where("id", "=", id).executeTakeFirstOrThrow())
      .opposing_email;
    expect(
      (await trpc(t.app, guest, "jointMinutes.guestSign", { typedName: "Dr Anele Khumalo", code: codeIn(await lastMail(opposingEmail)) }))
        .status,
    ).toBe(200);
    expect((await trpc(t.app, c.consultant!, "jointMinutes.requestSignCode", { id })).status).toBe(200);
    expect(
      (await trpc(t.app, c.consultant!, "jointMinutes.sign", { id, typedName: expertName, code: codeIn(await lastMail(expertEmail)) }))
        .status,
    ).toBe(200);
    expect((await notices()).at(-1)).toBe(`Joint minute released: ${report.reference}`);
    expect(
      (await trpc<{ items: JointMinuteListItem[] }>(t.app, c.consultant!, "jointMinutes.list", { state: "open" })).data.items.some(
        (m) => m.id === id,
      ),
    ).toBe(false);
  });
});
