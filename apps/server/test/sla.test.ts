import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import { dashboardService, findCurrentUser, slaMonitoringService, slaTrackingService, startSlaTimer, sweepSlaAlerts } from "@medlegal/api";
import type { SignedInActor } from "@medlegal/api";
import type { SlaMonitoring, SlaPolicy, SlaTimerItem } from "@medlegal/domain";
import { slaDueAt } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe.each(testDialects())("SLA timers on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"attorney" | "nomsa" | "employee" | "admin" | "consultant", string>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["attorney", "nomsa", "employee", "admin", "consultant"] as const) c[name] = (await login(t.app, name)).cookie;
    const users = await t.db.selectFrom("users").select(["id", "username"]).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
    // These tests measure acknowledgement on the wall clock, whatever day they run; the working-hours
    // default has its own test below.
    const settings = (await trpc<Record<string, unknown>>(t.app, c.admin, "settings.getSla")).data;
    expect((await trpc(t.app, c.admin, "settings.updateSla", { ...settings, acknowledgementClock: "all_hours" })).status).toBe(200);
  });
  afterAll(() => t.close());

  /** A new query of the demo attorney on one of their cases. */
  async function newQuery(): Promise<string> {
    const kase = await t.db.selectFrom("cases").select("id").where("attorney_id", "=", ids.attorney!).executeTakeFirstOrThrow();
    const spec = await t.db.selectFrom("specializations").select("id").where("name", "=", "Neurosurgeon").executeTakeFirstOrThrow();
    const answer = await trpc<{ id: string }>(t.app, c.attorney, "queries.create", {
      caseId: kase.id,
      subject: "SLA check",
      instructions: "Please assess.",
      specializationIds: [spec.id],
      priority: "normal",
    });
    expect(answer.status).toBe(200);
    return answer.data.id;
  }

  const timersOf = (queryId: string) =>
    t.db.selectFrom("sla_timers").selectAll().where("query_id", "=", queryId).orderBy("created_at").execute();
  const timer = async (queryId: string, policy: SlaPolicy) =>
    t.db.selectFrom("sla_timers").selectAll().where("query_id", "=", queryId).where("policy", "=", policy).executeTakeFirstOrThrow();
  /** Moves a timer into the past, as if it had started `ms` earlier. */
  const shift = async (id: string, ms: number) => {
    const row = await t.db
      .selectFrom("sla_timers")
      .select(["started_at", "due_at", "at_risk_at"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await t.db
      .updateTable("sla_timers")
      .set({
        started_at: new Date(row.started_at.getTime() - ms),
        due_at: new Date(row.due_at.getTime() - ms),
        at_risk_at: new Date(row.at_risk_at.getTime() - ms),
      })
      .where("id", "=", id)
      .execute();
  };

  it("starts the acknowledgement timer with the query, 24 hours, and stops it met when the query goes into review", async () => {
    const queryId = await newQuery();
    const [ack] = await timersOf(queryId);
    expect(ack).toMatchObject({ policy: "query_acknowledgement", status: "open", target: 24, unit: "hours", at_risk_percent: 75 });
    expect(ack!.due_at.getTime() - ack!.started_at.getTime()).toBe(24 * HOUR);
    expect(ack!.at_risk_at.getTime() - ack!.started_at.getTime()).toBe(18 * HOUR);

    expect((await trpc(t.app, c.employee, "queries.take", { id: queryId })).status).toBe(200);
    expect(await timer(queryId, "query_acknowledgement")).toMatchObject({ status: "met" });
    const offered = await timer(queryId, "booking_offered");
    expect(offered).toMatchObject({ status: "open", target: 14, unit: "calendar_days" });
    expect(offered.due_at.getTime() - offered.started_at.getTime()).toBe(14 * DAY);
  });

  it("records a missed acknowledgement when the query is taken after its due time", async () => {
    const queryId = await newQuery();
    await shift((await timer(queryId, "query_acknowledgement")).id, 30 * HOUR);
    await trpc(t.app, c.employee, "queries.take", { id: queryId });
    const ack = await timer(queryId, "query_acknowledgement");
    expect(ack.status).toBe("missed");
    expect(ack.stopped_at!.getTime()).toBeGreaterThan(ack.due_at.getTime());
  });

  it("counts acknowledgement in the agency's working hours by default, and says so on the timer", async () => {
    const settings = (await trpc<Record<string, unknown>>(t.app, c.admin, "settings.getSla")).data;
    const bad = await trpc(t.app, c.admin, "settings.updateSla", { ...settings, acknowledgementClock: "sometimes" });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("Choose which hours acknowledgement counts");
    expect((await trpc(t.app, c.admin, "settings.updateSla", { ...settings, acknowledgementClock: "working_hours" })).status).toBe(200);
    try {
      const queryId = await newQuery();
      const ack = await timer(queryId, "query_acknowledgement");
      expect(ack).toMatchObject({ target: 24, unit: "working_hours" });
      const expected = slaDueAt({ startedAt: ack.started_at, target: 24, unit: "working_hours", atRiskRatio: 0.75 });
      expect(ack.due_at).toEqual(expected.dueAt);
      // 24 working hours (9 a day) span at least two days and six hours of the wall clock (from 08:00
      // on a working day; more from any other time), never the 24 hours of a plain clock.
      expect(ack.due_at.getTime() - ack.started_at.getTime()).toBeGreaterThanOrEqual(54 * HOUR);
      const item = (await trpc<{ items: SlaTimerItem[] }>(t.app, c.employee, "sla.list", { limit: 200 })).data.items.find(
        (i) => i.id === ack.id,
      )!;
      expect(item.target).toBe("24 working hours");
    } finally {
      await trpc(t.app, c.admin, "settings.updateSla", settings);
    }
  });

  it("copies the policy when a timer starts: a later change of the SLA settings leaves running timers alone", async () => {
    const before = await newQuery();
    const settings = (await trpc<Record<string, number>>(t.app, c.admin, "settings.getSla")).data;
    expect(
      (await trpc(t.app, c.admin, "settings.updateSla", { ...settings, queryAcknowledgementHours: 8, atRiskPercent: 50 })).status,
    ).toBe(200);
    try {
      const after = await newQuery();
      expect(await timer(before, "query_acknowledgement")).toMatchObject({ target: 24, at_risk_percent: 75 });
      const changed = await timer(after, "query_acknowledgement");
      expect(changed).toMatchObject({ target: 8, at_risk_percent: 50 });
      expect(changed.due_at.getTime() - changed.started_at.getTime()).toBe(8 * HOUR);
    } finally {
      await trpc(t.app, c.admin, "settings.updateSla", settings);
    }
  });

  it("pauses a query's timers while it is on hold and moves their due time by the time on hold", async () => {
    const queryId = await newQuery();
    await trpc(t.app, c.employee, "queries.take", { id: queryId });
    await shift((await timer(queryId, "booking_offered")).id, 6 * HOUR);
    const before = await timer(queryId, "booking_offered");
    expect((await trpc(t.app, c.employee, "queries.move", { id: queryId, to: "on_hold", reason: "Awaiting records" })).status).toBe(200);
    const held = await timer(queryId, "booking_offered");
    expect(held).toMatchObject({ pause_kind: "hold", pause_reason: "Query on hold" });
    // Staff cannot resume a hold's pause by hand.
    const resume = await trpc(t.app, c.employee, "sla.resume", { id: held.id });
    expect(resume.status).toBe(409);
    expect(resume.error?.message).toBe("This timer is paused because its query is on hold; it resumes when the query comes off hold.");
    // The hold began five hours ago.
    const fiveHoursAgo = new Date(held.paused_at!.getTime() - 5 * HOUR);
    await t.db.updateTable("sla_timers").set({ paused_at: fiveHoursAgo }).where("id", "=", held.id).execute();
    await t.db.updateTable("sla_timer_pauses").set({ from_at: fiveHoursAgo }).where("timer_id", "=", held.id).execute();

    const list = await trpc<{ items: SlaTimerItem[] }>(t.app, c.employee, "sla.list", { state: "paused" });
    expect(list.data.items.find((i) => i.id === held.id)).toMatchObject({ state: "paused", pauseReason: "Query on hold" });

    expect((await trpc(t.app, c.employee, "queries.move", { id: queryId, to: "in_review" })).status).toBe(200);
    const resumed = await timer(queryId, "booking_offered");
    expect(resumed.paused_at).toBeNull();
    const moved = resumed.due_at.getTime() - before.due_at.getTime();
    expect(moved).toBeGreaterThanOrEqual(5 * HOUR);
    expect(moved).toBeLessThan(5 * HOUR + 60_000);
  });

  it("lets staff pause one timer with a reason and resume it, audited, the due time moved by the pause", async () => {
    const queryId = await newQuery();
    const ack = await timer(queryId, "query_acknowledgement");
    const paused = await trpc<SlaTimerItem>(t.app, c.employee, "sla.pause", { id: ack.id, reason: "Awaiting claimant" });
    expect(paused.status).toBe(200);
    expect(paused.data).toMatchObject({ state: "paused", pauseKind: "manual", pauseReason: "Awaiting claimant" });
    expect((await trpc(t.app, c.employee, "sla.pause", { id: ack.id, reason: "Again" })).status).toBe(409);
    const empty = await trpc(t.app, c.employee, "sla.pause", { id: ack.id, reason: "  " });
    expect(empty.status).toBe(400);
    expect(empty.error?.message).toContain("Give a reason for pausing");

    const threeHoursAgo = new Date(Date.now() - 3 * HOUR);
    await t.db.updateTable("sla_timers").set({ paused_at: threeHoursAgo }).where("id", "=", ack.id).execute();
    await t.db.updateTable("sla_timer_pauses").set({ from_at: threeHoursAgo }).where("timer_id", "=", ack.id).execute();
    // The pause began three hours ago but the timer started just now: only the time after its start counts.
    await t.db
      .updateTable("sla_timers")
      .set({ started_at: new Date(threeHoursAgo.getTime() - HOUR) })
      .where("id", "=", ack.id)
      .execute();
    const resumed = await trpc<SlaTimerItem>(t.app, c.employee, "sla.resume", { id: ack.id });
    expect(resumed.status).toBe(200);
    expect(resumed.data.paused).toBe(false);
    const row = await timer(queryId, "query_acknowledgement");
    const expectedDue = threeHoursAgo.getTime() - HOUR + 24 * HOUR + (Date.now() - threeHoursAgo.getTime());
    expect(Math.abs(row.due_at.getTime() - expectedDue)).toBeLessThan(60_000);
    expect((await trpc(t.app, c.employee, "sla.resume", { id: ack.id })).status).toBe(409);

    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity_type", "=", "sla_timer")
      .where("entity_id", "=", ack.id)
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["sla.pause", "sla.resume"]);
    expect(audit[0]!.after).toMatchObject({ reason: "Awaiting claimant" });
  });

  it("cancels a cancelled query's open timers and leaves them out of compliance", async () => {
    const queryId = await newQuery();
    await trpc(t.app, c.employee, "queries.take", { id: queryId });
    expect((await trpc(t.app, c.employee, "queries.move", { id: queryId, to: "cancelled", reason: "Matter settled" })).status).toBe(200);
    const rows = await timersOf(queryId);
    expect(rows.map((r) => [r.policy, r.status])).toEqual([
      ["query_acknowledgement", "met"],
      ["booking_offered", "cancelled"],
    ]);
  });

  it("stops booking-offered met when the query's first booking is confirmed", async () => {
    const booking = await t.db
      .selectFrom("bookings")
      .innerJoin("queries", "queries.id", "bookings.query_id")
      .select(["bookings.id", "bookings.query_id"])
      .where("bookings.status", "=", "requested")
      .where("queries.status", "not in", ["cancelled", "completed", "on_hold"])
      .executeTakeFirstOrThrow();
    // The demo data may have moved this query's timer; start it afresh a day ago.
    await t.db.deleteFrom("sla_timers").where("query_id", "=", booking.query_id!).where("policy", "=", "booking_offered").execute();
    await t.db.transaction().execute((trx) =>
      startSlaTimer(trx, {
        policy: "booking_offered",
        subject: { kind: "query", id: booking.query_id! },
        queryId: booking.query_id!,
        startedAt: new Date(Date.now() - DAY),
      }),
    );
    expect((await trpc(t.app, c.employee, "bookings.confirm", { id: booking.id })).status).toBe(200);
    expect(await timer(booking.query_id!, "booking_offered")).toMatchObject({ status: "met" });
  });

  it("shows attorneys their own timers only, and staff every timer with the time left", async () => {
    const queryId = await newQuery();
    const mine = await trpc<{ items: SlaTimerItem[] }>(t.app, c.attorney, "sla.list", { limit: 200 });
    expect(mine.status).toBe(200);
    expect(mine.data.items.some((i) => i.queryId === queryId)).toBe(true);
    const nomsas = await trpc<{ items: SlaTimerItem[] }>(t.app, c.nomsa, "sla.list", { limit: 200 });
    expect(nomsas.data.items.some((i) => i.queryId === queryId)).toBe(false);
    const nomsaQueries = new Set(
      (await t.db.selectFrom("queries").select("id").where("attorney_id", "=", ids.nomsa!).execute()).map((q) => q.id),
    );
    expect(nomsas.data.items.every((i) => nomsaQueries.has(i.queryId))).toBe(true);
    const staff = await trpc<{ items: SlaTimerItem[] }>(t.app, c.employee, "sla.list", { limit: 200 });
    const item = staff.data.items.find((i) => i.queryId === queryId)!;
    expect(item).toMatchObject({ policy: "query_acknowledgement", state: "on_track", target: "24 hours" });
    expect(item.timeLeftMs).toBeGreaterThan(23 * HOUR);
  });

  it("shows an expert only the timers of their own reports, and an attorney no staff pause reason or case manager", async () => {
    const queryId = await newQuery();
    const ack = await timer(queryId, "query_acknowledgement");
    expect((await trpc(t.app, c.employee, "queries.take", { id: queryId })).status).toBe(200);
    const offered = await timer(queryId, "booking_offered");
    expect((await trpc(t.app, c.employee, "sla.pause", { id: offered.id, reason: "Chasing the firm's fee approval" })).status).toBe(200);
    const attorneyItem = (await trpc<{ items: SlaTimerItem[] }>(t.app, c.attorney, "sla.list", { limit: 200 })).data.items.find(
      (i) => i.id === offered.id,
    )!;
    expect(attorneyItem).toMatchObject({ paused: true, pauseReason: null, assignedEmployeeName: null });
    const staffItem = (await trpc<{ items: SlaTimerItem[] }>(t.app, c.employee, "sla.list", { limit: 200 })).data.items.find(
      (i) => i.id === offered.id,
    )!;
    expect(staffItem.pauseReason).toBe("Chasing the firm's fee approval");
    expect(staffItem.assignedEmployeeName).not.toBeNull();

    const expert = await trpc<{ items: SlaTimerItem[] }>(t.app, c.consultant, "sla.list", { limit: 200 });
    expect(expert.status).toBe(200);
    expect(expert.data.items.length).toBeGreaterThan(0);
    const own = await t.db.selectFrom("sla_timers").select("id").where("consultant_id", "=", ids.consultant!).execute();
    const ownIds = new Set(own.map((r) => r.id));
    expect(expert.data.items.every((i) => ownIds.has(i.id))).toBe(true);
    expect(expert.data.items.some((i) => i.id === ack.id)).toBe(false);
    expect((await trpc(t.app, c.employee, "sla.resume", { id: offered.id })).status).toBe(200);
  });

  it("alerts at risk, then breach, then escalates once, each once however often the sweeper runs", async () => {
    const queryId = await newQuery();
    await trpc(t.app, c.employee, "queries.take", { id: queryId });
    const offered = await timer(queryId, "booking_offered");
    const { reference } = await t.db.selectFrom("queries").select("reference").where("id", "=", queryId).executeTakeFirstOrThrow();
    const about = async (userId: string, word: string) => {
      const rows = await t.db
        .selectFrom("notifications")
        .select("title")
        .where("user_id", "=", userId)
        .where("type", "=", "system_alert")
        .execute();
      return rows.filter((n) => n.title.includes(word) && n.title.endsWith(reference)).length;
    };

    await shift(offered.id, 11 * DAY); // 11 of 14 days gone: at risk
    await sweepSlaAlerts(t.db);
    await sweepSlaAlerts(t.db);
    expect(await about(ids.employee!, "at risk")).toBe(1);
    expect(await about(ids.admin!, "at risk")).toBe(0);

    await shift(offered.id, 4 * DAY); // past due
    // The administrator wants system alerts by e-mail too; the employee keeps the defaults.
    await t.db
      .insertInto("notification_preferences")
      .values({ user_id: ids.admin!, type: "system_alert", bell: true, email: true })
      .onConflict((oc) => oc.columns(["user_id", "type"]).doUpdateSet({ bell: true, email: true }))
      .execute();
    await sweepSlaAlerts(t.db);
    await sweepSlaAlerts(t.db);
    expect(await about(ids.employee!, "SLA breached")).toBe(1);
    expect(await about(ids.admin!, "SLA breached")).toBe(1);
    expect(await about(ids.admin!, "still breached")).toBe(0);
    const admin = await t.db.selectFrom("users").select("email").where("id", "=", ids.admin!).executeTakeFirstOrThrow();
    const mails = await t.db
      .selectFrom("email_outbox")
      .select(["to_address", "body"])
      .where("subject", "=", `MedLegal: SLA breached: Booking offered, ${reference}`)
      .execute();
    expect(mails.map((m) => m.to_address)).toEqual([admin.email]);
    expect(mails[0]!.body).toContain(`The booking offered timer of ${reference} was due`);

    const monitoring = await trpc<SlaMonitoring>(t.app, c.admin, "sla.getMonitoring", {});
    expect(monitoring.status).toBe(200);
    expect(monitoring.data.openBreaches).toBeGreaterThanOrEqual(1);

    await t.db
      .updateTable("sla_timers")
      .set({ breach_alerted_at: new Date(Date.now() - 25 * HOUR) })
      .where("id", "=", offered.id)
      .execute();
    await sweepSlaAlerts(t.db);
    await sweepSlaAlerts(t.db);
    expect(await about(ids.admin!, "still breached")).toBe(1);
    expect(await about(ids.employee!, "still breached")).toBe(0);
  });

  it("sends one breach alert per recipient when two server instances sweep one database at once", async () => {
    const queryIds = [await newQuery(), await newQuery(), await newQuery()];
    for (const id of queryIds) await shift((await timer(id, "query_acknowledgement")).id, 30 * HOUR);
    // Nobody has taken these queries: the breach goes to the administrators.
    const admins = await t.db.selectFrom("users").select("id").where("role", "=", "administrator").where("is_active", "=", true).execute();
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
    const references = (await t.db.selectFrom("queries").select("reference").where("id", "in", queryIds).execute()).map((q) => q.reference);
    for (const admin of admins) {
      for (const reference of references) {
        const breaches = await t.db
          .selectFrom("notifications")
          .select("id")
          .where("user_id", "=", admin.id)
          .where("title", "=", `SLA breached: Query acknowledgement, ${reference}`)
          .execute();
        expect(breaches, `${reference} for ${admin.id}`).toHaveLength(1);
      }
    }
  });

  it("lets administrators declare and remove a one-off public holiday, audited, and business-day timers count it", async () => {
    const queryId = await newQuery();
    const releaseFrom = new Date("2031-03-04T08:00:00Z"); // Tuesday 4 March 2031, 10:00 in South Africa
    const start = (id: string) =>
      t.db
        .transaction()
        .execute((trx) =>
          startSlaTimer(trx, { policy: "report_release", subject: { kind: "report", id }, queryId, startedAt: releaseFrom }),
        );
    const ordinary = await t.db
      .selectFrom("sla_timers")
      .select("due_at")
      .where("id", "=", (await start("00000000-0000-4000-8000-000000000001"))!)
      .executeTakeFirstOrThrow();
    expect(ordinary.due_at).toEqual(new Date("2031-03-06T08:00:00Z"));

    const declared = await trpc(t.app, c.admin, "sla.declareHoliday", { date: "2031-03-05", name: "Local government elections" });
    expect(declared.status).toBe(200);
    expect((await trpc(t.app, c.admin, "sla.declareHoliday", { date: "2031-03-05", name: "Again" })).status).toBe(409);
    const bad = await trpc(t.app, c.admin, "sla.declareHoliday", { date: "2031-02-30", name: "Nope" });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toContain("Date is not a real date");
    const year = await trpc<{ holidays: { date: string; name: string; declared: boolean }[] }>(t.app, c.admin, "sla.listHolidays", {
      year: 2031,
    });
    expect(year.data.holidays).toContainEqual({ date: "2031-03-05", name: "Local government elections", declared: true });
    expect(year.data.holidays).toContainEqual({ date: "2031-03-21", name: "Human Rights Day", declared: false });

    // The election day is skipped by a timer started afterwards; the one already running keeps its due time.
    const withElection = await t.db
      .selectFrom("sla_timers")
      .select("due_at")
      .where("id", "=", (await start("00000000-0000-4000-8000-000000000002"))!)
      .executeTakeFirstOrThrow();
    expect(withElection.due_at).toEqual(new Date("2031-03-07T08:00:00Z"));
    expect(
      (
        await t.db
          .selectFrom("sla_timers")
          .select("due_at")
          .where("subject_id", "=", "00000000-0000-4000-8000-000000000001")
          .executeTakeFirstOrThrow()
      ).due_at,
    ).toEqual(ordinary.due_at);

    expect((await trpc(t.app, c.admin, "sla.removeHoliday", { date: "2031-03-05" })).status).toBe(200);
    expect((await trpc(t.app, c.admin, "sla.removeHoliday", { date: "2031-03-05" })).status).toBe(404);
    const audit = await t.db
      .selectFrom("audit_log")
      .select("action")
      .where("entity_type", "=", "declared_holiday")
      .where("entity_id", "=", "2031-03-05")
      .orderBy("at")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["holiday.declare", "holiday.remove"]);
    // Election days already declared come with the migration.
    expect(
      (await trpc<{ holidays: { date: string }[] }>(t.app, c.admin, "sla.listHolidays", { year: 2024 })).data.holidays.map((h) => h.date),
    ).toContain("2024-05-29");
  });

  it("gives one answer for one timer on the dashboard, SLA tracking and SLA monitoring, at every boundary instant", async () => {
    const employee = (await findCurrentUser(t.db, ids.employee!))!;
    const actor: SignedInActor = { user: employee, meta: { ip: null, userAgent: "test", requestId: "test", appUrl: "" } };
    // A query submitted a month ago (the oldest waiting) whose acknowledgement timer started only now (as the demo's
    // moved timers once did): the timer decides, not the query's age.
    const queryId = await newQuery();
    await t.db
      .updateTable("queries")
      .set({ created_at: new Date(Date.now() - 30 * DAY) })
      .where("id", "=", queryId)
      .execute();
    const ack = await timer(queryId, "query_acknowledgement");
    const answers = async (now: Date) => {
      const tracking = await slaTrackingService.listSlaTimers({ db: t.db, actor }, { state: "open", limit: 200 }, now);
      const item = tracking.items.find((i) => i.id === ack.id)!;
      const filtered: string[] = [];
      for (const state of ["on_track", "at_risk", "breached", "paused"] as const) {
        const list = await slaTrackingService.listSlaTimers({ db: t.db, actor }, { state, limit: 200 }, now);
        if (list.items.some((i) => i.id === ack.id)) filtered.push(state);
      }
      const dashboard = await dashboardService.dashboardSummary({ db: t.db, actor }, now);
      if (dashboard.role !== "employee" && dashboard.role !== "administrator") throw new Error("staff dashboard expected");
      const monitoring: SlaMonitoring = await slaMonitoringService.slaMonitoring({ db: t.db }, { months: 1 }, now);
      const csv = await slaMonitoringService.slaTimersCsv({ db: t.db }, { months: 1 }, now);
      const csvRow = csv
        .split("\r\n")
        .find((line) => line.includes(ack.due_at.toISOString()) && line.includes(ack.started_at.toISOString()))!;
      return {
        tracking: item.state,
        filtered,
        overdueOnDashboard: dashboard.overdue.some((q) => q.id === queryId),
        forecast: monitoring.forecast.find((f) => f.id === ack.id)?.state ?? null,
        csvBreached: csvRow.includes('"breached"'),
      };
    };
    const at = (ms: number) => new Date(ms);
    const risk = ack.at_risk_at.getTime();
    const due = ack.due_at.getTime();
    expect(await answers(at(risk - 1))).toEqual({
      tracking: "on_track",
      filtered: ["on_track"],
      overdueOnDashboard: false,
      forecast: "on_track",
      csvBreached: false,
    });
    expect(await answers(at(risk))).toEqual({
      tracking: "at_risk",
      filtered: ["at_risk"],
      overdueOnDashboard: false,
      forecast: "at_risk",
      csvBreached: false,
    });
    // The due instant itself is still on time.
    expect(await answers(at(due))).toEqual({
      tracking: "at_risk",
      filtered: ["at_risk"],
      overdueOnDashboard: false,
      forecast: "at_risk",
      csvBreached: false,
    });
    expect(await answers(at(due + 1))).toEqual({
      tracking: "breached",
      filtered: ["breached"],
      overdueOnDashboard: true,
      forecast: null,
      csvBreached: true,
    });

    // Paused an hour before its due time: paused everywhere, however late the clock; paused after it, still breached.
    await t.db
      .updateTable("sla_timers")
      .set({ paused_at: at(due - HOUR), pause_kind: "manual", pause_reason: "Awaiting records" })
      .where("id", "=", ack.id)
      .execute();
    expect(await answers(at(due + DAY))).toEqual({
      tracking: "paused",
      filtered: ["paused"],
      overdueOnDashboard: false,
      forecast: null,
      csvBreached: false,
    });
    await t.db
      .updateTable("sla_timers")
      .set({ paused_at: at(due + 1) })
      .where("id", "=", ack.id)
      .execute();
    expect(await answers(at(due + DAY))).toEqual({
      tracking: "breached",
      filtered: ["breached"],
      overdueOnDashboard: true,
      forecast: null,
      csvBreached: true,
    });
  });

  it("exports the monitoring timers as CSV for staff and refuses attorneys", async () => {
    const employee = await t.app.inject({ method: "GET", url: "/api/sla/export.csv?months=3", headers: { cookie: c.employee } });
    expect(employee.statusCode).toBe(200);
    expect(employee.headers["content-type"]).toContain("text/csv");
    expect(employee.body.split("\r\n")[0]).toBe(
      '"Policy","Query","Started","Due","Stopped","Outcome","Paused since","Pause reason","Consultant"',
    );
    expect(employee.body).toContain('"query_acknowledgement"');
    expect((await t.app.inject({ method: "GET", url: "/api/sla/export.csv", headers: { cookie: c.attorney } })).statusCode).toBe(403);
    const bad = await t.app.inject({ method: "GET", url: "/api/sla/export.csv?months=99", headers: { cookie: c.employee } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("Choose 1 to 24 months");
  });

  async function secondConnection() {
    const database = (await t.db.selectNoFrom((eb) => eb.fn<string>("current_database").as("name")).executeTakeFirstOrThrow()).name;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${database}`;
    return createDatabase({ url: url.toString(), poolSize: 4 }).db;
  }
});
