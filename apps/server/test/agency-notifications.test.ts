import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { AssignmentItem, BookingItem, CaseItem, Patient, QueryDetail, Slot } from "@medlegal/domain";
import { addDays, makeSaId, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/**
 * New work tells the agency: a new query, a booking request, a declined assignment and a comment
 * from outside the agency notify the query's case manager, or every active employee while it has
 * none; never the person who acted, and administrators only as a case manager.
 */
describe.each(testDialects())("the agency hears of new work on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"attorney" | "employee" | "sipho" | "admin" | "dr_naidoo", string>;
  let ids: Record<string, string>;
  let neurosurgeon: string;
  let claimantNumber = 0;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["attorney", "employee", "sipho", "admin", "dr_naidoo"] as const) c[name] = (await login(t.app, name)).cookie;
    const users = await t.db.selectFrom("users").select(["id", "username"]).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
    neurosurgeon = (await t.db.selectFrom("specializations").select("id").where("name", "=", "Neurosurgeon").executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  /** A fresh claimant (with consent), case and query of the demo attorney, asking for a neurosurgeon. */
  async function newQuery() {
    claimantNumber += 1;
    const patient = await trpc<Patient>(t.app, c.attorney, "patients.create", {
      firstName: "Thandi",
      lastName: `Zulu${claimantNumber}`,
      idNumber: makeSaId("1990-03-12", "female", 300 + claimantNumber),
      birthDate: "1990-03-12",
      gender: "female",
      homeLanguage: "isiZulu",
      interpreterNeeded: false,
      consentReceivedAt: "2026-11-01",
    });
    expect(patient.status).toBe(200);
    const kase = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      patientId: patient.data.id,
      claimType: "raf",
      incidentDate: "2026-01-10",
      rafClaimNumber: "RAF/9",
    });
    const query = await trpc<QueryDetail>(t.app, c.attorney, "queries.create", {
      caseId: kase.data.id,
      subject: "Head injury assessment",
      instructions: "Please assess the head injury.",
      specializationIds: [neurosurgeon],
      priority: "urgent",
    });
    expect(query.status).toBe(200);
    return { caseId: kase.data.id, query: query.data };
  }

  /** Who was notified with this link, by username, with what. */
  async function notified(link: string) {
    const rows = await t.db
      .selectFrom("notifications")
      .innerJoin("users", "users.id", "notifications.user_id")
      .select(["users.username", "notifications.title", "notifications.message", "notifications.type"])
      .where("notifications.link", "=", link)
      .orderBy("users.username")
      .execute();
    return rows;
  }
  const recipients = async (link: string, title: RegExp) =>
    (await notified(link)).filter((n) => title.test(n.title)).map((n) => n.username);

  /** The neurosurgeon accepts the query (a booking needs an expert who accepted), once per query. */
  async function naidooAccepts(queryId: string) {
    const live = await t.db
      .selectFrom("consultant_assignments")
      .select("id")
      .where("query_id", "=", queryId)
      .where("consultant_id", "=", ids.dr_naidoo!)
      .where("status", "=", "accepted")
      .executeTakeFirst();
    if (live) return;
    // Experts are proposed on a query in review; whoever managed the query (or nobody) manages it again after.
    const before = await t.db
      .selectFrom("queries")
      .select(["status", "assigned_employee_id"])
      .where("id", "=", queryId)
      .executeTakeFirstOrThrow();
    if (before.status === "submitted") expect((await trpc(t.app, c.employee, "queries.take", { id: queryId })).status).toBe(200);
    const proposed = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
      queryId,
      specializationId: neurosurgeon,
      consultantId: ids.dr_naidoo,
    });
    expect(proposed.status).toBe(200);
    expect((await trpc(t.app, c.dr_naidoo, "assignments.respond", { id: proposed.data.id, accept: true })).status).toBe(200);
    expect((await trpc(t.app, c.employee, "queries.assignEmployee", { id: queryId, employeeId: before.assigned_employee_id })).status).toBe(
      200,
    );
  }

  async function book(_caseId: string, queryId: string, cookie = c.attorney) {
    await naidooAccepts(queryId);
    const from = addDays(sastDate(new Date()), 14);
    const slots = await trpc<Slot[]>(t.app, cookie, "bookings.listSlots", { consultantId: ids.dr_naidoo, from, to: addDays(from, 13) });
    const slot = slots.data[0]!;
    const booking = await trpc<BookingItem>(t.app, cookie, "bookings.create", {
      queryId,
      consultantId: ids.dr_naidoo,
      startsAt: slot.startsAt,
    });
    expect(booking.status).toBe(200);
    return booking.data;
  }

  it("a new query notifies every active employee, not the administrator or the attorney who submitted it", async () => {
    const { query } = await newQuery();
    const sent = await notified(`/queries/${query.id}`);
    expect(sent.map((n) => n.username)).toEqual(["employee", "sipho"]);
    for (const n of sent) {
      expect(n).toMatchObject({ type: "query_update", title: `New query ${query.reference}` });
      expect(n.message).toBe(`Johan van der Merwe submitted ${query.reference} (urgent priority): Head injury assessment.`);
    }
  });

  it("a new query skips a deactivated employee", async () => {
    await t.db.updateTable("users").set({ is_active: false }).where("username", "=", "sipho").execute();
    try {
      const { query } = await newQuery();
      expect((await notified(`/queries/${query.id}`)).map((n) => n.username)).toEqual(["employee"]);
    } finally {
      await t.db.updateTable("users").set({ is_active: true }).where("username", "=", "sipho").execute();
    }
  });

  it("a booking request notifies the case manager only, with a link to the booking's page", async () => {
    const { caseId, query } = await newQuery();
    expect((await trpc(t.app, c.sipho, "queries.take", { id: query.id })).status).toBe(200);
    const booking = await book(caseId, query.id);
    const sent = await notified(`/booking-form/${booking.id}`);
    expect(sent.map((n) => n.username)).toEqual(["sipho"]);
    expect(sent[0]).toMatchObject({ type: "query_update", title: `Booking requested: ${booking.reference}` });
    expect(sent[0]!.message).toContain(`Neurosurgeon assessment of ${booking.patientName} with ${booking.consultantName}`);
    expect(sent[0]!.message).toContain(query.reference);
  });

  it("a booking request on an unmanaged query notifies every employee but the one who booked it", async () => {
    const { caseId, query } = await newQuery();
    expect(await recipients(`/booking-form/${(await book(caseId, query.id)).id}`, /^Booking requested/)).toEqual(["employee", "sipho"]);
    const byStaff = await book(caseId, query.id, c.employee);
    expect(await recipients(`/booking-form/${byStaff.id}`, /^Booking requested/)).toEqual(["sipho"]);
  });

  it("a declined assignment notifies the case manager, or every employee while the query has none", async () => {
    const { query } = await newQuery();
    expect((await trpc(t.app, c.employee, "queries.take", { id: query.id })).status).toBe(200);
    const propose = () =>
      trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
        queryId: query.id,
        specializationId: neurosurgeon,
        consultantId: ids.dr_naidoo,
      });
    const first = await propose();
    expect(first.status).toBe(200);
    const link = `/queries/${query.id}`;
    expect(
      (await trpc(t.app, c.dr_naidoo, "assignments.respond", { id: first.data.id, accept: false, reason: "On leave that month" })).status,
    ).toBe(200);
    const declined = (await notified(link)).filter((n) => /declined/.test(n.title));
    expect(declined.map((n) => n.username)).toEqual(["employee"]);
    expect(declined[0]!.title).toBe(`Kavitha Naidoo declined ${query.reference}`);
    expect(declined[0]!.message).toBe("Reason: On leave that month. Please assign another Neurosurgeon.");

    expect((await trpc(t.app, c.admin, "queries.assignEmployee", { id: query.id, employeeId: null })).status).toBe(200);
    const second = await propose();
    expect(
      (await trpc(t.app, c.dr_naidoo, "assignments.respond", { id: second.data.id, accept: false, reason: "Conflict of interest" })).status,
    ).toBe(200);
    const again = (await notified(link)).filter((n) => n.message.includes("Conflict of interest"));
    expect(again.map((n) => n.username)).toEqual(["employee", "sipho"]);
  });

  it("an attorney's comment notifies the case manager, or every employee while the query has none; staff comments do not broadcast", async () => {
    const { query } = await newQuery();
    const link = `/queries/${query.id}`;
    const commentedOn = async (cookie: string, body: string) => {
      expect((await trpc(t.app, cookie, "queries.comment", { queryId: query.id, body })).status).toBe(200);
      return (await notified(link))
        .filter((n) => n.title === `New comment on ${query.reference}` && n.message.endsWith(body))
        .map((n) => n.username);
    };
    expect(await commentedOn(c.attorney, "The claimant moved to Durban.")).toEqual(["employee", "sipho"]);
    expect(await commentedOn(c.employee, "Noted, thank you.")).toEqual(["attorney"]);
    expect((await trpc(t.app, c.admin, "queries.assignEmployee", { id: query.id, employeeId: ids.sipho })).status).toBe(200);
    expect(await commentedOn(c.attorney, "Any news on the booking?")).toEqual(["sipho"]);
    expect(await commentedOn(c.sipho, "Booking this week.")).toEqual(["attorney"]);
  });
});
