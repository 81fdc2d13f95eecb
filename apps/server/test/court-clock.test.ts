import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { CourtClockView } from "@medlegal/domain";
import { addDays, courtDaysUntil, isCourtDay, saDateLabel, sastDate, saShortDateLabel, TOO_CLOSE_ADVICE } from "@medlegal/domain";
import { sweepCourtReminders, sweepSlaAlerts } from "@medlegal/api";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/** The court's clock (issue 26): dates on a case, the backward plan per discipline, court orders and who may do what. */
describe.each(testDialects())("The court's clock on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "nomsa";
  const c = {} as Record<Name, string>;
  const ids = {} as Record<Name, string>;
  let caseId: string;
  let otherCaseId: string;

  /** A RAF case of `attorney` with one query asking for an orthopaedic surgeon, managed by the demo employee. */
  async function makeCase(attorney: Name, instructedAt = new Date("2026-11-01T10:00:00Z")): Promise<string> {
    const ref = randomUUID().slice(0, 8);
    const at = instructedAt;
    const patient = await t.db
      .insertInto("patients")
      .values({
        attorney_id: ids[attorney],
        first_name: "Court",
        last_name: `Clock${ref}`,
        id_number: null,
        passport_number: `PC${ref}`,
        birth_date: "1985-03-01",
        gender: "female",
        home_language: "English",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const kase = await t.db
      .insertInto("cases")
      .values({
        reference: `CASE-C-${ref}`,
        attorney_id: ids[attorney],
        patient_id: patient.id,
        claim_type: "raf",
        incident_date: "2024-02-10",
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const query = await t.db
      .insertInto("queries")
      .values({
        reference: `Q-C-${ref}`,
        case_id: kase.id,
        attorney_id: ids[attorney],
        subject: "Orthopaedic assessment",
        instructions: "Assess the knee",
        status: "assigning",
        assigned_employee_id: ids.employee,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const spec = await t.db.selectFrom("specializations").select("id").where("name", "like", "Orthopaedic%").executeTakeFirstOrThrow();
    await t.db.insertInto("query_specializations").values({ query_id: query.id, specialization_id: spec.id }).execute();
    return kase.id;
  }

  const dates = (overrides: Record<string, unknown> = {}) => ({
    caseId,
    vehicleIdentified: true,
    rafLodgedOn: null,
    summonsServedOn: null,
    trialDate: null,
    courtDivision: "gauteng_johannesburg",
    preTrialDate: null,
    ...overrides,
  });
  const planOf = (view: CourtClockView) => Object.fromEntries(view.disciplines[0]!.plan.map((s) => [s.step, s.dueOn]));

  beforeAll(async () => {
    t = await createTestApp(kind);
    for (const name of ["admin", "employee", "attorney", "nomsa"] as const) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());
  // Each test its own two matters: one of the attorney's, one of another firm's.
  beforeEach(async () => {
    caseId = await makeCase("attorney");
    otherCaseId = await makeCase("nomsa");
  });

  it("counts records outstanding for a discipline 20 court days before its assessment, in words, until they arrive", async () => {
    // A trial 75 court days away puts the assessment (65 court days before it in Johannesburg) 10 court days from today.
    let trialDate = sastDate(new Date());
    while (courtDaysUntil(sastDate(new Date()), trialDate) < 75 || !isCourtDay(trialDate)) trialDate = addDays(trialDate, 1);
    expect((await trpc(t.app, c.attorney, "courtClock.setDates", dates({ trialDate }))).status).toBe(200);
    const reasonOf = async () => (await trpc<CourtClockView>(t.app, c.employee, "courtClock.get", { caseId })).data.disciplines[0]!.reason;
    expect(await reasonOf()).not.toContain("Records outstanding");
    const holder = await trpc<{ id: string }>(t.app, c.employee, "records.createHolder", {
      name: `Court Clock Hospital ${randomUUID().slice(0, 8)}`,
      kind: "private",
      category: "hospital",
      informationOfficer: "Ms Officer",
      email: "paia@court-clock.example",
      requestFee: "0",
    });
    const spec = await t.db.selectFrom("specializations").select("id").where("name", "like", "Orthopaedic%").executeTakeFirstOrThrow();
    const request = await trpc<{ id: string }>(t.app, c.employee, "records.request", {
      caseId,
      holderId: holder.data.id,
      recordKinds: ["hospital_notes", "radiology"],
      periodFrom: null,
      periodTo: null,
      specializationIds: [spec.id],
      legalBasis: "paia_private",
      authority: "signed_consent",
    });
    expect(request.status, request.error?.message).toBe(200);
    const outstanding = await reasonOf();
    expect(outstanding).toContain(
      `Records outstanding before the assessment on ${saDateLabel(
        (await trpc<CourtClockView>(t.app, c.employee, "courtClock.get", { caseId })).data.disciplines[0]!.plan[0]!.dueOn,
      )}: hospital notes and radiology (X-rays, scans and their reports) from Court Clock Hospital`,
    );
    const today = sastDate(new Date());
    for (const status of ["sent", "received"])
      expect((await trpc(t.app, c.employee, "records.move", { id: request.data.id, status, onDate: today })).status).toBe(200);
    expect(await reasonOf()).not.toContain("Records outstanding");
  });

  it("shows the RAF deadlines in calendar days before any trial date", async () => {
    const view = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.get", { caseId });
    expect(view.status).toBe(200);
    expect(view.data.readiness).toBeNull();
    expect(view.data.disciplines[0]!.discipline).toMatch(/^Orthopaedic/);
    expect(view.data.disciplines[0]!.plan).toEqual([]);
    const [raf, summons] = view.data.statutory;
    expect(raf).toMatchObject({ kind: "raf_lodgement", dueOn: "2027-02-10", counts: "calendar days", done: false });
    expect(summons).toMatchObject({ kind: "summons", dueOn: "2029-02-10" });
    // A hit-and-run: two years, already past.
    const unidentified = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.setDates", dates({ vehicleIdentified: false }));
    expect(unidentified.data.statutory[0]).toMatchObject({ dueOn: "2026-02-10", done: false });
    expect(unidentified.data.statutory[0]!.warning).toMatch(/days ago/);
  });

  it("plans each discipline back from the trial date, and moves the plan with the trial", async () => {
    // Monday 15 March 2027, Gauteng Johannesburg with the default offsets (20, 10, 20, 15 court days).
    const set = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.setDates", dates({ trialDate: "2027-03-15" }));
    expect(set.status).toBe(200);
    // Hand-over: the 20th court day before the trial, Monday 15 February; joint minute 10 before that,
    // 1 February; report 20 before that, 4 January (New Year's Day is before it); assessment 15 before
    // that, back over 1 January, Christmas, the Day of Goodwill (a Saturday) and 16 December: 9 December.
    expect(planOf(set.data)).toEqual({
      hand_over: "2027-02-15",
      joint_minute: "2027-02-01",
      report: "2027-01-04",
      assessment: "2026-12-09",
    });
    expect(set.data.disciplines[0]!.plan.every((s) => s.counts === "court days" && s.source === "rule")).toBe(true);
    // No booking yet and the assessment due: the matter is not green, and says why.
    expect(set.data.readiness?.level).not.toBe("green");
    expect(set.data.readiness?.reasons[0]).toMatch(/^Orthopaedic.*: /);

    const moved = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.setDates", dates({ trialDate: "2028-06-12" }));
    expect(moved.status).toBe(200);
    const plan = planOf(moved.data);
    expect(plan.hand_over! > "2027-02-15").toBe(true);
    expect(plan.assessment! < plan.report! && plan.report! < plan.joint_minute! && plan.joint_minute! < plan.hand_over!).toBe(true);
    // With the assessment months away the matter would be green, but the expert has no booking: amber, in words.
    expect(moved.data.readiness).toMatchObject({ level: "amber" });
    expect(moved.data.readiness!.reasons[0]).toContain("no booking");
    const read = await trpc<CourtClockView>(t.app, c.employee, "courtClock.get", { caseId });
    expect(read.data.trialDate).toBe("2028-06-12");
  });

  it("lets a court-order date override the computed one, and audits and tells the case manager", async () => {
    await trpc(t.app, c.attorney, "courtClock.setDates", dates({ trialDate: "2027-03-15" }));
    const before = await t.db.selectFrom("notifications").select("id").where("user_id", "=", ids.employee).execute();
    const added = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.addOrder", {
      caseId,
      kind: "joint_minutes_due",
      dueOn: "2027-01-25",
      text: "Joint minutes by 25 January 2027",
    });
    expect(added.status).toBe(200);
    const joint = added.data.disciplines[0]!.plan.find((s) => s.step === "joint_minute")!;
    expect(joint).toMatchObject({ dueOn: "2027-01-25", source: "court_order" });
    // The steps before the joint minute are counted back from the ordered date.
    expect(planOf(added.data).report! < "2027-01-04").toBe(true);
    expect(added.data.orders).toHaveLength(1);
    const after = await t.db.selectFrom("notifications").select(["id", "title"]).where("user_id", "=", ids.employee).execute();
    expect(after.length).toBe(before.length + 1);
    const audit = await t.db.selectFrom("audit_log").select("action").where("entity_id", "=", caseId).execute();
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["case.court_dates", "case.court_order_add"]));

    const removed = await trpc<CourtClockView>(t.app, c.employee, "courtClock.removeOrder", { id: added.data.orders[0]!.id });
    expect(removed.status).toBe(200);
    expect(planOf(removed.data).joint_minute).toBe("2027-02-01");
  });

  it("flags a released report that will be stale at the trial as needing an addendum", async () => {
    await trpc(t.app, c.attorney, "courtClock.setDates", dates({ trialDate: "2027-03-15" }));
    const query = await t.db.selectFrom("queries").selectAll().where("case_id", "=", caseId).executeTakeFirstOrThrow();
    const spec = await t.db
      .selectFrom("query_specializations")
      .select("specialization_id")
      .where("query_id", "=", query.id)
      .executeTakeFirstOrThrow();
    const kase = await t.db.selectFrom("cases").selectAll().where("id", "=", caseId).executeTakeFirstOrThrow();
    const consultant = await t.db.selectFrom("users").select("id").where("username", "=", "consultant").executeTakeFirstOrThrow();
    const released = new Date("2025-01-20T10:00:00Z");
    await t.db
      .insertInto("reports")
      .values({
        reference: `R-C-${randomUUID().slice(0, 8)}`,
        query_id: query.id,
        case_id: caseId,
        patient_id: kase.patient_id,
        attorney_id: ids.attorney,
        consultant_id: consultant.id,
        specialization_id: spec.specialization_id,
        kind: "medico_legal",
        status: "released",
        due_at: released,
        released_at: released,
        released_by: ids.employee,
      })
      .execute();
    const view = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.get", { caseId });
    expect(view.data.disciplines[0]!.staleReport).toMatchObject({ releasedOn: "2025-01-20", flag: "Needs an addendum" });
    expect(view.data.disciplines[0]!.plan.find((s) => s.step === "report")!.done).toBe(true);
  });

  /** The court day `n` court days from today (SA). */
  const courtDayAhead = (n: number) => {
    const day = sastDate(new Date());
    let d = addDays(day, 1);
    while (!(isCourtDay(d) && courtDaysUntil(day, d) === n)) d = addDays(d, 1);
    return d;
  };
  const released = async (kaseId: string, at: Date, kind: "medico_legal" | "addendum" = "medico_legal", parentId: string | null = null) => {
    const query = await t.db.selectFrom("queries").selectAll().where("case_id", "=", kaseId).executeTakeFirstOrThrow();
    const spec = await t.db
      .selectFrom("query_specializations")
      .select("specialization_id")
      .where("query_id", "=", query.id)
      .executeTakeFirstOrThrow();
    const kase = await t.db.selectFrom("cases").selectAll().where("id", "=", kaseId).executeTakeFirstOrThrow();
    const consultant = await t.db.selectFrom("users").select("id").where("username", "=", "consultant").executeTakeFirstOrThrow();
    return t.db
      .insertInto("reports")
      .values({
        reference: `R-C-${randomUUID().slice(0, 8)}`,
        query_id: query.id,
        case_id: kaseId,
        patient_id: kase.patient_id,
        attorney_id: ids.attorney,
        consultant_id: consultant.id,
        specialization_id: spec.specialization_id,
        kind,
        parent_report_id: parentId,
        status: "released",
        due_at: at,
        released_at: at,
        released_by: ids.employee,
      })
      .returning(["id", "reference"])
      .executeTakeFirstOrThrow();
  };

  it("makes a matter amber, never green, while its report will be stale at the trial, until a fresh addendum is released", async () => {
    const fresh = await makeCase("attorney");
    const trial = courtDayAhead(120);
    const old = await released(fresh, new Date(Date.now() - 2 * 365 * 86_400_000));
    const view = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.setDates", dates({ caseId: fresh, trialDate: trial }));
    expect(view.status, view.error?.message).toBe(200);
    const d = view.data.disciplines[0]!;
    expect(d.staleReport).toMatchObject({ reportId: old.id, flag: "Needs an addendum", addendum: null });
    // The joint minute is months away, which alone would be green: the stale report makes it amber, in words.
    expect(d.level).toBe("amber");
    expect(d.reason).toMatch(/^Needs an addendum: the report released on \d{1,2} \w{3} \d{4} will be older than 18 months at the trial\.$/);
    expect(view.data.readiness).toMatchObject({ level: "amber" });
    const matters = await trpc<{ trials: { caseId: string; readiness: string }[] }>(t.app, c.attorney, "courtClock.matters");
    expect(matters.data.trials.find((m) => m.caseId === fresh)!.readiness).toBe("amber");

    // The addendum requested: the flag names it, and the card offers no second request.
    const asked = await trpc<{ id: string; reference: string }>(t.app, c.employee, "reports.createLinked", {
      parentId: old.id,
      kind: "addendum",
      scope: "Update the prognosis after the knee replacement.",
    });
    expect(asked.status, asked.error?.message).toBe(200);
    const waiting = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.get", { caseId: fresh });
    expect(waiting.data.disciplines[0]!.staleReport!.addendum).toEqual({ id: asked.data.id, reference: asked.data.reference });
    expect(waiting.data.disciplines[0]!.level).toBe("amber");
    // Released today, the addendum brings the report up to date: no flag, green.
    await t.db
      .updateTable("reports")
      .set({ status: "released", released_at: new Date(), released_by: ids.employee })
      .where("id", "=", asked.data.id)
      .execute();
    const current = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.get", { caseId: fresh });
    expect(current.data.disciplines[0]!.staleReport).toBeNull();
    expect(current.data.disciplines[0]!.level).toBe("green");
  });

  it("counts an existing booking after the assessment's date by the court days it leaves for the report, and its timer is not breached", async () => {
    const fresh = await makeCase("attorney");
    // Trial 60 court days away: the assessment's date (45 court days before the report... 65 before the trial) is past, the report 10 court days away.
    const set = await trpc<CourtClockView>(
      t.app,
      c.attorney,
      "courtClock.setDates",
      dates({ caseId: fresh, trialDate: courtDayAhead(60) }),
    );
    expect(set.status, set.error?.message).toBe(200);
    const plan = set.data.disciplines[0]!.plan;
    const report = plan.find((s) => s.step === "report")!;
    expect(plan[0]!.courtDaysLeft).toBeLessThan(0);
    expect(set.data.disciplines[0]!.level).toBe("red");

    const query = await t.db.selectFrom("queries").select(["id", "reference"]).where("case_id", "=", fresh).executeTakeFirstOrThrow();
    const kase = await t.db.selectFrom("cases").selectAll().where("id", "=", fresh).executeTakeFirstOrThrow();
    const spec = await t.db
      .selectFrom("query_specializations")
      .select("specialization_id")
      .where("query_id", "=", query.id)
      .executeTakeFirstOrThrow();
    const consultant = await t.db.selectFrom("users").select("id").where("username", "=", "consultant").executeTakeFirstOrThrow();
    const bookedOn = courtDayAhead(report.courtDaysLeft - 8);
    const startsAt = new Date(`${bookedOn}T09:00:00+02:00`);
    await t.db
      .insertInto("bookings")
      .values({
        reference: `BK-C-${randomUUID().slice(0, 8)}`,
        query_id: query.id,
        case_id: fresh,
        patient_id: kase.patient_id,
        attorney_id: ids.attorney,
        consultant_id: consultant.id,
        specialization_id: spec.specialization_id,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 3_600_000),
        venue: "Rooms",
        mode: "in_person",
        status: "confirmed",
        created_by: ids.employee,
      })
      .execute();
    // Any change re-reads the plan (the sweep does too): the booking is counted, not called late.
    const view = await trpc<CourtClockView>(
      t.app,
      c.attorney,
      "courtClock.setDates",
      dates({ caseId: fresh, trialDate: courtDayAhead(60), preTrialDate: courtDayAhead(40) }),
    );
    const d = view.data.disciplines[0]!;
    expect(d.level).toBe("amber");
    expect(d.reason).toBe(
      `Booked ${saShortDateLabel(bookedOn)}: leaves 8 court days for the report, due ${saDateLabel(report.dueOn)} (the plan allows 15).`,
    );
    const assessment = d.plan.find((s) => s.step === "assessment")!;
    expect(assessment).toMatchObject({ bookedOn, done: false, beforeInstruction: false });
    expect(assessment.courtDaysLeft).toBeGreaterThan(0);
    // Its timer runs to the booked day, so the sweep sends no "missed".
    const timer = await t.db
      .selectFrom("sla_timers")
      .innerJoin("court_plan_steps as s", "s.id", "sla_timers.subject_id")
      .select(["sla_timers.due_at", "sla_timers.status"])
      .where("s.case_id", "=", fresh)
      .where("s.step", "=", "assessment")
      .where("sla_timers.status", "=", "open")
      .executeTakeFirstOrThrow();
    expect(timer.due_at).toEqual(new Date(`${addDays(bookedOn, 1)}T00:00:00+02:00`));
    await sweepSlaAlerts(t.db, new Date(), 1);
    const missed = await t.db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", ids.employee)
      .where("title", "=", `Court deadline missed: ${query.reference}`)
      .execute();
    expect(missed).toEqual([]);
  });

  it("says the trial is too close for the usual plan when its dates passed before the matter was instructed, and leaves them out of the agency's SLA breach figures", async () => {
    type Monitoring = { openBreaches: number; openTimers: number; missedThisMonth: number; compliancePercent: number | null };
    const figures = async () => (await trpc<Monitoring>(t.app, c.admin, "sla.getMonitoring", { months: 3 })).data;
    const before = await figures();
    // Instructed today with the trial 25 court days away: every step but the hand-over was due before today.
    const fresh = await makeCase("attorney", new Date());
    const query = await t.db.selectFrom("queries").select(["id", "reference"]).where("case_id", "=", fresh).executeTakeFirstOrThrow();
    const view = await trpc<CourtClockView>(
      t.app,
      c.attorney,
      "courtClock.setDates",
      dates({ caseId: fresh, trialDate: courtDayAhead(25) }),
    );
    expect(view.status, view.error?.message).toBe(200);
    const d = view.data.disciplines[0]!;
    const assessment = d.plan.find((s) => s.step === "assessment")!;
    expect(d.level).toBe("red");
    expect(d.reason).toBe(
      `The trial is too close for the usual plan: latest assessment was due on ${saDateLabel(assessment.dueOn)}, before the matter was instructed on ${saDateLabel(sastDate(new Date()))}. ${TOO_CLOSE_ADVICE}`,
    );
    expect(d.plan.map((s) => [s.step, s.beforeInstruction])).toEqual([
      ["assessment", true],
      ["report", true],
      ["joint_minute", true],
      ["hand_over", false],
    ]);
    const timers = await t.db
      .selectFrom("sla_timers")
      .innerJoin("court_plan_steps as s", "s.id", "sla_timers.subject_id")
      .select(["s.step", "sla_timers.before_instruction", "sla_timers.status"])
      .where("s.case_id", "=", fresh)
      .orderBy("s.step")
      .execute();
    expect(
      timers
        .filter((r) => r.before_instruction)
        .map((r) => r.step)
        .sort(),
    ).toEqual(["assessment", "joint_minute", "report"]);
    // The breach figures stay as they were: three past-due timers, none of them the agency's breach; the hand-over's counts as open.
    const after = await figures();
    expect(after.openBreaches).toBe(before.openBreaches);
    expect(after.openTimers).toBe(before.openTimers + 1);
    // And nobody is told the agency missed them.
    await sweepSlaAlerts(t.db, new Date());
    const missed = await t.db
      .selectFrom("notifications")
      .select("title")
      .where("title", "=", `Court deadline missed: ${query.reference}`)
      .execute();
    expect(missed).toEqual([]);
    // The past-due steps are stopped (missed) when the work is done, and still stay out of the month's figures.
    await t.db
      .updateTable("sla_timers")
      .set({ status: "missed", stopped_at: new Date() })
      .where("before_instruction", "=", true)
      .where("policy", "=", "court_step")
      .where("query_id", "=", query.id)
      .execute();
    const decided = await figures();
    expect(decided.missedThisMonth).toBe(before.missedThisMonth);
    expect(decided.compliancePercent).toBe(before.compliancePercent);
  });

  it("answers 404 to an attorney on another firm's case, and changes nothing", async () => {
    const read = await trpc(t.app, c.attorney, "courtClock.get", { caseId: otherCaseId });
    expect(read.status).toBe(404);
    const set = await trpc(t.app, c.attorney, "courtClock.setDates", dates({ caseId: otherCaseId, trialDate: "2027-05-03" }));
    expect(set.status).toBe(404);
    const order = await trpc(t.app, c.attorney, "courtClock.addOrder", {
      caseId: otherCaseId,
      kind: "other",
      dueOn: "2027-01-10",
      text: "x",
    });
    expect(order.status).toBe(404);
    const row = await t.db.selectFrom("cases").select("trial_date").where("id", "=", otherCaseId).executeTakeFirstOrThrow();
    expect(row.trial_date).toBeNull();
    expect(await t.db.selectFrom("court_order_items").select("id").where("case_id", "=", otherCaseId).execute()).toEqual([]);
    // Staff may set dates on any case.
    expect((await trpc(t.app, c.employee, "courtClock.setDates", dates({ caseId: otherCaseId, trialDate: "2027-05-03" }))).status).toBe(
      200,
    );
  });

  it("lists each caller's own matters on the trial calendar and by nearest deadline, with the amber and red count", async () => {
    await trpc(t.app, c.attorney, "courtClock.setDates", dates({ trialDate: "2027-03-15" }));
    // The other firm's case has a later trial, set by staff.
    expect((await trpc(t.app, c.employee, "courtClock.setDates", dates({ caseId: otherCaseId, trialDate: "2027-05-03" }))).status).toBe(
      200,
    );
    type Matters = {
      trials: { caseId: string; readiness: string; reason: string; claimantName: string }[];
      byDeadline: { caseId: string; nextDeadline: { dueOn: string; counts: string } }[];
      amber: number;
      red: number;
    };
    const mine = await trpc<Matters>(t.app, c.attorney, "courtClock.matters");
    expect(mine.status).toBe(200);
    const ids = (list: { caseId: string }[]) => list.map((m) => m.caseId);
    expect(ids(mine.data.trials)).toContain(caseId);
    // Another firm's matter is never listed to the attorney, not even counted.
    expect(ids(mine.data.trials)).not.toContain(otherCaseId);
    expect(ids(mine.data.byDeadline)).not.toContain(otherCaseId);
    const own = mine.data.trials.find((m) => m.caseId === caseId)!;
    // The same verdict, in the same words, as the case page.
    const page = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.get", { caseId });
    expect(own.readiness).toBe(page.data.readiness!.level);
    expect(own.reason).toBe(page.data.readiness!.reasons[0]);
    expect(own.reason).toMatch(/^Orthopaedic.*: /);
    expect(own.claimantName).toMatch(/^Court Clock/);
    expect(mine.data.amber + mine.data.red).toBe(mine.data.trials.filter((m) => m.readiness !== "green").length);
    // The deadline list is nearest first; the unlodged RAF claim's deadline counts calendar days.
    const due = mine.data.byDeadline.map((m) => m.nextDeadline.dueOn);
    expect(due).toEqual([...due].sort());
    const staff = await trpc<Matters>(t.app, c.employee, "courtClock.matters");
    expect(ids(staff.data.trials)).toEqual(expect.arrayContaining([caseId, otherCaseId]));
    // The nearer trial first.
    expect(ids(staff.data.trials).indexOf(caseId)).toBeLessThan(ids(staff.data.trials).indexOf(otherCaseId));
    expect(staff.data.amber + staff.data.red).toBe(staff.data.trials.filter((m) => m.readiness !== "green").length);
    expect((await trpc(t.app, (await login(t.app, "consultant")).cookie, "courtClock.matters")).status).toBe(403);

    // The trial dates as an .ics file: all-day entries with the case reference and court, never the claimant.
    const kase = await t.db.selectFrom("cases").select("reference").where("id", "=", caseId).executeTakeFirstOrThrow();
    const other = await t.db.selectFrom("cases").select("reference").where("id", "=", otherCaseId).executeTakeFirstOrThrow();
    const ics = await t.app.inject({ method: "GET", url: "/api/cases/trial-dates.ics", headers: { cookie: c.attorney } });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toMatch(/^text\/calendar/);
    expect(ics.body).toContain(`SUMMARY:MedLegal trial ${kase.reference}`);
    expect(ics.body).toContain("DTSTART;VALUE=DATE:20270315");
    expect(ics.body).not.toContain(other.reference);
    expect(ics.body).not.toMatch(/Court Clock|Clock[0-9a-f]{8}/);
    expect((await t.app.inject({ method: "GET", url: "/api/cases/trial-dates.ics" })).statusCode).toBe(401);
  });

  it("reminds the case manager and the attorney once per step and lead time, with two sweeps at once, and again when the trial moves", async () => {
    const fresh = await makeCase("attorney");
    const kase = await t.db.selectFrom("cases").select("reference").where("id", "=", fresh).executeTakeFirstOrThrow();
    // A trial 25 court days away: the hand-over is 5 court days away (the 10-day reminder), every earlier step is past.
    const day = sastDate(new Date());
    const courtDayAhead = (n: number) => {
      let d = addDays(day, 1);
      while (!(isCourtDay(d) && courtDaysUntil(day, d) === n)) d = addDays(d, 1);
      return d;
    };
    const set = await trpc<CourtClockView>(
      t.app,
      c.attorney,
      "courtClock.setDates",
      dates({ caseId: fresh, trialDate: courtDayAhead(25) }),
    );
    expect(set.status, set.error?.message).toBe(200);
    const handOver = set.data.disciplines[0]!.plan.find((s) => s.step === "hand_over")!;
    expect(handOver.courtDaysLeft).toBe(5);
    const reminders = (userId: string) =>
      t.db
        .selectFrom("notifications")
        .select(["title", "message", "link"])
        .where("user_id", "=", userId)
        .where("title", "like", `Court deadline % ${kase.reference}`)
        .execute();

    await Promise.all([sweepCourtReminders(t.db), sweepCourtReminders(t.db)]);
    await sweepCourtReminders(t.db);
    for (const who of [ids.attorney, ids.employee]) {
      const got = await reminders(who);
      expect(got).toHaveLength(1);
      expect(got[0]).toMatchObject({ title: `Court deadline in 5 court days: ${kase.reference}`, link: `/cases/${fresh}` });
      expect(got[0]!.message).toMatch(/^Orthopaedic.* on Q-C-.*: hand-over .* by /);
    }
    // Another firm's attorney hears nothing of it.
    expect(await reminders(ids.nomsa)).toEqual([]);

    // The trial moves: the hand-over has a new date, so its reminder goes again (once).
    await trpc(t.app, c.attorney, "courtClock.setDates", dates({ caseId: fresh, trialDate: courtDayAhead(23) }));
    await Promise.all([sweepCourtReminders(t.db), sweepCourtReminders(t.db)]);
    expect(await reminders(ids.attorney)).toHaveLength(2);
  });

  it("keeps one SLA timer per pending plan step: made with the trial date, moved with it, set by a court order, breached once, cancelled without a trial", async () => {
    const fresh = await makeCase("attorney");
    const query = await t.db.selectFrom("queries").select(["id", "reference"]).where("case_id", "=", fresh).executeTakeFirstOrThrow();
    const timers = () =>
      t.db
        .selectFrom("sla_timers")
        .innerJoin("court_plan_steps as s", "s.id", "sla_timers.subject_id")
        .select(["s.step", "s.due_on", "sla_timers.status", "sla_timers.due_at", "sla_timers.query_id"])
        .where("sla_timers.policy", "=", "court_step")
        .where("s.case_id", "=", fresh)
        .orderBy("s.step")
        .execute();
    const endOfDay = (day: string) => new Date(`${addDays(day, 1)}T00:00:00+02:00`).getTime();
    const trial = (() => {
      let d = addDays(sastDate(new Date()), 180);
      while (!isCourtDay(d)) d = addDays(d, 1);
      return d;
    })();
    const set = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.setDates", dates({ caseId: fresh, trialDate: trial }));
    expect(set.status, set.error?.message).toBe(200);
    let open = await timers();
    expect(open.map((r) => r.step).sort()).toEqual(["assessment", "hand_over", "joint_minute", "report"]);
    for (const step of set.data.disciplines[0]!.plan) {
      const timer = open.find((r) => r.step === step.step)!;
      expect(timer).toMatchObject({ status: "open", due_on: step.dueOn, query_id: query.id });
      expect(timer.due_at.getTime(), step.step).toBe(endOfDay(step.dueOn));
    }
    // They show in SLA tracking, as the court deadline policy.
    const listed = await trpc<{ items: { policy: string; queryReference: string }[] }>(t.app, c.employee, "sla.list", {
      state: "open",
      policy: "court_step",
      search: query.reference,
      limit: 50,
    });
    expect(listed.status, listed.error?.message).toBe(200);
    expect(listed.data.items.filter((i) => i.policy === "court_step")).toHaveLength(4);

    // A court's date does not wait: staff cannot pause its timer.
    const timerId = (
      await t.db
        .selectFrom("sla_timers")
        .innerJoin("court_plan_steps as s", "s.id", "sla_timers.subject_id")
        .select("sla_timers.id")
        .where("s.case_id", "=", fresh)
        .executeTakeFirstOrThrow()
    ).id;
    const paused = await trpc(t.app, c.employee, "sla.pause", { id: timerId, reason: "Awaiting records" });
    expect(paused.status).toBe(409);
    expect(paused.error?.message).toMatch(/cannot be paused/);

    // The trial moves a week: every step's timer moves with it, still one each.
    const later = (() => {
      let d = addDays(trial, 7);
      while (!isCourtDay(d)) d = addDays(d, 1);
      return d;
    })();
    const moved = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.setDates", dates({ caseId: fresh, trialDate: later }));
    open = await timers();
    expect(open).toHaveLength(4);
    for (const step of moved.data.disciplines[0]!.plan)
      expect(open.find((r) => r.step === step.step)!.due_at.getTime()).toBe(endOfDay(step.dueOn));

    // A court order sets the joint minute's date: its timer follows the order.
    const ordered = addDays(moved.data.disciplines[0]!.plan.find((s) => s.step === "joint_minute")!.dueOn, -3);
    const withOrder = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.addOrder", {
      caseId: fresh,
      kind: "joint_minutes_due",
      dueOn: isCourtDay(ordered) ? ordered : addDays(ordered, -2),
      text: "Joint minutes by the ordered date",
    });
    expect(withOrder.status, withOrder.error?.message).toBe(200);
    const joint = withOrder.data.disciplines[0]!.plan.find((s) => s.step === "joint_minute")!;
    expect(joint.source).toBe("court_order");
    expect((await timers()).find((r) => r.step === "joint_minute")!.due_at.getTime()).toBe(endOfDay(joint.dueOn));

    // Past the assessment's date and still not done: the breach goes once, to the case manager and the attorney.
    const assessmentDue = (await timers()).find((r) => r.step === "assessment")!.due_at;
    const after = new Date(assessmentDue.getTime() + 3_600_000);
    await Promise.all([sweepSlaAlerts(t.db, after, 1), sweepSlaAlerts(t.db, after, 1)]);
    await sweepSlaAlerts(t.db, after);
    for (const who of [ids.attorney, ids.employee]) {
      const missed = await t.db
        .selectFrom("notifications")
        .select("link")
        .where("user_id", "=", who)
        .where("title", "=", `Court deadline missed: ${query.reference}`)
        .execute();
      expect(missed).toEqual([{ link: `/queries/${query.id}` }]);
    }

    // No trial any more: the plan is gone and so are its running timers.
    await trpc(t.app, c.attorney, "courtClock.setDates", dates({ caseId: fresh, trialDate: null }));
    expect((await timers()).map((r) => r.status)).toEqual(["cancelled", "cancelled", "cancelled", "cancelled"]);
  });

  it("refuses bad input with 400 and a sentence, changing nothing", async () => {
    const before = await t.db.selectFrom("cases").selectAll().where("id", "=", caseId).executeTakeFirstOrThrow();
    for (const input of [
      dates({ trialDate: "2027-02-30" }),
      dates({ courtDivision: "atlantis" }),
      dates({ rafLodgedOn: "2023-01-01" }),
      dates({ summonsServedOn: "2099-01-01" }),
      // Saturday, and Good Friday 2027.
      dates({ trialDate: "2027-05-29" }),
      dates({ trialDate: "2027-03-26" }),
    ]) {
      const answer = await trpc(t.app, c.attorney, "courtClock.setDates", input);
      expect(answer.status, JSON.stringify(input)).toBe(400);
      expect(answer.error?.message).not.toMatch(/sql|stack|undefined/i);
    }
    expect(
      (await trpc(t.app, c.attorney, "courtClock.addOrder", { caseId, kind: "joint_minutes_due", dueOn: "2027-01-25", text: "  " })).status,
    ).toBe(400);
    const after = await t.db.selectFrom("cases").selectAll().where("id", "=", caseId).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it("lets administrators change a division's offsets, and the plan follows", async () => {
    const current = await trpc<{ divisionOffsets: Record<string, Record<string, number>>; staleReportMonths: number }>(
      t.app,
      c.admin,
      "courtClock.offsets",
    );
    expect(current.data.divisionOffsets.gauteng_johannesburg).toEqual({ hand_over: 20, joint_minute: 10, report: 20, assessment: 15 });
    const changed = {
      ...current.data,
      divisionOffsets: {
        ...current.data.divisionOffsets,
        gauteng_johannesburg: { hand_over: 30, joint_minute: 10, report: 20, assessment: 15 },
      },
    };
    expect((await trpc(t.app, c.admin, "courtClock.setOffsets", changed)).status).toBe(200);
    // The other tests plan with the default offsets.
    onTestFinished(async () => {
      await trpc(t.app, c.admin, "courtClock.setOffsets", current.data);
    });
    expect((await trpc(t.app, c.admin, "courtClock.setOffsets", { ...changed, staleReportMonths: 0 })).status).toBe(400);
    await trpc(t.app, c.attorney, "courtClock.setDates", dates({ trialDate: "2027-03-15" }));
    const view = await trpc<CourtClockView>(t.app, c.attorney, "courtClock.get", { caseId });
    expect(planOf(view.data).hand_over! < "2027-02-15").toBe(true);
    expect((await trpc(t.app, c.attorney, "courtClock.setOffsets", changed)).status).toBe(403);
  });
});
