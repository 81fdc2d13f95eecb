import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JointMinute } from "@medlegal/domain";
import { sql } from "kysely";
import type { SqlBool } from "kysely";
import { stillDeferred } from "../../../packages/api/src/services/receivables/deferrals";
import { testDialects } from "@medlegal/db/testing";
import { demoDataUnfinished, runAt } from "@medlegal/api";
import type {
  BookingItem,
  CaseBillingView,
  CourtClockView,
  QueryStatus,
  Raf4CaseView,
  ReceivablesOverview,
  StatementPreview,
} from "@medlegal/domain";
import {
  addDays,
  ASSESSMENT_MINUTES,
  DECLARED_PUBLIC_HOLIDAYS,
  isoWeekday,
  isPublicHoliday,
  needsCompetentPerson,
  QUERY_STATUSES,
  openingWorkWeek,
  sastDate,
  sastTime,
  sastToUtc,
  storedSlaState,
} from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/**
 * The demo data is told through the services relative to the day of first start: whatever that
 * day, it obeys the rules the app enforces and puts real work on this week's screens. (The fixed
 * days lie before the real today: the claimant forms refuse consent dates in the future.)
 */
const FIRST_STARTS = [
  // A Sunday morning: the whole of this week lies behind.
  sastToUtc("2026-11-15", "08:00"),
  // A Saturday morning: nothing on today's schedule, the next working week two days away.
  sastToUtc("2026-11-21", "10:00"),
  // Midday on a Tuesday that is a public holiday (Youth Day).
  sastToUtc("2026-06-16", "13:00"),
  // A Monday before the first assessment of the week.
  sastToUtc("2026-03-02", "07:00"),
  // Late on a Friday night (a start whose report rotation once left Dr Venter nothing to invoice).
  sastToUtc("2026-11-27", "23:30"),
];

const DEMO_USERNAMES = [
  "admin",
  "employee",
  "attorney",
  "consultant",
  "sipho",
  "nomsa",
  "pieter",
  "dr_naidoo",
  "dr_pillay",
  "ot_smith",
  "ip_maseko",
  "act_jacobs",
  "dr_venter",
  "dr_moodley",
  "aud_nel",
];

/** The tables and columns that date what the story did. */
const DATED_COLUMNS = [
  ["queries", "created_at"],
  ["cases", "created_at"],
  ["patients", "created_at"],
  ["query_events", "at"],
  ["audit_log", "at"],
  ["access_log", "at"],
  ["notifications", "created_at"],
  ["bookings", "created_at"],
  ["consultant_assignments", "created_at"],
  ["messages", "created_at"],
] as const;

const isWorkday = (date: string) => isoWeekday(date) <= 5 && !isPublicHoliday(date, DECLARED_PUBLIC_HOLIDAYS);

