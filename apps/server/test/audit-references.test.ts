import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { CaseItem, MeetingDetail, Patient, QueryDetail } from "@medlegal/domain";
import { makeSaId } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, resetTokenIn, trpc } from "./helpers";

interface AuditItem {
  action: string;
  entityType: string;
  entityId: string | null;
  entityReference: string | null;
}

describe.each(testDialects())("the audit trail names records by their references on %s", (kind) => {
  let t: TestApp;
  let admin = "";
  let attorney = "";
  let employee = "";

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await login(t.app, "admin")).cookie;
    attorney = (await login(t.app, "attorney")).cookie;
    employee = (await login(t.app, "employee")).cookie;
  });
  afterAll(() => t.close());

  /** A claimant of the demo attorney, with a valid SA ID number. */
  const newClaimant = (firstName: string, lastName: string, birthDate: string, gender: "female" | "male", sequence: number) =>
    trpc<Patient>(t.app, attorney, "patients.create", {
      firstName,
      lastName,
      idNumber: makeSaId(birthDate, gender, sequence),
      birthDate,
      gender,
      homeLanguage: "isiZulu",
      interpreterNeeded: false,
      consentReceivedAt: "2026-11-01",
    });

  const history = async (entityType: string, entityId: string) =>
    (await trpc<{ items: AuditItem[] }>(t.app, admin, "audit.list", { entityType, entityId })).data.items;

  it("shows Q-, CASE- references, the claimant's and the user's name instead of ids, on the page and in the CSV", async () => {
    const patient = await newClaimant("Zanele", "Audit-Khumalo", "1990-03-14", "female", 4321);
    expect(patient.status).toBe(200);
    const kase = await trpc<CaseItem>(t.app, attorney, "cases.create", {
      patientId: patient.data.id,
      claimType: "raf",
      incidentDate: "2026-01-10",
    });
    expect(kase.status).toBe(200);
    const spec = await t.db.selectFrom("specializations").select("id").where("active", "=", true).executeTakeFirstOrThrow();
    const query = await trpc<QueryDetail>(t.app, attorney, "queries.create", {
      caseId: kase.data.id,
      subject: "Assessment",
      instructions: "Please assess.",
      specializationIds: [spec.id],
      priority: "normal",
    });
    expect(query.status).toBe(200);
    expect((await trpc(t.app, employee, "queries.take", { id: query.data.id })).status).toBe(200);

    const queryRows = await history("query", query.data.id);
    expect(queryRows.length).toBeGreaterThan(1);
    expect(queryRows.every((r) => r.entityReference === query.data.reference)).toBe(true);
    expect(query.data.reference).toMatch(/^Q-\d{4}-\d{5}$/);

    const caseRows = await history("case", kase.data.id);
    expect(caseRows.map((r) => r.entityReference)).toEqual([kase.data.reference]);
    expect(kase.data.reference).toMatch(/^CASE-\d{4}-\d{5}$/);

    expect((await history("patient", patient.data.id)).map((r) => r.entityReference)).toEqual(["Zanele Audit-Khumalo"]);

    const employeeId = (await t.db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow()).id;
    const logins = (await trpc<{ items: AuditItem[] }>(t.app, admin, "audit.list", { action: "auth.login", actorId: employeeId })).data
      .items;
    expect(logins.length).toBeGreaterThan(0);
    expect(logins.every((r) => r.entityReference === "Priya Naidoo")).toBe(true);

    // No row of the first page that names a record shows a bare id where a reference exists.
    const page = (await trpc<{ items: AuditItem[] }>(t.app, admin, "audit.list", { limit: 50 })).data.items;
    for (const row of page.filter((r) => ["query", "case", "patient", "user"].includes(r.entityType) && r.entityId)) {
      expect(row.entityReference, `${row.action} ${row.entityId}`).toBeTruthy();
    }

    const csv = await t.app.inject({
      method: "GET",
      url: `/api/audit/export.csv?entityType=query&entityId=${query.data.id}`,
      headers: { cookie: admin },
    });
    expect(csv.statusCode).toBe(200);
    const [header, ...lines] = csv.body.trim().split("\r\n");
    const column = header!.split(",").indexOf("entity_reference");
    expect(column).toBeGreaterThan(-1);
    expect(lines.length).toBe(queryRows.length);
    for (const line of lines) expect(line).toContain(`"${query.data.reference}"`);
  });

  it("keeps the id of a record that no longer exists", async () => {
    const created = await trpc<{ id: string }>(t.app, admin, "specializations.create", { name: `Audit test ${kind}`, description: "" });
    expect(created.status).toBe(200);
    expect((await history("specialization", created.data.id)).map((r) => r.entityReference)).toEqual([`Audit test ${kind}`]);
    expect((await trpc(t.app, admin, "specializations.remove", { id: created.data.id })).status).toBe(200);
    const afterRemoval = await history("specialization", created.data.id);
    expect(afterRemoval.length).toBe(2);
    expect(afterRemoval.every((r) => r.entityReference === null && r.entityId === created.data.id)).toBe(true);
  });

  it("numbers a case made at 01:30 on 1 January in South Africa (23:30 UTC the day before) in the new year", async () => {
    const patient = await newClaimant("Sipho", "New-Year", "1985-06-02", "male", 5321);
    expect(patient.status, patient.error?.message).toBe(200);
    const patientId = patient.data.id;
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(new Date("2026-12-31T23:30:00Z"));
      // Signed in at that time: a session from today would have lapsed by then.
      const cookie = (await login(t.app, "attorney")).cookie;
      const kase = await trpc<CaseItem>(t.app, cookie, "cases.create", { patientId, claimType: "raf", incidentDate: "2026-01-10" });
      expect(kase.status, kase.error?.message).toBe(200);
      expect(kase.data.reference).toMatch(/^CASE-2027-\d{5}$/);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe.each(testDialects())("the audit trail names meetings, messages, SLA timers and a user's own steps on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  type Row = AuditItem & { actorName: string | null };
  const history = async (entityType: string, entityId: string) =>
    (await trpc<{ items: Row[] }>(t.app, c.admin!, "audit.list", { entityType, entityId })).data.items;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee"]) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  it("shows a meeting's title, a conversation's subject and an SLA timer's query and policy instead of their ids", async () => {
    const consultant = await t.db.selectFrom("users").select("id").where("username", "=", "consultant").executeTakeFirstOrThrow();
    const meeting = await trpc<MeetingDetail>(t.app, c.employee!, "meetings.create", {
      title: "Orthopaedic follow-up call",
      startsAt: new Date(Date.now() + 60 * 60_000).toISOString(),
      durationMinutes: 30,
      hostId: consultant.id,
      userIds: [],
      guests: [],
    });
    expect(meeting.status, meeting.error?.message).toBe(200);
    expect((await history("meeting", meeting.data.id)).map((r) => r.entityReference)).toEqual(["Orthopaedic follow-up call"]);

    const thread = await trpc<{ threadId: string }>(t.app, c.employee!, "messages.startThread", {
      subject: "Hospital records",
      participantIds: [consultant.id],
      body: "Please see the records.",
      internal: false,
    });
    expect(thread.status, thread.error?.message).toBe(200);
    expect((await history("message_thread", thread.data.threadId)).every((r) => r.entityReference === "Hospital records")).toBe(true);
    const sent = await t.db.selectFrom("messages").select("id").where("thread_id", "=", thread.data.threadId).executeTakeFirstOrThrow();
    expect((await history("message", sent.id)).map((r) => r.entityReference)).toEqual(["Hospital records"]);

    const timer = await t.db
      .selectFrom("sla_timers")
      .innerJoin("queries", "queries.id", "sla_timers.query_id")
      .select(["sla_timers.id", "queries.reference"])
      .where("sla_timers.status", "=", "open")
      .where("sla_timers.paused_at", "is", null)
      // One of the agency's own service levels: a court's deadline and the law's clock are not paused by hand.
      .where("sla_timers.policy", "in", ["query_acknowledgement", "booking_offered", "report_delivery", "report_release"])
      .orderBy("sla_timers.id")
      .executeTakeFirstOrThrow();
    const paused = await trpc(t.app, c.employee!, "sla.pause", { id: timer.id, reason: "Waiting for the hospital." });
    expect(paused.status, paused.error?.message).toBe(200);
    const [row] = await history("sla_timer", timer.id);
    expect(row?.entityReference).toMatch(new RegExp(`^${timer.reference} · [A-Z]`));
  });

  it("names the person, not 'System', for their own password reset", async () => {
    const user = await t.db
      .selectFrom("users")
      .select(["id", "email", "first_name", "last_name"])
      .where("username", "=", "nomsa")
      .executeTakeFirstOrThrow();
    expect((await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: user.email } })).statusCode).toBe(200);
    const token = resetTokenIn(await t.mailbox.waitFor(user.email));
    expect(
      (await t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, password: "A-new-Passw0rd!x" } })).statusCode,
    ).toBe(200);
    const rows = await history("user", user.id);
    expect(rows.find((r) => r.action === "auth.password_reset")?.actorName).toBe(`${user.first_name} ${user.last_name}`);
    // Anyone can ask for a reset link: that request stays without a person.
    expect(rows.find((r) => r.action === "auth.password_reset_requested")?.actorName).toBeNull();
  });
});
