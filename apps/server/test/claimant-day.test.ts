import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { BookingItem, BookingTask, DaySheet, InterpretingBooking } from "@medlegal/domain";
import { claimantTextsService } from "@medlegal/api";
import { runAt } from "../../../packages/api/src/services/platform/clock";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc, uniqueSuffix } from "./helpers";

/**
 * A claimant who cannot attend (issue 37 item 1, docs/product-rules.md "A claimant who cannot
 * attend"): a NO by text or recorded by staff stops the day it cancels.
 */
describe.each(testDialects())("a claimant who cannot attend on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"admin" | "employee" | "attorney" | "interpreter" | "manager", string>;
  let interpreterId: string;
  const GATEWAY = { ip: null, userAgent: "test gateway", requestId: "claimant-day", appUrl: "" };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney"] as const) c[name] = (await login(t.app, name)).cookie;
    const n = uniqueSuffix();
    const input = {
      role: "interpreter",
      username: `int_${n}`,
      email: `int_${n}@interpreters.example`,
      firstName: "Palesa",
      lastName: `Interpreter ${n}`,
      password: "Str0ng!Password",
      phone: "082 555 0413",
    };
    const created = await trpc<{ id: string }>(t.app, c.admin, "users.create", input);
    expect(created.status, created.error?.message).toBe(200);
    interpreterId = created.data.id;
    c.interpreter = (await login(t.app, input.username, input.password)).cookie;
  });
  afterAll(() => t.close());

  /** A claimant of their own (with a phone of their own, agreed to texts) on the demo's first matter. */
  async function ownClaimant(phone: string, email: string | null = null) {
    const source = await t.db
      .selectFrom("bookings")
      .selectAll()
      .where("query_id", "is not", null)
      .orderBy("reference")
      .executeTakeFirstOrThrow();
    const patient = await t.db.selectFrom("patients").selectAll().where("id", "=", source.patient_id).executeTakeFirstOrThrow();
    const suffix = uniqueSuffix();
    const claimant = await t.db
      .insertInto("patients")
      .values({
        attorney_id: patient.attorney_id,
        first_name: "Sipho",
        last_name: `Mabena${suffix}`,
        id_number: null,
        passport_number: `P${suffix}`.slice(0, 20),
        birth_date: "1979-04-04",
        gender: "male",
        email,
        phone,
        address: null,
        home_language: "Sepedi",
        consent_received_at: "2026-11-01",
        message_channel: "sms",
        message_consent_at: new Date(),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { source, patientId: claimant.id };
  }

  /** A confirmed booking of the claimant on the demo's first matter at `startsAt` (in person at one venue, or by video). */
  async function bookFor(claimant: Awaited<ReturnType<typeof ownClaimant>>, startsAt: Date, mode: "in_person" | "video" = "in_person") {
    const { source } = claimant;
    return t.db
      .insertInto("bookings")
      .values({
        reference: `BK-DAY-${uniqueSuffix()}`,
        query_id: source.query_id,
        case_id: source.case_id,
        patient_id: claimant.patientId,
        attorney_id: source.attorney_id,
        consultant_id: source.consultant_id,
        specialization_id: source.specialization_id,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 60 * 60_000),
        venue: mode === "video" ? null : "Polokwane Medical Chambers, 8 Bok Street",
        mode,
        status: "confirmed",
        created_by: source.created_by,
      })
      .returning(["id", "reference", "starts_at", "venue", "query_id", "consultant_id"])
      .executeTakeFirstOrThrow();
  }

  /** A confirmed in-person booking of its own claimant, days ahead at 09:00 SAST, days apart so one expert's bookings never overlap. */
  let made = 0;
  async function ownBooking(phone: string) {
    const startsAt = new Date(Date.now() + (20 + 3 * made++) * 24 * 3_600_000);
    startsAt.setUTCHours(7, 0, 0, 0);
    return bookFor(await ownClaimant(phone), startsAt);
  }

  /** The taxi, the guesthouse and the interpreter's account, arranged by staff. */
  async function arrangeDay(bookingId: string) {
    const saved = await trpc(t.app, c.employee, "logistics.set", {
      bookingId,
      transport: "taxi",
      pickupPoint: "Shell garage, Seshego",
      pickupTime: "06:15",
      transportCents: 65_000,
      accommodationName: "Bok Street Guesthouse",
      accommodationNights: 1,
      accommodationCents: 95_000,
      interpreterLanguage: "Sepedi",
      interpreterUserId: interpreterId,
      interpreterCents: 110_000,
    });
    expect(saved.status, saved.error?.message).toBe(200);
  }

  const sastDay = (d: Date) => new Date(d.getTime() + 2 * 3_600_000).toISOString().slice(0, 10);

  it("a NO by text marks the booking, tells the interpreter, strikes the day-sheet row and puts the cancellations in front of the case manager until done", async () => {
    const booking = await ownBooking("072 913 7001");
    await arrangeDay(booking.id);
    // The case manager of the matter (or, with none, every employee).
    const manager = await t.db
      .selectFrom("queries as q")
      .innerJoin("users as u", "u.id", "q.assigned_employee_id")
      .select("u.username")
      .where("q.id", "=", booking.query_id!)
      .executeTakeFirst();
    c.manager = manager ? (await login(t.app, manager.username)).cookie : c.employee;

    const outcome = await claimantTextsService.receiveReply(t.db, GATEWAY, {
      id: "gw-claimant-day-no",
      from: "+27729137001",
      text: "NO",
      channel: "sms",
    });
    expect(outcome).toMatchObject({ action: "decline", bookingReference: booking.reference });

    const shown = await trpc<BookingItem>(t.app, c.employee, "bookings.get", { id: booking.id });
    expect(shown.data).toMatchObject({ status: "confirmed", claimantAnswer: "cannot_attend" });

    // The interpreter's page says so (not Confirmed), they cannot confirm it, and their bell told them.
    const theirs = await trpc<InterpretingBooking>(t.app, c.interpreter, "interpreting.booking", { bookingId: booking.id });
    expect(theirs.status, theirs.error?.message).toBe(200);
    expect(theirs.data.claimantCannotAttend).toBe(true);
    expect((await trpc(t.app, c.interpreter, "interpreting.answer", { bookingId: booking.id, answer: "confirmed" })).status).toBe(409);
    const bell = await t.db
      .selectFrom("notifications")
      .select(["title", "message"])
      .where("user_id", "=", interpreterId)
      .where("title", "=", `Not needed: ${booking.reference}`)
      .execute();
    expect(bell).toHaveLength(1);

    const sheet = await trpc<DaySheet>(t.app, c.employee, "logistics.daySheet", { day: sastDay(booking.starts_at), venue: booking.venue! });
    expect(sheet.data.arrivals.find((a) => a.reference === booking.reference)).toMatchObject({ cannotAttend: true, transport: "taxi" });

    const open = await trpc<BookingTask[]>(t.app, c.manager, "logistics.tasks", {});
    expect(open.status, open.error?.message).toBe(200);
    const mine = open.data.filter((task) => task.bookingId === booking.id);
    expect(mine.map((task) => [task.kind, task.detail])).toEqual([
      ["cancel_accommodation", "Bok Street Guesthouse (1 night)"],
      ["cancel_transport", "Taxi from Shell garage, Seshego at 06:15"],
    ]);
    const done = await trpc<BookingTask>(t.app, c.manager, "logistics.completeTask", { id: mine[0]!.id });
    expect(done.status, done.error?.message).toBe(200);
    expect(done.data.doneAt).not.toBeNull();
    expect((await trpc(t.app, c.manager, "logistics.completeTask", { id: mine[0]!.id })).status).toBe(409);
    const still = await trpc<BookingTask[]>(t.app, c.manager, "logistics.tasks", {});
    expect(still.data.filter((task) => task.bookingId === booking.id).map((task) => task.kind)).toEqual(["cancel_transport"]);
    expect((await trpc(t.app, c.attorney, "logistics.tasks", {})).status).toBe(403);

    // Recorded as a no-show afterwards, the cancelled taxi, guesthouse and interpreter are not billed.
    const after = new Date(booking.starts_at.getTime() + 2 * 3_600_000);
    const marked = await runAt(after, () => trpc(t.app, c.employee, "bookings.recordAttendance", { id: booking.id, attended: false }));
    expect(marked.status, marked.error?.message).toBe(200);
    const billed = await t.db
      .selectFrom("billed_events")
      .select("event_key")
      .where("event_key", "like", `booking:${booking.id}:logistics:%`)
      .execute();
    expect(billed).toEqual([]);
  });

  it("staff record a NO given by phone: the same effects, audited; refused twice, for a cancelled booking, and to an attorney", async () => {
    const booking = await ownBooking("072 913 7002");
    await arrangeDay(booking.id);
    expect((await trpc(t.app, c.attorney, "bookings.recordCannotAttend", { id: booking.id })).status).toBe(403);

    const recorded = await trpc<BookingItem>(t.app, c.employee, "bookings.recordCannotAttend", { id: booking.id });
    expect(recorded.status, recorded.error?.message).toBe(200);
    expect(recorded.data.claimantAnswer).toBe("cannot_attend");
    const again = await trpc(t.app, c.employee, "bookings.recordCannotAttend", { id: booking.id });
    expect(again.status).toBe(409);
    expect(again.error?.message).toContain("already recorded");

    const tasks = await trpc<BookingTask[]>(t.app, c.admin, "logistics.tasks", { bookingId: booking.id });
    expect(tasks.data.map((task) => task.kind)).toEqual(["cancel_accommodation", "cancel_transport"]);
    const audit = await t.db
      .selectFrom("audit_log")
      .select(["action", "after"])
      .where("entity_id", "=", booking.id)
      .where("action", "=", "booking.claimant_cannot_attend")
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ via: "staff", claimantAnswer: "cannot_attend" });
    const theirs = await trpc<InterpretingBooking>(t.app, c.interpreter, "interpreting.booking", { bookingId: booking.id });
    expect(theirs.data.claimantCannotAttend).toBe(true);

    const cancelled = await ownBooking("072 913 7003");
    await t.db
      .updateTable("bookings")
      .set({ status: "cancelled", cancellation_class: "no_fee", cancel_reason: "Test" })
      .where("id", "=", cancelled.id)
      .execute();
    const refused = await trpc(t.app, c.employee, "bookings.recordCannotAttend", { id: cancelled.id });
    expect(refused.status).toBe(409);
    expect(refused.error?.message).toContain("Only a requested or confirmed booking");
  });

  it("sends one text for a claimant's day: three bookings at one venue on one morning give one message listing them, each booking covered once", async () => {
    const claimant = await ownClaimant("072 913 7010");
    const day = new Date(Date.now() + 60 * 24 * 3_600_000);
    day.setUTCHours(7, 0, 0, 0);
    const at = (minutes: number) => new Date(day.getTime() + minutes * 60_000);
    const booked = [await bookFor(claimant, at(0)), await bookFor(claimant, at(90)), await bookFor(claimant, at(180))];
    const textsOf = () =>
      t.db.selectFrom("claimant_messages").selectAll().where("patient_id", "=", claimant.patientId).orderBy("created_at").execute();

    const sweep = new Date(day.getTime() - 50 * 24 * 3_600_000);
    await claimantTextsService.queueDueReminders(t.db, sweep);
    await claimantTextsService.queueDueReminders(t.db, sweep);
    const texts = await textsOf();
    expect(texts.map((m) => m.kind)).toEqual(["confirmation"]);
    for (const b of booked) expect(texts[0]!.text).toContain(b.reference);
    expect(texts[0]!.text).toContain("09:00");
    expect(texts[0]!.text).toContain("10:30");
    expect(texts[0]!.text).toContain("12:00");
    const covered = await t.db
      .selectFrom("claimant_message_bookings")
      .select(["booking_id", "kind"])
      .where("message_id", "=", texts[0]!.id)
      .execute();
    expect(covered.map((c) => c.booking_id).sort()).toEqual(booked.map((b) => b.id).sort());

    // The morning of the day (the two-days-before one falls due too): one text per kind for the three.
    await claimantTextsService.queueDueReminders(t.db, new Date(day.getTime() - 60_000));
    expect((await textsOf()).map((m) => m.kind).sort()).toEqual(["confirmation", "morning_of", "two_days_before"]);
  });

  it("sends a video assessment's text with the claimant's own guest link", async () => {
    const claimant = await ownClaimant("072 913 7011", `sipho.${uniqueSuffix()}@example.com`);
    const startsAt = new Date(Date.now() + 45 * 24 * 3_600_000);
    startsAt.setUTCHours(8, 0, 0, 0);
    const booking = await bookFor(claimant, startsAt, "video");
    const meeting = await trpc<{ roomId: string }>(t.app, c.employee, "meetings.create", {
      title: "Assessment",
      startsAt: startsAt.toISOString(),
      durationMinutes: 60,
      hostId: booking.consultant_id,
      bookingId: booking.id,
    });
    expect(meeting.status, meeting.error?.message).toBe(200);

    await claimantTextsService.queueDueReminders(t.db, new Date(), "https://medlegal.example");
    const [text] = await t.db.selectFrom("claimant_messages").selectAll().where("booking_id", "=", booking.id).execute();
    expect(text?.text).toContain(booking.reference);
    expect(text?.text).toContain(`Join: https://medlegal.example/join/${meeting.data.roomId}?token=`);
    expect(text?.text).not.toContain("maps.google");
  });

  it("offers interpreters by language, prefills the claimant's, warns on a mismatch; the interpreter sees the expert and the agency's phone and confirms or declines, a decline telling the case manager", async () => {
    const n = uniqueSuffix();
    const speaker = await trpc<{ id: string }>(t.app, c.admin, "users.create", {
      role: "interpreter",
      username: `sep_${n}`,
      email: `sep_${n}@interpreters.example`,
      firstName: "Kgothatso",
      lastName: `Speaker ${n}`,
      password: "Str0ng!Password",
      phone: "082 555 0414",
      interpreterLanguages: ["Sepedi", "Setswana"],
    });
    expect(speaker.status, speaker.error?.message).toBe(200);
    expect(
      (await t.db.selectFrom("users").select("interpreter_languages").where("id", "=", speaker.data.id).executeTakeFirstOrThrow())
        .interpreter_languages,
    ).toEqual(["Sepedi", "Setswana"]);
    // Fixture: Palesa interprets isiZulu only (until this test ends: the other tests name her as she was made).
    const { interpreter_languages: hers } = await t.db
      .selectFrom("users")
      .select("interpreter_languages")
      .where("id", "=", interpreterId)
      .executeTakeFirstOrThrow();
    onTestFinished(async () => {
      await t.db.updateTable("users").set({ interpreter_languages: hers }).where("id", "=", interpreterId).execute();
    });
    await t.db
      .updateTable("users")
      .set({ interpreter_languages: ["isiZulu"] })
      .where("id", "=", interpreterId)
      .execute();
    const offered = await trpc<{ id: string; languages: string[] }[]>(t.app, c.employee, "logistics.interpreters", { language: "Sepedi" });
    expect(offered.status, offered.error?.message).toBe(200);
    const rank = (id: string) => offered.data.findIndex((o) => o.id === id);
    expect(rank(speaker.data.id)).toBeGreaterThanOrEqual(0);
    expect(rank(speaker.data.id)).toBeLessThan(rank(interpreterId));

    const booking = await ownBooking("072 913 7020");
    type Full = { scope: "full"; claimantLanguage: string; interpreterMismatch: boolean; interpreterAnswer: string | null };
    const blank = await trpc<Full>(t.app, c.employee, "logistics.get", { bookingId: booking.id });
    expect(blank.data).toMatchObject({ claimantLanguage: "Sepedi", interpreterMismatch: false });
    const named = await trpc<Full>(t.app, c.employee, "logistics.set", {
      bookingId: booking.id,
      transport: "none",
      interpreterLanguage: "Sepedi",
      interpreterUserId: interpreterId,
    });
    expect(named.status, named.error?.message).toBe(200);
    expect(named.data.interpreterMismatch).toBe(true);

    const theirs = await trpc<InterpretingBooking>(t.app, c.interpreter, "interpreting.booking", { bookingId: booking.id });
    const expert = await t.db
      .selectFrom("users")
      .select(["first_name", "last_name"])
      .where("id", "=", booking.consultant_id)
      .executeTakeFirstOrThrow();
    expect(theirs.data).toMatchObject({
      expertName: `${expert.first_name} ${expert.last_name}`,
      answer: null,
      claimantCannotAttend: false,
    });
    expect(theirs.data.agencyPhone).toMatch(/\d{3}/);

    const declined = await trpc<InterpretingBooking>(t.app, c.interpreter, "interpreting.answer", {
      bookingId: booking.id,
      answer: "declined",
    });
    expect(declined.status, declined.error?.message).toBe(200);
    expect(declined.data.answer).toBe("declined");
    const told = await t.db
      .selectFrom("notifications")
      .select("user_id")
      .where("title", "=", `Interpreter declined ${booking.reference}`)
      .execute();
    expect(told.length).toBeGreaterThan(0);
    expect((await trpc<Full>(t.app, c.employee, "logistics.get", { bookingId: booking.id })).data.interpreterAnswer).toBe("declined");
    // Staff name the Sepedi speaker: the answer was Palesa's, and the warning goes.
    const replaced = await trpc<Full>(t.app, c.employee, "logistics.set", {
      bookingId: booking.id,
      transport: "none",
      interpreterLanguage: "Sepedi",
      interpreterUserId: speaker.data.id,
    });
    expect(replaced.data).toMatchObject({ interpreterMismatch: false, interpreterAnswer: null });
    expect((await trpc(t.app, c.interpreter, "interpreting.answer", { bookingId: booking.id, answer: "confirmed" })).status).toBe(404);
  });
});