describe.each(testDialects().flatMap((kind) => FIRST_STARTS.map((now) => [kind, now] as const)))(
  "the demo data on %s, first started at %s",
  (kind, now) => {
    let t: TestApp;
    const today = sastDate(now);
    const monday = addDays(today, 1 - isoWeekday(today));
    let lastWorkday = addDays(today, -1);
    while (!isWorkday(lastWorkday)) lastWorkday = addDays(lastWorkday, -1);
    // Every screen is asked as of first start, on the story's clock (runAt), never the real one: what
    // a test sees then does not depend on the day it runs (sign-in alone keeps the real time, as the
    // session store does).
    const asThen = <T>(run: () => Promise<T>) => runAt(now, run);

    // The latest moment in each dated table as the seed left it, read before any test signs in
    // (sign-in writes at the real time), so the check that nothing happens after first start holds
    // whichever test runs first.
    const seededLatest = new Map<string, Date | null>();

    beforeAll(async () => {
      t = await createTestApp(kind, {}, { workflow: true, now });
      for (const [table, column] of DATED_COLUMNS) {
        const row = await sql<{ latest: Date | null }>`SELECT max(${sql.ref(column)}) AS latest FROM ${sql.table(table)}`.execute(t.db);
        seededLatest.set(`${table}.${column}`, row.rows[0]!.latest);
      }
    }, 300_000);
    afterAll(() => t.close());

    const bookings = () =>
      t.db
        .selectFrom("bookings")
        .innerJoin("users", "users.id", "bookings.consultant_id")
        .select([
          "bookings.id",
          "bookings.reference",
          "bookings.query_id",
          "bookings.patient_id",
          "bookings.consultant_id",
          "bookings.starts_at",
          "bookings.ends_at",
          "bookings.venue",
          "bookings.mode",
          "bookings.status",
          "bookings.created_at",
          "users.username",
        ])
        .orderBy("bookings.starts_at")
        .execute();

    it("is marked complete, so no later start calls it unfinished", async () => {
      expect(await demoDataUnfinished(t.db)).toBe(false);
      const mark = await t.db.selectFrom("settings").select("value").where("key", "=", "demo_data").executeTakeFirstOrThrow();
      expect(mark.value).toEqual({ complete: true });
    });

    it("has a child claimant whose competent person consented, so she may be booked (POPIA sections 34-35)", async () => {
      const patients = await t.db
        .selectFrom("patients")
        .select(["first_name", "birth_date", "needs_curator", "competent_person"])
        .execute();
      const minors = patients.filter((p) =>
        needsCompetentPerson({ birthDate: String(p.birth_date), needsCurator: p.needs_curator }, today),
      );
      expect(minors.map((p) => p.first_name)).toEqual(["Amahle"]);
      expect(minors[0]!.competent_person).toMatchObject({ name: "Palesa Mokoena", relationship: "Mother" });
      const consentOn = (minors[0]!.competent_person as { consentOn: string | null }).consentOn;
      expect(consentOn !== null && consentOn <= today).toBe(true);
    });

    it("opens the privacy page on real work: a request due this week, an answered one, a reported compromise, a case on hold", async () => {
      const requests = await t.db.selectFrom("subject_requests").select(["status", "due_on"]).execute();
      expect(
        requests.some((r) => (r.status === "received" || r.status === "in_progress") && r.due_on >= today && r.due_on <= addDays(today, 7)),
      ).toBe(true);
      expect(requests.some((r) => r.status === "answered")).toBe(true);
      const breach = await t.db
        .selectFrom("security_breaches")
        .select(["id", "data_subjects_count", "reported_on"])
        .executeTakeFirstOrThrow();
      const affected = await t.db.selectFrom("security_breach_claimants").select("patient_id").where("breach_id", "=", breach.id).execute();
      expect(breach.data_subjects_count).toBe(affected.length);
      expect(breach.reported_on! <= today).toBe(true);
      expect(await t.db.selectFrom("case_legal_holds").select("id").where("lifted_at", "is", null).execute()).toHaveLength(1);
      const officer = await t.db.selectFrom("users").select("username").where("privacy_officer", "=", true).execute();
      expect(officer.map((u) => u.username)).toEqual(["sipho"]);
    });

    it("has claimants who agreed to reminders by text, their confirmations queued, and a YES, a NO and a question answered", async () => {
      const consented = await t.db
        .selectFrom("patients")
        .select(["message_channel", "phone"])
        .where("message_channel", "is not", null)
        .execute();
      expect(consented.every((p) => p.phone)).toBe(true);
      // A confirmation for each of their assessments ahead; the fixed-time reminders follow on their days.
      const queued = await t.db.selectFrom("claimant_messages").select(["kind", "patient_id"]).where("sent_at", "is", null).execute();
      expect([...new Set(queued.map((m) => m.kind))]).toEqual(["confirmation"]);
      expect(new Set(queued.map((m) => m.patient_id)).size).toBe(3);
      const replies = await t.db.selectFrom("claimant_replies").select(["action", "booking_id"]).orderBy("received_at").execute();
      expect(replies.map((r) => r.action)).toEqual(["confirm", "decline", "other"]);
      expect(replies.every((r) => r.booking_id)).toBe(true);
      const answers = await t.db.selectFrom("bookings").select("claimant_answer").where("claimant_answer", "is not", null).execute();
      expect(answers.map((a) => a.claimant_answer).sort()).toEqual(["cannot_attend", "confirmed"]);
      // The question is on the claimant's query, for the case manager to read.
      const texts = await t.db
        .selectFrom("messages as m")
        .innerJoin("message_threads as th", "th.id", "m.thread_id")
        .select(["m.body", "th.kind"])
        .where("m.sender_id", "is", null)
        .execute();
      expect(texts).toEqual([{ body: "Can my sister come with me? I cannot walk far.", kind: "query_claimant" }]);
    });

    it("books only working days, inside each expert's availability (the week, or that day's override)", async () => {
      const weekly = await t.db.selectFrom("availability_rules").selectAll().execute();
      const overrides = await t.db.selectFrom("availability_overrides").selectAll().execute();
      const rulesOf = (consultantId: string, day: string) => {
        const ofDay = overrides.filter((o) => o.consultant_id === consultantId && o.date === day);
        return ofDay.length > 0 ? ofDay : weekly.filter((r) => r.consultant_id === consultantId && r.weekday === isoWeekday(day));
      };
      const all = await bookings();
      expect(all.length).toBeGreaterThan(10);
      for (const b of all) {
        const day = sastDate(b.starts_at);
        expect(isWorkday(day), `${b.reference} on ${day}`).toBe(true);
        const fits = rulesOf(b.consultant_id, day).some(
          (r) =>
            r.start_time !== null &&
            r.end_time !== null &&
            r.start_time <= sastTime(b.starts_at) &&
            sastTime(b.ends_at) <= r.end_time &&
            r.mode === b.mode &&
            r.venue === b.venue,
        );
        expect(fits, `${b.reference} of ${b.username} at ${day} ${sastTime(b.starts_at)} (${b.mode})`).toBe(true);
      }
    });

    it("never puts a claimant or an expert in two places at once", async () => {
      const standing = (await bookings()).filter((b) => b.status !== "cancelled" && b.status !== "rescheduled");
      for (const [i, a] of standing.entries()) {
        for (const b of standing.slice(i + 1)) {
          const overlap = a.starts_at < b.ends_at && b.starts_at < a.ends_at;
          if (a.consultant_id === b.consultant_id) expect(overlap, `${a.reference} and ${b.reference} of ${a.username}`).toBe(false);
          if (a.patient_id === b.patient_id) {
            expect(overlap, `${a.reference} and ${b.reference} of one claimant`).toBe(false);
            // Not in one city in the morning and another in the afternoon: one in-person venue a day.
            if (sastDate(a.starts_at) === sastDate(b.starts_at) && a.mode === "in_person" && b.mode === "in_person")
              expect(a.venue).toBe(b.venue);
          }
        }
      }
    });

    it("books only experts who accepted the booking's query", async () => {
      const unaccepted = await t.db
        .selectFrom("bookings")
        .select("bookings.reference")
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom("consultant_assignments as a")
                .select("a.id")
                .whereRef("a.query_id", "=", "bookings.query_id")
                .whereRef("a.consultant_id", "=", "bookings.consultant_id")
                .where("a.status", "in", ["accepted", "completed"]),
            ),
          ),
        )
        .execute();
      expect(unaccepted).toEqual([]);
    });

    it("starts each query's timeline at its submission, and nothing happens after first start", async () => {
      const queries = await t.db.selectFrom("queries").select(["id", "reference", "created_at"]).execute();
      for (const q of queries) {
        const events = await t.db
          .selectFrom("query_events")
          .select(["at", "kind", "to_status"])
          .where("query_id", "=", q.id)
          .orderBy("at")
          .execute();
        expect(events[0], q.reference).toMatchObject({ kind: "status", to_status: "submitted" });
        expect(Math.abs(events[0]!.at.getTime() - q.created_at.getTime()), q.reference).toBeLessThan(60_000);
        const audit = await t.db
          .selectFrom("audit_log")
          .select(sql<Date>`min(at)`.as("first"))
          .where("entity_id", "=", q.id)
          .executeTakeFirstOrThrow();
        expect(Math.abs(new Date(audit.first).getTime() - q.created_at.getTime()), q.reference).toBeLessThan(60_000);
      }
      for (const [table, column] of DATED_COLUMNS) {
        const latest = seededLatest.get(`${table}.${column}`);
        expect(new Date(latest!).getTime(), `${table}.${column}`).toBeLessThanOrEqual(now.getTime());
      }
      // A booking is made before its hour, and attendance is only recorded once the hour has come.
      for (const b of await bookings()) {
        expect(b.created_at.getTime(), b.reference).toBeLessThan(b.starts_at.getTime());
        if (b.status === "attended" || b.status === "no_show") expect(b.starts_at.getTime(), b.reference).toBeLessThan(now.getTime());
        // Still to come, or (one) seen on the last working day, its attendance still to be recorded.
        if (b.status === "requested") expect(b.starts_at.getTime(), b.reference).toBeGreaterThan(now.getTime());
        if (b.status === "confirmed" && b.starts_at < now) expect([lastWorkday, today], b.reference).toContain(sastDate(b.starts_at));
      }
    });

    it("has queries in every state, assessments this week and the next two, and rosters for this week and the next", async () => {
      const statuses = (await t.db.selectFrom("queries").select("status").distinct().execute()).map((r) => r.status);
      expect([...statuses].sort()).toEqual([...QUERY_STATUSES].sort() as QueryStatus[]);
      const all = (await bookings()).filter((b) => b.status !== "cancelled" && b.status !== "rescheduled");
      for (const week of [0, 1, 2]) {
        const from = sastToUtc(addDays(monday, week * 7), "00:00");
        const to = sastToUtc(addDays(monday, week * 7 + 7), "00:00");
        expect(all.filter((b) => b.starts_at >= from && b.starts_at < to).length, `week ${week}`).toBeGreaterThan(0);
      }
      expect(all.some((b) => b.status === "attended")).toBe(true);
      expect(all.some((b) => b.status === "no_show")).toBe(true);
      expect(all.some((b) => b.status === "requested")).toBe(true);
      for (const week of [0, 1]) {
        const shifts = await t.db
          .selectFrom("call_rosters")
          .select("id")
          .where("starts_at", ">=", sastToUtc(addDays(monday, week * 7), "00:00"))
          .where("starts_at", "<", sastToUtc(addDays(monday, week * 7 + 7), "00:00"))
          .execute();
        expect(shifts.length, `roster of week ${week}`).toBeGreaterThan(0);
      }
    });

    it("on a working day, has a video assessment today whose meeting invites the claimant and an interpreter", async () => {
      const meetings = await t.db
        .selectFrom("meetings")
        .innerJoin("bookings", "bookings.id", "meetings.booking_id")
        .select([
          "meetings.id",
          "meetings.starts_at",
          "meetings.status",
          "meetings.host_id",
          "bookings.consultant_id",
          "bookings.mode",
          "bookings.status as booking_status",
        ])
        .where("meetings.starts_at", ">=", sastToUtc(today, "00:00"))
        .where("meetings.starts_at", "<", sastToUtc(addDays(today, 1), "00:00"))
        .execute();
      if (!isWorkday(today)) {
        expect(meetings).toEqual([]);
        return;
      }
      expect(meetings).toHaveLength(1);
      const [meeting] = meetings;
      expect(meeting!.mode).toBe("video");
      expect(meeting!.host_id).toBe(meeting!.consultant_id);
      // Its room opens after first start, unless the start comes after the day's last video hour
      // (22:00): then it took that hour, and once the hour is over the expert recorded the attendance.
      const lastHour = sastToUtc(today, "22:00");
      if (now < lastHour) expect(meeting!.starts_at.getTime(), "its room opens after first start").toBeGreaterThan(now.getTime());
      else expect(meeting!.starts_at).toEqual(lastHour);
      if (now.getTime() >= lastHour.getTime() + (ASSESSMENT_MINUTES + 10) * 60_000) expect(meeting!.booking_status).toBe("attended");
      const guests = await t.db
        .selectFrom("meeting_participants")
        .select("guest_role")
        .where("meeting_id", "=", meeting!.id)
        .where("guest_role", "is not", null)
        .execute();
      expect(guests.map((g) => g.guest_role).sort()).toEqual(["claimant", "interpreter"]);
    });

    it("starts and stops every SLA timer on the story's own events, and shows timers breached, on track and paused", async () => {
      const timers = await t.db
        .selectFrom("sla_timers")
        .innerJoin("queries", "queries.id", "sla_timers.query_id")
        .select([
          "sla_timers.id",
          "sla_timers.policy",
          "sla_timers.subject_kind",
          "sla_timers.subject_id",
          "sla_timers.started_at",
          "sla_timers.stopped_at",
          "sla_timers.status",
          "sla_timers.due_at",
          "sla_timers.at_risk_at",
          "sla_timers.paused_at",
          "queries.reference",
          "queries.created_at",
        ])
        .execute();
      expect(timers.length).toBeGreaterThan(10);
      const subjects = {
        query: new Set((await t.db.selectFrom("queries").select("id").execute()).map((r) => r.id)),
        booking: new Set((await t.db.selectFrom("bookings").select("id").execute()).map((r) => r.id)),
        report: new Set((await t.db.selectFrom("reports").select("id").execute()).map((r) => r.id)),
        assignment: new Set((await t.db.selectFrom("consultant_assignments").select("id").execute()).map((r) => r.id)),
        court_step: new Set((await t.db.selectFrom("court_plan_steps").select("id").execute()).map((r) => r.id)),
      };
      for (const timer of timers) {
        const label = `${timer.policy} of ${timer.reference}`;
        // Never before the query was submitted, never after first start; the subject is a real record.
        expect(timer.started_at.getTime(), label).toBeGreaterThanOrEqual(timer.created_at.getTime());
        expect(timer.started_at.getTime(), label).toBeLessThanOrEqual(now.getTime());
        if (timer.stopped_at) expect(timer.stopped_at.getTime(), label).toBeLessThanOrEqual(now.getTime());
        expect(subjects[timer.subject_kind].has(timer.subject_id), label).toBe(true);
      }
      const states = new Set(
        timers.map(
          (r) =>
            storedSlaState(
              { status: r.status, dueAt: r.due_at, atRiskAt: r.at_risk_at, pausedAt: r.paused_at, stoppedAt: r.stopped_at },
              now,
            ).state,
        ),
      );
      for (const state of ["breached", "on_track", "paused", "met"] as const) expect(states, state).toContain(state);
      const pause = await t.db
        .selectFrom("sla_timer_pauses")
        .select(["kind", "reason", "from_at"])
        .where("kind", "=", "manual")
        .executeTakeFirstOrThrow();
      expect(pause.from_at.getTime()).toBeLessThan(now.getTime());
    });

    it("opens the schedules on something real whatever the day: the next assessments, a working week with room to book, the agency's meetings", async () => {
      const employee = (await login(t.app, "employee")).cookie;
      // Assessment Schedules opens on today; an empty day names the next day with assessments.
      const upcoming = await asThen(() =>
        trpc<{ items: BookingItem[] }>(t.app, employee, "bookings.list", { from: addDays(today, 1), to: addDays(today, 90), limit: 100 }),
      );
      const live = upcoming.data.items.filter((b) => b.status !== "cancelled" && b.status !== "rescheduled");
      expect(live.length).toBeGreaterThan(0);
      // Consultant Availability opens on this working week, or the next at a weekend or after hours: room to book, none of it past.
      const weekStart = openingWorkWeek(now);
      expect(weekStart >= monday).toBe(true);
      const week = await asThen(() =>
        trpc<{ days: { date: string; free: number }[] }[]>(t.app, employee, "availability.week", { weekStart }),
      );
      expect(week.status, week.error?.message).toBe(200);
      const days = week.data.flatMap((row) => row.days);
      expect(days.some((d) => d.free > 0)).toBe(true);
      expect(days.filter((d) => d.date < today && d.free > 0)).toEqual([]);
      // At a weekend, on a holiday or after hours, the week holds a working day still to come.
      if (!isWorkday(today) || sastTime(now) >= "17:00") expect(days.some((d) => d.date > today && d.free > 0)).toBe(true);
      // Video Conferences opens for staff on the agency's meetings still to come.
      const meetings = await asThen(() => trpc<{ startsAt: string }[]>(t.app, employee, "meetings.list", { when: "upcoming", all: true }));
      expect(meetings.data.some((m) => new Date(m.startsAt) > now)).toBe(true);
    });

    it("leaves every demo user unread notifications, and the demo attorney more than nine", async () => {
      for (const username of DEMO_USERNAMES) {
        const row = await t.db
          .selectFrom("notifications")
          .innerJoin("users", "users.id", "notifications.user_id")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("users.username", "=", username)
          .where("notifications.read", "=", false)
          .executeTakeFirstOrThrow();
        expect(Number(row.n), username).toBeGreaterThan(username === "attorney" ? 9 : 0);
      }
    });

    it("gives every demo user conversations with read and unread messages, and the badge a real count", async () => {
      for (const username of DEMO_USERNAMES) {
        const { cookie } = await login(t.app, username);
        const badge = await asThen(() => t.app.inject({ method: "GET", url: "/api/messages/unread", headers: { cookie } }));
        expect(badge.json().count, username).toBeGreaterThan(0);
        const threads = await asThen(() =>
          trpc<{ items: { unreadCount: number; lastMessage: unknown }[] }>(t.app, cookie, "messages.threads", {}),
        );
        expect(threads.status, threads.error?.message).toBe(200);
        expect(
          threads.data.items.some((th) => th.unreadCount > 0),
          username,
        ).toBe(true);
        // Something read too: a thread whose messages are not all unread for this user.
        const read = await t.db
          .selectFrom("messages as m")
          .innerJoin("thread_participants as p", "p.thread_id", "m.thread_id")
          .innerJoin("users as u", "u.id", "p.user_id")
          .select("m.id")
          .where("u.username", "=", username)
          .whereRef("m.sender_id", "<>", "u.id")
          .whereRef("m.created_at", "<=", "p.last_read_at")
          .executeTakeFirst();
        expect(read, username).toBeDefined();
      }
    });

    it("holds payments that add up, and gives the money screens something real to show", async () => {
      // Each invoice's paid sum is what live (unreversed) payments set against it; no payment is allocated past its amount.
      const live = await t.db
        .selectFrom("payment_allocations")
        .innerJoin("payments", "payments.id", "payment_allocations.payment_id")
        .select([
          "payment_allocations.invoice_id",
          "payment_allocations.payment_id",
          "payment_allocations.amount_cents",
          "payments.amount_cents as payment_cents",
          "payments.reversed_at",
        ])
        .execute();
      for (const invoice of await t.db
        .selectFrom("invoices")
        .select(["id", "number", "paid_cents", "status", "total_cents", "credited_cents"])
        .execute()) {
        const paid = live.filter((a) => a.invoice_id === invoice.id && !a.reversed_at).reduce((sum, a) => sum + Number(a.amount_cents), 0);
        expect(Number(invoice.paid_cents), invoice.number ?? invoice.id).toBe(paid);
        if (invoice.status === "paid")
          expect(Number(invoice.paid_cents) + Number(invoice.credited_cents)).toBe(Number(invoice.total_cents));
      }
      const byPayment = new Map<string, number>();
      for (const a of live) byPayment.set(a.payment_id, (byPayment.get(a.payment_id) ?? 0) + Number(a.amount_cents));
      for (const a of live) expect(byPayment.get(a.payment_id)!).toBeLessThanOrEqual(Number(a.payment_cents));
      // Paid and partly paid invoices, a reversed payment, credit left on an account, proofs in every state.
      const statuses = new Set((await t.db.selectFrom("invoices").select("status").execute()).map((i) => i.status));
      for (const status of ["paid", "partially_paid"]) expect(statuses, status).toContain(status);
      const payments = await t.db.selectFrom("payments").selectAll().execute();
      expect(payments.some((p) => p.reversed_at !== null)).toBe(true);
      expect(payments.some((p) => !p.reversed_at && Number(p.amount_cents) > (byPayment.get(p.id) ?? 0))).toBe(true);
      expect(payments.every((p) => p.received_on <= today)).toBe(true);
      const proofs = new Set((await t.db.selectFrom("payment_proofs").select("status").execute()).map((p) => p.status));
      expect([...proofs].sort()).toEqual(["matched", "rejected", "uploaded"]);
    });

    it("holds an overdue invoice whose attorney was reminded, and unbilled work for the demo expert's invoice generator", async () => {
      const overdue = await t.db
        .selectFrom("invoices")
        .select(["id", "attorney_id", "due_date", "number"])
        .where("status", "=", "overdue")
        .execute();
      expect(overdue.length).toBeGreaterThan(0);
      for (const invoice of overdue) expect(invoice.due_date! < today, invoice.number!).toBe(true);
      // Nothing past due is left unswept, and every reminder sent reached the attorney's bell.
      // (A deferred invoice stays out of "overdue" until its case's long-stop: issue 29.)
      const unswept = await t.db
        .selectFrom("invoices")
        .select("number")
        .where("status", "in", ["issued", "partially_paid"])
        .where("due_date", "<", today)
        .where(sql<SqlBool>`NOT ${stillDeferred(today)}`)
        .execute();
      expect(unswept).toEqual([]);
      const reminders = await t.db
        .selectFrom("invoice_reminders")
        .innerJoin("invoices", "invoices.id", "invoice_reminders.invoice_id")
        .select(["invoices.id", "invoices.attorney_id", "invoices.number"])
        .where("invoice_reminders.notified", "=", true)
        .execute();
      expect(reminders.length).toBeGreaterThan(0);
      for (const r of reminders) {
        const bell = await t.db
          .selectFrom("notifications")
          .select("id")
          .where("user_id", "=", r.attorney_id!)
          .where("type", "=", "payment_reminder")
          .where("link", "=", `/invoices/${r.id}`)
          .execute();
        expect(bell.length, r.number!).toBeGreaterThan(0);
      }

      // The generator opens on the last 90 days: an expert has priced work there to invoice (the
      // demo expert Dr Venter always: the seed bills only their older work).
      const cookie = (await login(t.app, "employee")).cookie;
      const venter = await t.db.selectFrom("users").select("id").where("username", "=", "dr_venter").executeTakeFirstOrThrow();
      const work = await asThen(() =>
        trpc<{ eventKey: string; unitPriceCents: number | null }[]>(t.app, cookie, "invoices.listUnbilled", {
          consultantId: venter.id,
          from: addDays(today, -90),
          to: today,
        }),
      );
      expect(work.status, work.error?.message).toBe(200);
      expect(work.data.filter((w) => w.unitPriceCents !== null).length).toBeGreaterThan(0);
      // The demo expert opens the generator on an approved report of theirs.
      const consultant = (await login(t.app, "consultant")).cookie;
      const own = await asThen(() =>
        trpc<{ kind: string; unitPriceCents: number | null }[]>(t.app, consultant, "invoices.listUnbilled", {
          from: addDays(today, -90),
          to: today,
        }),
      );
      expect(own.data.filter((w) => w.unitPriceCents !== null).length).toBeGreaterThan(0);
    });

    it("lets every demo user sign in, and opens this week's schedules on real work for each role", async () => {
      const week = { from: monday, to: addDays(monday, 6), limit: 100 };
      const cookies: Record<string, string> = {};
      for (const username of DEMO_USERNAMES) {
        const { response, cookie } = await login(t.app, username);
        expect(response.statusCode, username).toBe(200);
        cookies[username] = cookie;
      }
      // Assessment Schedules and Booking Management (staff), My Bookings (attorney and consultant).
      for (const username of ["employee", "admin", "attorney", "consultant"]) {
        const answer = await asThen(() => trpc<{ items: BookingItem[] }>(t.app, cookies[username]!, "bookings.list", week));
        expect(answer.data.items.length, username).toBeGreaterThan(0);
      }
      const roster = await asThen(() =>
        trpc<unknown[]>(t.app, cookies.employee!, "rosters.list", { from: monday, to: addDays(monday, 13) }),
      );
      expect(roster.data.length).toBeGreaterThan(0);
    });

    it("puts the court's clock on real matters: amber in three weeks with a court order, green in four months, red and too close, a stale report (amber) and an unlodged RAF claim", async () => {
      const attorney = (await login(t.app, "attorney")).cookie;
      const employee = (await login(t.app, "employee")).cookie;
      const cases = await t.db
        .selectFrom("cases")
        .innerJoin("patients", "patients.id", "cases.patient_id")
        .select(["cases.id", "patients.last_name", "cases.trial_date"])
        .execute();
      const clockOf = async (lastName: string) => {
        const id = cases.find((c) => c.last_name === lastName)!.id;
        const answer = await asThen(() => trpc<CourtClockView>(t.app, employee, "courtClock.get", { caseId: id }));
        expect(answer.status, answer.error?.message).toBe(200);
        return answer.data;
      };
      const botha = await clockOf("Botha");
      expect(botha.readiness?.level, botha.readiness?.reasons.join(" | ")).toBe("amber");
      expect(botha.trialDaysLeft! >= 21 && botha.trialDaysLeft! <= 24).toBe(true);
      expect(botha.orders.map((o) => o.kind)).toContain("joint_minutes_due");
      expect(botha.disciplines.some((d) => d.plan.some((s) => s.step === "joint_minute" && s.source === "court_order"))).toBe(true);
      const petersen = await clockOf("Petersen");
      expect(petersen.readiness?.level, petersen.readiness?.reasons.join(" | ")).toBe("green");
      const red = await clockOf("Mahlangu");
      expect(red.readiness).toMatchObject({ level: "red" });
      // Instructed only yesterday: its first dates had passed already, so it says the trial is too close and what to do.
      expect(red.readiness!.reasons[0]).toContain("The trial is too close for the usual plan: latest assessment was due on ");
      const govender = await clockOf("Govender");
      expect(govender.disciplines.some((d) => d.staleReport?.flag === "Needs an addendum")).toBe(true);
      // A report stale at the trial is never green beside its flag.
      expect(govender.readiness?.level).toBe("amber");
      const mabaso = await clockOf("Mabaso");
      expect(mabaso.statutory[0]).toMatchObject({ kind: "raf_lodgement", done: false });
      expect(mabaso.statutory[0]!.warning).toMatch(/days left/);
      // The attorney sees the matters of theirs on the clock; every trial lies ahead of first start.
      expect(
        (await asThen(() => trpc(t.app, attorney, "courtClock.get", { caseId: cases.find((c) => c.last_name === "Mabaso")!.id }))).status,
      ).toBe(200);
      expect(cases.filter((c) => c.trial_date).every((c) => c.trial_date! > today)).toBe(true);
    });

    it("offers a sample bank statement whose lines pay real demo invoices exactly", async () => {
      const admin = (await login(t.app, "admin")).cookie;
      const sample = await asThen(() =>
        t.app.inject({ method: "GET", url: "/api/bank-statements/sample.csv", headers: { cookie: admin } }),
      );
      expect(sample.statusCode, sample.body).toBe(200);
      const preview = await asThen(() =>
        trpc<StatementPreview>(t.app, admin, "bankStatements.preview", { bank: "fnb", fileName: "sample.csv", content: sample.body }),
      );
      expect(preview.status, preview.error?.message).toBe(200);
      expect(preview.data.lines.filter((l) => l.match.kind === "exact").length).toBeGreaterThanOrEqual(2);
      expect(preview.data.lines.filter((l) => l.match.kind === "none")).toHaveLength(1);
    });

    it("has deferred matters at each stage (agreement only, settled, taxed, paid, past long-stop) and a forecast that is not empty", async () => {
      const admin = (await login(t.app, "admin")).cookie;
      const agreements = await t.db.selectFrom("deferral_agreements").select("case_id").execute();
      const views = await Promise.all(
        agreements.map(
          async (a) => (await asThen(() => trpc<CaseBillingView>(t.app, admin, "receivables.caseBilling", { caseId: a.case_id }))).data,
        ),
      );
      const stage = (v: CaseBillingView) =>
        v.totals.pastLongStopCents > 0 ? "past_long_stop" : (v.events.map((e) => e.kind).pop() ?? "agreement");
      expect(views.map(stage).sort()).toEqual(["agreement", "order", "past_long_stop", "raf_paid", "taxed"]);
      // Each case's latest expectation that had passed was reminded before first start, once per case (issue 37).
      const latest = views.map((v) => v.events.at(-1)).filter((e) => e !== undefined && e.expectedOn < today);
      expect(latest.length).toBeGreaterThan(0);
      expect(latest.filter((e) => !e!.reminded)).toEqual([]);
      const overview = await asThen(() => trpc<ReceivablesOverview>(t.app, admin, "receivables.overview"));
      expect(overview.status, overview.error?.message).toBe(200);
      expect(overview.data.months.filter((m) => m.deferredCents > 0).length).toBeGreaterThan(0);
      expect(overview.data.months.slice(1).some((m) => m.deferredCents + m.dueCents > 0)).toBe(true);
      expect(overview.data.totals.interestCents).toBeGreaterThan(0);
    });

    it("has a RAF 4 the RAF rejected 80 days ago: on its attorney's case page, released, with the RAF 5 clock at 10 days left", async () => {
      const rejected = await t.db
        .selectFrom("raf4_assessments")
        .innerJoin("reports", "reports.id", "raf4_assessments.report_id")
        .innerJoin("users", "users.id", "reports.attorney_id")
        .select(["reports.id", "reports.case_id", "reports.released_at", "users.username", "raf4_assessments.raf_outcome_date"])
        .where("raf4_assessments.raf_outcome", "=", "rejected")
        .execute();
      expect(rejected).toHaveLength(1);
      const r = rejected[0]!;
      expect(r.raf_outcome_date).toBe(addDays(today, -80));
      expect(sastDate(r.released_at!) < r.raf_outcome_date!).toBe(true);
      const attorney = (await login(t.app, r.username)).cookie;
      const listed = await asThen(() => trpc<Raf4CaseView>(t.app, attorney, "raf4.forCase", { caseId: r.case_id }));
      expect(listed.status, listed.error?.message).toBe(200);
      expect(listed.data.items.find((x) => x.reportId === r.id)).toMatchObject({
        statusLabel: "Released",
        serious: true,
        outcome: { outcome: "rejected" },
        raf5: { daysLeft: 10 },
      });
      const timer = await t.db
        .selectFrom("sla_timers")
        .select("status")
        .where("policy", "=", "raf5_dispute")
        .where("subject_id", "=", r.id)
        .executeTakeFirstOrThrow();
      expect(timer.status).toBe("open");
    });

    it("has a claimant's day: three disciplines one morning at one venue, with a taxi and an interpreter on the day sheet", async () => {
      const employee = (await login(t.app, "employee")).cookie;
      const day = await t.db
        .selectFrom("bookings")
        .innerJoin("patients", "patients.id", "bookings.patient_id")
        .leftJoin("booking_logistics", "booking_logistics.booking_id", "bookings.id")
        .select([
          "bookings.reference",
          "bookings.starts_at",
          "bookings.venue",
          "bookings.specialization_id",
          "booking_logistics.transport",
          "booking_logistics.interpreter_name",
          "booking_logistics.transport_cents",
        ])
        .where("patients.last_name", "=", "Mokoena")
        .where("bookings.status", "=", "confirmed")
        .orderBy("bookings.starts_at")
        .execute();
      expect(day).toHaveLength(3);
      expect(new Set(day.map((b) => sastDate(b.starts_at))).size).toBe(1);
      expect(new Set(day.map((b) => b.specialization_id)).size).toBe(3);
      expect(day.every((b) => b.transport === "taxi" && b.interpreter_name === "Mpho Ledwaba")).toBe(true);
      // The day's costs sit on the first booking only, so the attorney is billed once.
      expect(day.map((b) => b.transport_cents)).toEqual([180_000, null, null]);
      const sheet = await asThen(() =>
        trpc<{ arrivals: { reference: string; pickupPoint: string | null; interpreterName: string | null }[] }>(
          t.app,
          employee,
          "logistics.daySheet",
          { day: sastDate(day[0]!.starts_at), venue: day[0]!.venue },
        ),
      );
      expect(sheet.status, sheet.error?.message).toBe(200);
      const mine = sheet.data.arrivals.filter((a) => day.some((b) => b.reference === a.reference));
      expect(mine).toHaveLength(3);
      expect(mine.every((a) => a.pickupPoint && a.interpreterName === "Mpho Ledwaba")).toBe(true);
      // Mpho has an account (the demo's interpreter login): the day's three bookings are under My Interpreting.
      const interpreter = (await login(t.app, "interpreter")).cookie;
      const interpreting = await asThen(() =>
        trpc<{ reference: string }[]>(t.app, interpreter, "interpreting.myBookings", { when: "upcoming" }),
      );
      expect(interpreting.status, interpreting.error?.message).toBe(200);
      expect(interpreting.data.map((b) => b.reference).sort()).toEqual(day.map((b) => b.reference).sort());
    });

    it("has a report waiting for the disciplines it depends on, its timer paused with the reason in words", async () => {
      const waiting = await t.db
        .selectFrom("sla_timers")
        .innerJoin("reports", "reports.id", "sla_timers.subject_id")
        .select(["sla_timers.pause_reason", "reports.query_id"])
        .where("sla_timers.policy", "=", "report_delivery")
        .where("sla_timers.status", "=", "open")
        .where("sla_timers.pause_kind", "=", "waiting")
        .execute();
      expect(waiting.length).toBeGreaterThan(0);
      expect(waiting[0]!.pause_reason).toMatch(/^Waiting for the .+ reports?$/);
    });

    it("has a joint minute in progress (both views written, the guest link live) and one signed by both experts, released to the attorney", async () => {
      const employee = (await login(t.app, "employee")).cookie;
      const rows = await t.db.selectFrom("joint_minutes").select(["id", "frozen_at"]).orderBy("created_at").execute();
      const views = await Promise.all(
        rows.map(async (r) => (await asThen(() => trpc<JointMinute>(t.app, employee, "jointMinutes.get", { id: r.id }))).data),
      );
      const signed = views.find((v) => v.frozen)!;
      expect(signed.signatures.map((s) => s.party).sort()).toEqual(["opposing", "ours"]);
      expect(signed.releasedAt).not.toBeNull();
      expect(signed.issues.some((i) => i.status === "agreed" && i.ourView && i.opposingView)).toBe(true);
      const open = views.find((v) => !v.frozen)!;
      expect(open.versions.map((v) => v.party)).toEqual(["opposing", "ours"]);
      expect(open.guestLink?.revoked).toBe(false);
      expect(open.signatures).toEqual([]);
    });

    it("has the past assessments' reminders sent before each one, only to claimants who had agreed, so attendance per channel compares SMS, WhatsApp and none", async () => {
      const sent = await t.db
        .selectFrom("claimant_messages as m")
        .innerJoin("patients as p", "p.id", "m.patient_id")
        .innerJoin("bookings as b", "b.id", "m.booking_id")
        .select([
          "m.channel",
          "m.sent_at",
          "m.created_at",
          "m.text",
          "p.message_consent_at",
          "p.message_channel",
          "b.starts_at",
          "b.mode",
          "b.reference",
        ])
        .where("m.sent_at", "is not", null)
        .execute();
      expect(sent.length).toBeGreaterThan(0);
      for (const m of sent) {
        expect(m.mode).toBe("in_person");
        expect(m.message_consent_at!.getTime()).toBeLessThanOrEqual(m.created_at.getTime());
        expect(m.sent_at!.getTime()).toBeLessThan(m.starts_at.getTime());
        expect(m.channel).toBe(m.message_channel);
        expect(m.text).toContain(m.reference);
      }
      const admin = (await login(t.app, "admin")).cookie;
      const figures = await trpc<{ channels: { channel: string; attended: number; noShows: number }[] }>(t.app, admin, "sla.attendance", {
        months: 24,
      });
      expect(figures.status, figures.error?.message).toBe(200);
      const channels = figures.data.channels
        .filter((c) => c.attended + c.noShows > 0)
        .map((c) => c.channel)
        .sort();
      expect(channels).toEqual(["none", "sms", "whatsapp"]);
    });

    it("gives the demo matters the attorney's own file reference in the firm's style, and the lists find a matter by it", async () => {
      const cases = await t.db
        .selectFrom("cases")
        .innerJoin("users", "users.id", "cases.attorney_id")
        .select(["cases.attorney_reference", "users.username"])
        .execute();
      for (const c of cases) {
        // The rule: trimmed, at most 60 characters; the demo writes them as firm/claim/number.
        expect(c.attorney_reference, c.username).toMatch(/^(VDM|DUBE|BOTHA)\/[A-Z]+\/\d{4}$/);
      }
      const attorney = (await login(t.app, "attorney")).cookie;
      const found = await asThen(() =>
        trpc<{ patientName: string; attorneyReference: string }[]>(t.app, attorney, "cases.list", { search: "vdm raf 0412" }),
      );
      expect(found.data.map((c) => [c.patientName, c.attorneyReference])).toEqual([["Sibusiso Khumalo", "VDM/RAF/0412"]]);
      const queries = await asThen(() =>
        trpc<{ items: { patientName: string }[] }>(t.app, attorney, "queries.list", { search: "VDM/RAF/0412" }),
      );
      expect(queries.data.items.map((q) => q.patientName)).toEqual(["Sibusiso Khumalo"]);
    });
  },
);
