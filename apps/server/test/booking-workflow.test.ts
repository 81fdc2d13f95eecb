import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { AssignmentItem, BookableExpert, BookingItem, CaseItem, QueryDetail, Slot } from "@medlegal/domain";
import { addDays, makeSaId, NO_ACCEPTED_ASSIGNMENT_MESSAGE, NOT_YOUR_EXPERT_MESSAGE, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, sessionCookie, signUp, trpc, validAttorney } from "./helpers";

/**
 * A booking belongs to a query and to an accepted assignment of it: nobody books an expert the
 * agency has not assigned, or one who has not accepted (docs/decisions.md, "The main journey").
 */
describe.each(testDialects())("booking follows the workflow on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"attorney" | "nomsa" | "employee" | "dr_venter" | "dr_naidoo", string>;
  let ids: Record<string, string>;
  let query: QueryDetail;
  let plasticSurgeon: string;
  const from = addDays(sastDate(new Date()), 21);
  const to = addDays(from, 13);

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["nomsa", "employee", "dr_venter", "dr_naidoo"] as const) c[name] = (await login(t.app, name)).cookie;
    const users = await t.db.selectFrom("users").select(["id", "username"]).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
    plasticSurgeon = (
      await t.db
        .selectFrom("specializations")
        .select("id")
        .where("name", "=", "Plastic and Reconstructive Surgeon")
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  /**
   * Each test's own attorney (an expert is in an attorney's diary once accepted on any of their
   * queries or booked by them) and query (a new claimant and case), taken by the employee: no
   * expert assigned yet.
   */
  beforeEach(async () => {
    const attorney = await signUp(t, validAttorney());
    expect(attorney.statusCode, attorney.body).toBe(201);
    c.attorney = sessionCookie(attorney);
    ids.attorney = (attorney.json() as { id: string }).id;
    const kase = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      claimType: "personal_injury",
      incidentDate: "2026-05-02",
      newClaimant: {
        firstName: "Pieter",
        lastName: "Swanepoel",
        idNumber: makeSaId("1985-12-01", "male", 811),
        birthDate: "1985-12-01",
        gender: "male",
        homeLanguage: "Afrikaans",
        consentReceivedAt: "2026-11-04",
      },
    });
    expect(kase.status, kase.error?.message).toBe(200);
    query = (
      await trpc<QueryDetail>(t.app, c.attorney, "queries.create", {
        caseId: kase.data.id,
        subject: "Burn scars",
        instructions: "Assess the scarring after the fire.",
        specializationIds: [plasticSurgeon],
        priority: "normal",
      })
    ).data;
    expect((await trpc(t.app, c.employee, "queries.take", { id: query.id })).status).toBe(200);
  });
  afterAll(() => t.close());

  const book = (cookie: string, consultantId: string, startsAt: string) =>
    trpc<BookingItem>(t.app, cookie, "bookings.create", { queryId: query.id, consultantId, startsAt });
  const anyWeekdayMorning = (day: string) => new Date(`${day}T09:00:00+02:00`).toISOString();
  /** The employee proposes Dr Venter on this test's query and he accepts (the booking test walks it step by step). */
  const venterAccepts = async () => {
    const proposed = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
      queryId: query.id,
      specializationId: plasticSurgeon,
      consultantId: ids.dr_venter,
    });
    expect(proposed.status, proposed.error?.message).toBe(200);
    expect((await trpc(t.app, c.dr_venter, "assignments.respond", { id: proposed.data.id, accept: true })).status).toBe(200);
  };

  it("offers no expert, no slot and no booking before the agency has assigned one", async () => {
    expect((await trpc<BookableExpert[]>(t.app, c.attorney, "bookings.listExperts", { queryId: query.id })).data).toEqual([]);
    const slots = await trpc(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.dr_venter, from, to });
    expect(slots.status).toBe(400);
    expect(slots.error?.message).toBe(NOT_YOUR_EXPERT_MESSAGE);
    const unassigned = await book(c.attorney, ids.dr_venter!, anyWeekdayMorning(from));
    expect(unassigned.status).toBe(409);
    expect(unassigned.error?.message).toBe(NO_ACCEPTED_ASSIGNMENT_MESSAGE);
  });

  it("refuses a proposed expert until they accept, then books them on the query", async () => {
    const proposed = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
      queryId: query.id,
      specializationId: plasticSurgeon,
      consultantId: ids.dr_venter,
    });
    expect(proposed.status).toBe(200);
    // Proposed is not accepted: no slots for the attorney, and neither the attorney nor staff may book.
    expect((await trpc<BookableExpert[]>(t.app, c.attorney, "bookings.listExperts", { queryId: query.id })).data).toEqual([]);
    expect((await trpc(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.dr_venter, from, to })).error?.message).toBe(
      NOT_YOUR_EXPERT_MESSAGE,
    );
    const early = await book(c.employee, ids.dr_venter!, anyWeekdayMorning(from));
    expect(early.status).toBe(409);
    expect(early.error?.message).toBe(NO_ACCEPTED_ASSIGNMENT_MESSAGE);

    expect((await trpc(t.app, c.dr_venter, "assignments.respond", { id: proposed.data.id, accept: true })).status).toBe(200);
    const experts = await trpc<BookableExpert[]>(t.app, c.attorney, "bookings.listExperts", { queryId: query.id });
    expect(experts.data).toEqual([
      {
        assignmentId: proposed.data.id,
        consultantId: ids.dr_venter,
        name: "Hendrik Venter",
        specializationId: plasticSurgeon,
        specialization: "Plastic and Reconstructive Surgeon",
      },
    ]);
    const slots = await trpc<Slot[]>(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.dr_venter, from, to });
    expect(slots.data.length).toBeGreaterThan(1);

    const byAttorney = await book(c.attorney, ids.dr_venter!, slots.data[0]!.startsAt);
    expect(byAttorney.status).toBe(200);
    expect(byAttorney.data).toMatchObject({
      queryId: query.id,
      queryReference: query.reference,
      specialization: "Plastic and Reconstructive Surgeon",
      patientName: "Pieter Swanepoel",
    });
    // Staff book on the agency's behalf the same way; the booking is still the attorney's.
    const byStaff = await book(c.employee, ids.dr_venter!, slots.data[1]!.startsAt);
    expect(byStaff.status).toBe(200);
    expect(byStaff.data).toMatchObject({ queryReference: query.reference, attorneyId: ids.attorney });
  });

  it("refuses an expert who accepted another query but not this one", async () => {
    const slots = await trpc<Slot[]>(t.app, c.employee, "bookings.listSlots", { consultantId: ids.dr_naidoo, from, to });
    const answer = await book(c.attorney, ids.dr_naidoo!, slots.data[0]!.startsAt);
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe(NO_ACCEPTED_ASSIGNMENT_MESSAGE);
  });

  it("answers another attorney's query as not theirs, whatever the expert", async () => {
    await venterAccepts();
    const slots = await trpc<Slot[]>(t.app, c.attorney, "bookings.listSlots", { consultantId: ids.dr_venter, from, to });
    const foreign = await book(c.nomsa, ids.dr_venter!, slots.data[0]!.startsAt);
    expect(foreign.status).toBe(404);
    expect(foreign.error?.message).toBe("That query does not exist or is not yours to see.");
    expect((await trpc(t.app, c.nomsa, "bookings.listExperts", { queryId: query.id })).status).toBe(404);
    expect((await trpc(t.app, c.nomsa, "bookings.listSlots", { consultantId: ids.dr_venter, from, to })).error?.message).toBe(
      NOT_YOUR_EXPERT_MESSAGE,
    );
  });

  it("refuses a booking once the expert's assignment is withdrawn", async () => {
    await venterAccepts();
    const accepted = await t.db
      .selectFrom("consultant_assignments")
      .select("id")
      .where("query_id", "=", query.id)
      .where("status", "=", "accepted")
      .executeTakeFirstOrThrow();
    const slots = await trpc<Slot[]>(t.app, c.employee, "bookings.listSlots", { consultantId: ids.dr_venter, from, to });
    expect((await trpc(t.app, c.employee, "assignments.withdraw", { id: accepted.id })).status).toBe(200);
    const answer = await book(c.employee, ids.dr_venter!, slots.data[0]!.startsAt);
    expect(answer.status).toBe(409);
    expect(answer.error?.message).toBe(NO_ACCEPTED_ASSIGNMENT_MESSAGE);
  });

  it("keeps a booking made before bookings named a query readable", async () => {
    const kase = await t.db
      .selectFrom("cases")
      .select(["id", "patient_id", "attorney_id"])
      .where("id", "=", query.caseId)
      .executeTakeFirstOrThrow();
    const startsAt = new Date(`${addDays(from, 30)}T09:00:00+02:00`);
    const legacy = await t.db
      .insertInto("bookings")
      .values({
        reference: "BK-2025-00999",
        query_id: null,
        case_id: kase.id,
        patient_id: kase.patient_id,
        attorney_id: kase.attorney_id,
        consultant_id: ids.dr_naidoo!,
        specialization_id: (
          await t.db.selectFrom("users").select("specialization_id").where("id", "=", ids.dr_naidoo!).executeTakeFirstOrThrow()
        ).specialization_id!,
        starts_at: startsAt,
        ends_at: new Date(startsAt.getTime() + 3_600_000),
        venue: "Old rooms",
        mode: "in_person",
        created_by: ids.employee!,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const read = await trpc<BookingItem>(t.app, c.attorney, "bookings.get", { id: legacy.id });
    expect(read.status).toBe(200);
    expect(read.data).toMatchObject({ reference: "BK-2025-00999", queryId: null, queryReference: null });
    const listed = await trpc<{ items: BookingItem[] }>(t.app, c.attorney, "bookings.list", { search: "BK-2025-00999" });
    expect(listed.data.items.map((b) => b.id)).toEqual([legacy.id]);
  });
});
