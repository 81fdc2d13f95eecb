import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { sql } from "kysely";
import { pgError, testDialects } from "@medlegal/db/testing";
import type { BookingItem, QueryDetail, Slot } from "@medlegal/domain";
import { addDays, isoWeekday, sastDate, sastToUtc } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

describe.each(testDialects())("availability and bookings on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"attorney" | "nomsa" | "employee" | "consultant" | "dr_naidoo" | "ot_smith", string>;
  let ids: Record<string, string>;
  let specializationOf: Record<string, string>;
  const today = sastDate(new Date());
  // A Tuesday at least a week ahead, clear of the demo bookings.
  const tuesday = addDays(today, 8 - isoWeekday(today) + 7 + 1);
  // Tests that book ot_smith each take their own later Tuesday, so none sees another's bookings.
  const tuesdayAfter = (weeks: number) => addDays(tuesday, 7 * weeks);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["attorney", "nomsa", "employee", "consultant", "dr_naidoo", "ot_smith"] as const)
      c[name] = (await login(t.app, name)).cookie;
    const users = await t.db.selectFrom("users").select(["id", "username", "specialization_id"]).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
    specializationOf = Object.fromEntries(users.map((u) => [u.username, u.specialization_id ?? ""]));
    // The orthopaedic surgeon accepts the Khumalo query too, so both its experts can be booked.
    const proposed = await t.db
      .selectFrom("consultant_assignments")
      .select("id")
      .where("query_id", "=", (await queryOf("Khumalo")).id)
      .where("consultant_id", "=", ids.consultant!)
      .where("status", "=", "proposed")
      .executeTakeFirstOrThrow();
    expect((await trpc(t.app, c.consultant, "assignments.respond", { id: proposed.id, accept: true })).status).toBe(200);
  });
  afterAll(() => t.close());

  const queryOf = (lastName: string) =>
    t.db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .innerJoin("patients", "patients.id", "cases.patient_id")
      .select(["queries.id", "queries.reference"])
      .where("patients.last_name", "=", lastName)
      .executeTakeFirstOrThrow();
  const at = (day: string, time: string) => sastToUtc(day, time).toISOString();

  /** ot_smith works Tuesday mornings (three hourly slots) at her rooms, two assessments a day. */
  async function otSmithWorksTuesdayMornings() {
    const saved = await trpc(t.app, c.ot_smith, "availability.setWeekly", {
      dailyCapacity: 2,
      days: [{ weekday: 2, ranges: [{ start: "09:00", end: "12:00", venue: "8 Kloof Street, Cape Town", mode: "in_person" }] }],
    });
    expect(saved.status).toBe(200);
  }

  /** The demo attorney asks for ot_smith for Sibusiso Khumalo at `time` on `day`. */
  async function bookOtSmith(day: string, time: string) {
    const khumalo = await queryOf("Khumalo");
    return trpc<BookingItem>(t.app, c.attorney, "bookings.create", {
      queryId: khumalo.id,
      consultantId: ids.ot_smith,
      startsAt: at(day, time),
    });
  }

  it("lets a consultant set their week, a day off and their capacity, and computes slots from them", async () => {
    await otSmithWorksTuesdayMornings();
    const slots = await trpc<Slot[]>(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.ot_smith, from: tuesday, to: tuesday });
    expect(slots.data.map((s) => s.startsAt)).toEqual([at(tuesday, "09:00"), at(tuesday, "10:00"), at(tuesday, "11:00")]);
    await trpc(t.app, c.ot_smith, "availability.setOverride", { date: tuesday, unavailable: true, note: "Conference" });
    expect(
      (await trpc<Slot[]>(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.ot_smith, from: tuesday, to: tuesday })).data,
    ).toEqual([]);
    await trpc(t.app, c.ot_smith, "availability.removeOverride", { date: tuesday });

    const overlapping = await trpc(t.app, c.ot_smith, "availability.setWeekly", {
      dailyCapacity: 2,
      days: [
        {
          weekday: 2,
          ranges: [
            { start: "09:00", end: "12:00", venue: "A", mode: "in_person" },
            { start: "11:00", end: "13:00", venue: "B", mode: "in_person" },
          ],
        },
      ],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.error?.message).toBe("Tuesday's time ranges overlap");
    // A date's other hours may not overlap either: refused, and the weekly hours stay.
    const overlappingDay = await trpc(t.app, c.ot_smith, "availability.setOverride", {
      date: tuesday,
      unavailable: false,
      ranges: [
        { start: "09:00", end: "12:00", venue: "A", mode: "in_person" },
        { start: "11:00", end: "13:00", venue: "B", mode: "in_person" },
      ],
    });
    expect(overlappingDay.status).toBe(400);
    expect(overlappingDay.error?.message).toBe("These time ranges overlap");
    expect(
      (await trpc<Slot[]>(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.ot_smith, from: tuesday, to: tuesday })).data,
    ).toHaveLength(3);
    const tooMany = await trpc(t.app, c.ot_smith, "availability.setWeekly", { dailyCapacity: 21, days: [] });
    expect(tooMany.error?.message).toBe("At most 20 assessments a day");
    // A consultant cannot touch another consultant's availability.
    expect((await trpc(t.app, c.ot_smith, "availability.get", { consultantId: ids.dr_naidoo })).status).toBe(404);
  });

  it("books a free slot for the attorney's own case, and refuses bad times with clear 400s", async () => {
    await otSmithWorksTuesdayMornings();
    const day = tuesdayAfter(1);
    const khumalo = await queryOf("Khumalo");
    const base = { queryId: khumalo.id, consultantId: ids.ot_smith };
    const outside = await trpc(t.app, c.attorney, "bookings.create", { ...base, startsAt: at(day, "14:00") });
    expect(outside.status).toBe(400);
    expect(outside.error?.message).toBe("That time is outside the consultant's availability; please choose a listed slot.");
    const pastTime = await trpc(t.app, c.attorney, "bookings.create", { ...base, startsAt: at(addDays(today, -1), "09:00") });
    expect(pastTime.error?.message).toBe("Choose a time in the future.");
    const backwards = await trpc(t.app, c.attorney, "bookings.create", { ...base, startsAt: at(day, "10:00"), endsAt: at(day, "09:00") });
    expect(backwards.error?.message).toBe("A booking must end after it starts.");
    const notOnQuery = await trpc(t.app, c.attorney, "bookings.create", {
      ...base,
      consultantId: ids.dr_naidoo,
      startsAt: at(day, "09:00"),
    });
    expect(notOnQuery.status).toBe(409);
    expect(notOnQuery.error?.message).toBe("That expert has not accepted this query; book one of the experts who accepted it.");
    const foreign = await trpc(t.app, c.nomsa, "bookings.create", { ...base, startsAt: at(day, "09:00") });
    expect(foreign.status).toBe(404);

    const booked = await trpc<BookingItem>(t.app, c.attorney, "bookings.create", {
      ...base,
      startsAt: at(day, "09:00"),
      note: "Interpreter needed",
    });
    expect(booked.status).toBe(200);
    expect(booked.data).toMatchObject({
      status: "requested",
      venue: "8 Kloof Street, Cape Town",
      mode: "in_person",
      patientName: "Sibusiso Khumalo",
      note: "Interpreter needed",
    });
    expect(booked.data.reference).toMatch(/^BK-\d{4}-\d{5}$/);
    expect(booked.data.queryReference).not.toBeNull();
    const slots = await trpc<Slot[]>(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.ot_smith, from: day, to: day });
    expect(slots.data.map((s) => s.startsAt)).toEqual([at(day, "10:00"), at(day, "11:00")]);
    // The consultant and nobody else of the other side sees it.
    expect((await trpc(t.app, c.ot_smith, "bookings.get", { id: booked.data.id })).status).toBe(200);
    expect((await trpc(t.app, c.nomsa, "bookings.get", { id: booked.data.id })).status).toBe(404);
    expect((await trpc(t.app, c.dr_naidoo, "bookings.get", { id: booked.data.id })).status).toBe(404);
  });

  it("needs the claimant's consent before booking", async () => {
    const mahlangu = await queryOf("Mahlangu");
    const answer = await trpc(t.app, c.attorney, "bookings.create", {
      queryId: mahlangu.id,
      consultantId: ids.consultant,
      startsAt: at(tuesday, "09:00"),
    });
    expect(answer.status).toBe(400);
    expect(answer.error?.message).toBe("Record the date the claimant's consent was received before booking an assessment.");
  });

  it("takes a child's consent from their competent person, not from the child (POPIA sections 34-35)", async () => {
    const mahlangu = await queryOf("Mahlangu");
    const patientId = (
      await t.db
        .selectFrom("cases")
        .innerJoin("queries", "queries.case_id", "cases.id")
        .select("cases.patient_id")
        .where("queries.id", "=", mahlangu.id)
        .executeTakeFirstOrThrow()
    ).patient_id;
    // The claimant as the seed left her comes back after this test: another test needs her without consent.
    const seeded = await t.db
      .selectFrom("patients")
      .select(["birth_date", "id_number", "passport_number", "consent_received_at", "competent_person"])
      .where("id", "=", patientId)
      .executeTakeFirstOrThrow();
    onTestFinished(async () => {
      const competentPerson = seeded.competent_person === null ? null : JSON.stringify(seeded.competent_person);
      await t.db
        .updateTable("patients")
        .set({ ...seeded, competent_person: competentPerson })
        .where("id", "=", patientId)
        .execute();
    });
    // A 12-year-old with a passport, whose own consent date is on record.
    await t.db
      .updateTable("patients")
      .set({ birth_date: addDays(today, -12 * 365), id_number: null, passport_number: "P9988776", consent_received_at: today })
      .where("id", "=", patientId)
      .execute();
    const book = () =>
      trpc(t.app, c.attorney, "bookings.create", { queryId: mahlangu.id, consultantId: ids.consultant, startsAt: at(tuesday, "09:00") });
    const refused = await book();
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(
      "This claimant is under 18 or needs a curator: record the competent person (parent, guardian or curator) and the date they consented before booking an assessment.",
    );

    const saved = (await trpc<Record<string, unknown>>(t.app, c.attorney, "patients.get", { id: patientId })).data;
    const { id: _id, attorneyId: _a, attorneyName: _n, casesCount: _c, createdAt: _t, ...read } = saved;
    // The form's fields: what the claimant lacks is left out rather than sent as null.
    const fields = Object.fromEntries(Object.entries(read).filter(([, value]) => value !== null));
    const guardian = {
      name: "Thandeka Mahlangu",
      relationship: "Mother",
      identityNumber: "P5566778",
      phone: "082 555 0199",
      email: "thandeka@example.org",
      consentOn: "",
    };
    // Recorded without a consent date: still refused.
    const noDate = await trpc(t.app, c.attorney, "patients.update", { id: patientId, ...fields, competentPerson: guardian });
    expect(noDate.status, noDate.error?.message).toBe(200);
    expect((await book()).error?.message).toBe(refused.error?.message);
    const updated = await trpc<{ competentPerson: unknown; needsCurator: boolean }>(t.app, c.attorney, "patients.update", {
      id: patientId,
      ...fields,
      competentPerson: { ...guardian, consentOn: today },
    });
    expect(updated.data.competentPerson).toEqual({ ...guardian, consentOn: today });
    const afterConsent = await book();
    expect(afterConsent.error?.message ?? "").not.toMatch(/consent/);

    // An update from a form that does not show the competent person keeps it.
    const { competentPerson: _p, needsCurator: _cur, ...withoutThem } = fields;
    await trpc(t.app, c.attorney, "patients.update", { id: patientId, ...withoutThem, address: "3 Vilakazi Street, Soweto" });
    expect((await trpc<{ competentPerson: unknown }>(t.app, c.attorney, "patients.get", { id: patientId })).data.competentPerson).toEqual({
      ...guardian,
      consentOn: today,
    });
  });

  it("holds the day's capacity", async () => {
    await otSmithWorksTuesdayMornings();
    const day = tuesdayAfter(2);
    // Capacity 2: the third assessment of the day is refused although its slot is free.
    expect((await bookOtSmith(day, "09:00")).status).toBe(200);
    expect((await bookOtSmith(day, "10:00")).status).toBe(200);
    const third = await bookOtSmith(day, "11:00");
    expect(third.status).toBe(409);
    expect(third.error?.message).toBe("That consultant's day is fully booked; please choose another day.");
    expect((await trpc<Slot[]>(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.ot_smith, from: day, to: day })).data).toEqual(
      [],
    );
  });

  it("lets exactly one of 50 simultaneous requests for one slot succeed; the others get 409", async () => {
    const khumalo = await queryOf("Khumalo");
    const wednesday = addDays(tuesday, 1);
    const request = () =>
      trpc(t.app, c.attorney, "bookings.create", { queryId: khumalo.id, consultantId: ids.consultant, startsAt: at(wednesday, "11:00") });
    const answers = await Promise.all(Array.from({ length: 50 }, request));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.error?.message))).toEqual(
      new Set(["That time slot has just been taken; please choose another."]),
    );
    const live = await t.db
      .selectFrom("bookings")
      .select(sql<number>`count(*)`.as("n"))
      .where("consultant_id", "=", ids.consultant!)
      .where("starts_at", "=", new Date(at(wednesday, "11:00")))
      .where("status", "in", ["requested", "confirmed"])
      .executeTakeFirstOrThrow();
    expect(live.n).toBe(1);
  });

  it("is guarded by the database itself: an overlapping live booking is refused by the exclusion constraint", async () => {
    const existing = await t.db
      .selectFrom("bookings")
      .selectAll()
      .where("status", "=", "confirmed")
      .where("starts_at", ">", new Date())
      .executeTakeFirstOrThrow();
    const { id: _id, reference: _r, created_at: _c, updated_at: _u, ...copy } = existing;
    await expect(
      t.db
        .insertInto("bookings")
        .values({
          ...copy,
          reference: "BK-TEST-1",
          status: "requested",
          starts_at: new Date(existing.starts_at.getTime() + 30 * 60_000),
          ends_at: new Date(existing.ends_at.getTime() + 30 * 60_000),
        })
        .execute(),
    ).rejects.toMatchObject(pgError("exclusion_violation", { constraint: "bookings_no_overlap" }));
    // A cancelled copy does not count.
    await t.db
      .insertInto("bookings")
      .values({ ...copy, reference: "BK-TEST-2", status: "cancelled" })
      .execute();
  });

  it("confirms (moving the query to scheduled), reschedules keeping the old one linked, and cancels with a class", async () => {
    const khumalo = await queryOf("Khumalo");
    const thursday = addDays(tuesday, 2);
    const booking = await trpc<BookingItem>(t.app, c.attorney, "bookings.create", {
      queryId: khumalo.id,
      consultantId: ids.consultant,
      startsAt: at(thursday, "09:00"),
    });
    expect(booking.data).toMatchObject({
      queryId: khumalo.id,
      queryReference: khumalo.reference,
      specializationId: specializationOf.consultant,
    });
    await otSmithWorksTuesdayMornings();
    const otDay = tuesdayAfter(3);
    const requested = await bookOtSmith(otDay, "09:00");
    const ot = await trpc<{ items: BookingItem[] }>(t.app, c.employee, "bookings.list", {
      consultantId: ids.ot_smith,
      status: "requested",
      from: otDay,
      to: otDay,
    });
    expect(ot.data.items.map((b) => b.id)).toEqual([requested.data.id]);
    const first = requested.data;
    const query = await trpc<QueryDetail>(t.app, c.employee, "queries.get", { id: first.queryId });
    expect(query.data.status).toBe("assigning");
    expect((await trpc(t.app, c.attorney, "bookings.confirm", { id: first.id })).status).toBe(403);
    const confirmed = await trpc<BookingItem>(t.app, c.employee, "bookings.confirm", { id: first.id });
    expect(confirmed.data.status).toBe("confirmed");
    expect((await trpc<QueryDetail>(t.app, c.employee, "queries.get", { id: first.queryId })).data.status).toBe("scheduled");
    const attorneyNote = await t.db
      .selectFrom("notifications")
      .select("title")
      .where("user_id", "=", ids.attorney!)
      .where("title", "=", "Assessment confirmed: Sibusiso Khumalo")
      .executeTakeFirst();
    expect(attorneyNote).toBeDefined();

    const moved = await trpc<BookingItem>(t.app, c.attorney, "bookings.reschedule", {
      id: booking.data.id,
      startsAt: at(thursday, "10:00"),
    });
    expect(moved.data).toMatchObject({ status: "requested", rescheduledFromId: booking.data.id });
    const old = await trpc<BookingItem>(t.app, c.attorney, "bookings.get", { id: booking.data.id });
    expect(old.data).toMatchObject({ status: "rescheduled", rescheduledToId: moved.data.id });

    const noReason = await trpc(t.app, c.attorney, "bookings.cancel", { id: moved.data.id });
    expect(noReason.error?.message).toBe("Give a reason for cancelling");
    const cancelled = await trpc<BookingItem>(t.app, c.attorney, "bookings.cancel", {
      id: moved.data.id,
      reason: "Claimant in hospital",
      cancellationClass: "no_fee_pay_expert",
    });
    // An attorney cannot pick the class; more than 24 hours ahead it is no fee.
    expect(cancelled.data).toMatchObject({ status: "cancelled", cancellationClass: "no_fee", cancelReason: "Claimant in hospital" });
    expect((await trpc(t.app, c.consultant, "bookings.cancel", { id: moved.data.id, reason: "x" })).status).toBe(403);
  });

  it("records attendance only after the time, and moves a scheduled query to assessed when all are attended", async () => {
    const past = await t.db
      .selectFrom("bookings")
      .selectAll()
      .where("consultant_id", "=", ids.dr_naidoo!)
      .where("status", "=", "confirmed")
      .where("starts_at", "<", new Date())
      .executeTakeFirstOrThrow();
    const future = await t.db
      .selectFrom("bookings")
      .select("id")
      .where("consultant_id", "=", ids.dr_naidoo!)
      .where("status", "=", "confirmed")
      .where("starts_at", ">", new Date())
      .executeTakeFirstOrThrow();
    const early = await trpc(t.app, c.dr_naidoo, "bookings.recordAttendance", { id: future.id, attended: true });
    expect(early.status).toBe(409);
    expect(early.error?.message).toBe("Attendance can be recorded once the assessment's time has come.");
    expect((await trpc(t.app, c.consultant, "bookings.recordAttendance", { id: past.id, attended: true })).status).toBe(404);
    const done = await trpc<BookingItem>(t.app, c.dr_naidoo, "bookings.recordAttendance", { id: past.id, attended: true });
    expect(done.data.status).toBe("attended");
    // Other bookings of that query are still live, so it stays scheduled.
    expect((await t.db.selectFrom("queries").select("status").where("id", "=", past.query_id!).executeTakeFirstOrThrow()).status).toBe(
      "scheduled",
    );
  });

  it("serves a booking as an .ics file to those who may see it", async () => {
    const booking = await t.db
      .selectFrom("bookings")
      .select(["id", "reference", "starts_at"])
      .where("consultant_id", "=", ids.dr_naidoo!)
      .where("status", "=", "confirmed")
      .executeTakeFirstOrThrow();
    const ics = await t.app.inject({ method: "GET", url: `/api/bookings/${booking.id}/calendar.ics`, headers: { cookie: c.dr_naidoo } });
    expect(ics.statusCode).toBe(200);
    expect(ics.headers["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(ics.body).toContain("BEGIN:VCALENDAR\r\n");
    expect(ics.body).toContain(`UID:${booking.id}@medlegal`);
    expect(ics.body).toContain(
      `DTSTART:${booking.starts_at
        .toISOString()
        .replace(/[-:]/g, "")
        .replace(/\.\d{3}/, "")}`,
    );
    expect(ics.body).toContain("STATUS:CONFIRMED");
    expect(
      (await t.app.inject({ method: "GET", url: `/api/bookings/${booking.id}/calendar.ics`, headers: { cookie: c.nomsa } })).statusCode,
    ).toBe(404);
  });

  it("shows each role only its bookings, and staff can filter by venue and date", async () => {
    const mine = await trpc<{ items: BookingItem[] }>(t.app, c.consultant, "bookings.list", { limit: 500 });
    expect(mine.data.items.length).toBeGreaterThan(0);
    expect(mine.data.items.every((b) => b.consultantId === ids.consultant)).toBe(true);
    const theirs = await trpc<{ items: BookingItem[] }>(t.app, c.nomsa, "bookings.list", { limit: 500 });
    expect(theirs.data.items.every((b) => b.attorneyId === ids.nomsa)).toBe(true);
    const video = await trpc<{ items: BookingItem[] }>(t.app, c.employee, "bookings.list", { venue: "kloof", limit: 500 });
    expect(video.data.items.every((b) => (b.venue ?? "").toLowerCase().includes("kloof"))).toBe(true);
    const times = (await trpc<{ items: BookingItem[] }>(t.app, c.employee, "bookings.list", { limit: 500 })).data.items.map(
      (b) => b.startsAt,
    );
    expect([...times].sort()).toEqual(times);
  });

  it("keeps the duty roster free of clashes", async () => {
    const shift = { employeeId: ids.employee, date: tuesday, start: "08:00", end: "12:00", duty: "bookings_desk" };
    expect((await trpc(t.app, c.employee, "rosters.add", shift)).status).toBe(200);
    const clash = await trpc(t.app, c.employee, "rosters.add", { ...shift, start: "11:00", end: "14:00", duty: "on_call" });
    expect(clash.status).toBe(409);
    expect(clash.error?.message).toBe("That employee already has a shift at that time.");
    expect((await trpc(t.app, c.employee, "rosters.add", { ...shift, start: "12:00", end: "16:00", duty: "reports_desk" })).status).toBe(
      200,
    );
    const roster = await trpc<{ start: string; end: string; duty: string }[]>(t.app, c.employee, "rosters.list", {
      from: tuesday,
      to: tuesday,
    });
    expect(roster.data.map((s) => [s.start, s.end, s.duty])).toEqual([
      ["08:00", "12:00", "bookings_desk"],
      ["12:00", "16:00", "reports_desk"],
    ]);
  });

  it("shows a week's grid of availability with free capacity for staff", async () => {
    await otSmithWorksTuesdayMornings();
    const day = tuesdayAfter(4);
    expect((await bookOtSmith(day, "09:00")).status).toBe(200);
    expect((await bookOtSmith(day, "10:00")).status).toBe(200);
    const grid = await trpc<{ consultantName: string; days: { date: string; booked: number; free: number; available: boolean }[] }[]>(
      t.app,
      c.employee,
      "availability.week",
      { weekStart: day },
    );
    const ot = grid.data.find((r) => r.consultantName === "Megan Smith")!;
    const column = ot.days.find((d) => d.date === day)!;
    expect(column).toMatchObject({ available: true, booked: 2, free: 0 });
    expect(ot.days).toHaveLength(7);
  });
});
