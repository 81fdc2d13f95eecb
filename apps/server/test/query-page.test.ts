import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { AssignmentItem, BookingItem, CaseItem, Patient, QueryDetail, Slot } from "@medlegal/domain";
import { addDays, makeSaId, sastDate } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart, PDF, trpc } from "./helpers";

/** The query page: its assessments (bookings, scoped per caller) and a timeline that says what happened. */
describe.each(testDialects())("the query page on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"attorney" | "nomsa" | "employee" | "dr_naidoo" | "dr_pillay", string>;
  let ids: Record<string, string>;
  let spec: Record<"Neurosurgeon" | "Clinical Psychologist", string>;
  let query: QueryDetail;
  let bookings: BookingItem[];

  const sastMinute = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Africa/Johannesburg",
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["attorney", "nomsa", "employee", "dr_naidoo", "dr_pillay"] as const) c[name] = (await login(t.app, name)).cookie;
    const users = await t.db.selectFrom("users").select(["id", "username"]).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
    const specs = await t.db
      .selectFrom("specializations")
      .select(["id", "name"])
      .where("name", "in", ["Neurosurgeon", "Clinical Psychologist"])
      .execute();
    spec = Object.fromEntries(specs.map((s) => [s.name, s.id])) as typeof spec;

    // One query walked through the acts the timeline names.
    const patient = await trpc<Patient>(t.app, c.attorney, "patients.create", {
      firstName: "Ayanda",
      lastName: "Dube",
      idNumber: makeSaId("1988-07-21", "male", 512),
      birthDate: "1988-07-21",
      gender: "male",
      homeLanguage: "isiXhosa",
      interpreterNeeded: false,
      consentReceivedAt: "2026-11-02",
    });
    const kase = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      patientId: patient.data.id,
      claimType: "raf",
      incidentDate: "2026-02-14",
      rafClaimNumber: "RAF/77",
    });
    query = (
      await trpc<QueryDetail>(t.app, c.attorney, "queries.create", {
        caseId: kase.data.id,
        subject: "Neuro and psychology",
        instructions: "Head injury after a collision.",
        specializationIds: [spec.Neurosurgeon, spec["Clinical Psychologist"]],
        priority: "normal",
      })
    ).data;
    expect((await trpc(t.app, c.employee, "queries.take", { id: query.id })).status).toBe(200);
    const propose = async (consultant: "dr_naidoo" | "dr_pillay", specialization: keyof typeof spec) => {
      const answer = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
        queryId: query.id,
        specializationId: spec[specialization],
        consultantId: ids[consultant],
      });
      expect(answer.status).toBe(200);
      return answer.data;
    };
    const naidoo = await propose("dr_naidoo", "Neurosurgeon");
    const pillay = await propose("dr_pillay", "Clinical Psychologist");
    expect((await trpc(t.app, c.dr_naidoo, "assignments.respond", { id: naidoo.id, accept: true })).status).toBe(200);
    expect(
      (await trpc(t.app, c.dr_pillay, "assignments.respond", { id: pillay.id, accept: false, reason: "Fully booked until March" })).status,
    ).toBe(200);
    const again = await propose("dr_pillay", "Clinical Psychologist");
    expect((await trpc(t.app, c.employee, "assignments.withdraw", { id: again.id })).status).toBe(200);
    // A booking needs an expert who accepted: the psychologist is proposed once more and accepts.
    const last = await propose("dr_pillay", "Clinical Psychologist");
    expect((await trpc(t.app, c.dr_pillay, "assignments.respond", { id: last.id, accept: true })).status).toBe(200);
    const upload = await t.app.inject({
      method: "POST",
      url: `/api/queries/${query.id}/documents`,
      headers: { cookie: c.attorney, ...multipart("hospital.pdf", PDF).headers },
      payload: multipart("hospital.pdf", PDF).payload,
    });
    expect(upload.statusCode).toBe(201);

    const from = addDays(sastDate(new Date()), 14);
    bookings = [];
    for (const [consultant, specialization, cookie] of [
      ["dr_naidoo", "Neurosurgeon", c.attorney],
      ["dr_pillay", "Clinical Psychologist", c.employee],
    ] as const) {
      const slots = await trpc<Slot[]>(t.app, cookie, "bookings.listSlots", { consultantId: ids[consultant], from, to: addDays(from, 13) });
      const booked = await trpc<BookingItem>(t.app, cookie, "bookings.create", {
        queryId: query.id,
        consultantId: ids[consultant],
        startsAt: slots.data[0]!.startsAt,
      });
      expect(booked.data.specialization).toBe(specialization);
      expect(booked.status).toBe(200);
      bookings.push(booked.data);
    }
  });
  afterAll(() => t.close());

  const eventsFor = async (cookie: string) => {
    const answer = await trpc<QueryDetail>(t.app, cookie, "queries.get", { id: query.id });
    expect(answer.status).toBe(200);
    return answer.data.events;
  };

  it("records each act as its own kind of timeline entry, with what the sentence needs", async () => {
    const acts = (await eventsFor(c.employee)).filter((e) => e.kind !== "status").map((e) => [e.actorName, e.kind, e.body]);
    const at = (b: BookingItem) => sastMinute.format(new Date(b.startsAt)).replace(",", "");
    expect(acts).toEqual([
      ["Priya Naidoo", "expert_proposed", "Kavitha Naidoo (Neurosurgeon)"],
      ["Priya Naidoo", "expert_proposed", "Rajesh Pillay (Clinical Psychologist)"],
      ["Kavitha Naidoo", "expert_accepted", "Neurosurgeon"],
      ["Rajesh Pillay", "expert_declined", "Clinical Psychologist"],
      ["Priya Naidoo", "expert_proposed", "Rajesh Pillay (Clinical Psychologist)"],
      ["Priya Naidoo", "expert_withdrawn", "Rajesh Pillay (Clinical Psychologist)"],
      ["Priya Naidoo", "expert_proposed", "Rajesh Pillay (Clinical Psychologist)"],
      ["Rajesh Pillay", "expert_accepted", "Clinical Psychologist"],
      ["Johan van der Merwe", "document", "hospital.pdf"],
      ["Johan van der Merwe", "booking_requested", `Kavitha Naidoo for ${at(bookings[0]!)} (${bookings[0]!.reference})`],
      ["Priya Naidoo", "booking_requested", `Rajesh Pillay for ${at(bookings[1]!)} (${bookings[1]!.reference})`],
    ]);
    expect(at(bookings[0]!)).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{2}:\d{2}$/);
  });

  it("keeps an expert's reason for declining from the attorney, in new and in old timeline entries", async () => {
    const old = await t.db
      .insertInto("query_events")
      .values({
        query_id: query.id,
        actor_id: ids.dr_pillay,
        kind: "assignment",
        body: "Rajesh Pillay declined (Clinical Psychologist): Conflict with the defendant",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // The timeline test reads the query's entries as its walk made them: the old-style entry goes when this test ends.
    onTestFinished(async () => {
      await t.db.deleteFrom("query_events").where("id", "=", old.id).execute();
    });
    const attorneySees = JSON.stringify(await eventsFor(c.attorney));
    expect(attorneySees).not.toContain("Fully booked");
    expect(attorneySees).not.toContain("Conflict with the defendant");
    expect(attorneySees).toContain("Rajesh Pillay declined (Clinical Psychologist)");
    expect(JSON.stringify(await eventsFor(c.employee))).toContain("Conflict with the defendant");
    const dashboard = await trpc<{ recentUpdates: { body: string | null }[] }>(t.app, c.attorney, "dashboard.summary");
    expect(JSON.stringify(dashboard.data)).not.toContain("Conflict with the defendant");
  });

  it("lists the query's bookings by query: all for staff and the attorney, a consultant's own only, none for another attorney", async () => {
    const listed = async (cookie: string) => {
      const answer = await trpc<{ items: BookingItem[] }>(t.app, cookie, "bookings.list", { queryId: query.id, limit: 100 });
      expect(answer.status).toBe(200);
      // Both bookings may start at the same time, so compare them as a set.
      return answer.data.items.map((b) => b.reference).sort();
    };
    const all = bookings.map((b) => b.reference).sort();
    expect(await listed(c.employee)).toEqual(all);
    expect(await listed(c.attorney)).toEqual(all);
    expect(await listed(c.dr_naidoo)).toEqual([bookings[0]!.reference]);
    expect(await listed(c.dr_pillay)).toEqual([bookings[1]!.reference]);
    expect(await listed(c.nomsa)).toEqual([]);
    // The filter narrows: another query's bookings stay out of this list.
    const everything = await trpc<{ items: BookingItem[] }>(t.app, c.employee, "bookings.list", { limit: 500 });
    expect(everything.data.items.some((b) => b.queryId !== query.id)).toBe(true);
  });
});
