import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import type { AssignmentItem, CaseItem, ConsultantCandidate, Patient, QueryDetail, QueryListItem } from "@medlegal/domain";
import { makeSaId } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart, PDF, trpc } from "./helpers";

describe.each(testDialects())("claimants, cases and the query workflow on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"attorney" | "nomsa" | "employee" | "admin" | "consultant" | "dr_naidoo", string>;
  let ids: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of Object.keys({ attorney: 1, nomsa: 1, employee: 1, admin: 1, consultant: 1, dr_naidoo: 1 }) as (keyof typeof c)[]) {
      c[name] = (await login(t.app, name)).cookie;
    }
    const users = await t.db.selectFrom("users").select(["id", "username"]).execute();
    ids = Object.fromEntries(users.map((u) => [u.username, u.id]));
  });
  afterAll(() => t.close());

  const validClaimant = (overrides: Record<string, unknown> = {}) => ({
    firstName: "Nandi",
    lastName: "Mthembu",
    idNumber: makeSaId("1992-04-17", "female", 77),
    birthDate: "1992-04-17",
    gender: "female",
    homeLanguage: "isiZulu",
    interpreterNeeded: false,
    consentReceivedAt: "2026-11-01",
    ...overrides,
  });

  // Each new claimant takes the next gender sequence, so ID numbers never repeat on the unique index.
  let claimantSequence = 1000;

  /** A fresh claimant, case and query of the demo attorney. */
  async function newQuery(specializations = ["Neurosurgeon"]) {
    claimantSequence += 1;
    const patient = await trpc<Patient>(
      t.app,
      c.attorney,
      "patients.create",
      validClaimant({ idNumber: makeSaId("1992-04-17", "female", claimantSequence) }),
    );
    expect(patient.status).toBe(200);
    const kase = await trpc<CaseItem>(t.app, c.attorney, "cases.create", {
      patientId: patient.data.id,
      claimType: "raf",
      incidentDate: "2026-01-10",
      rafClaimNumber: "RAF/1",
    });
    const specs = await t.db.selectFrom("specializations").select("id").where("name", "in", specializations).execute();
    const query = await trpc<QueryDetail>(t.app, c.attorney, "queries.create", {
      caseId: kase.data.id,
      subject: "Assessment",
      instructions: "Please assess.",
      specializationIds: specs.map((s) => s.id),
      priority: "high",
    });
    expect(query.status).toBe(200);
    return { patient: patient.data, kase: kase.data, query: query.data };
  }

  describe("claimants", () => {
    it.each([
      [{ idNumber: "8001015009088" }, "Please enter a valid 13-digit South African ID number"],
      [{ birthDate: "1992-04-18" }, "The birth date does not match the ID number"],
      [{ gender: "male" }, "The gender does not match the ID number"],
      [{ idNumber: "", passportNumber: "" }, "Enter an ID number or a passport number"],
    ])("refuses %j: %s", async (overrides, message) => {
      const answer = await trpc(t.app, c.attorney, "patients.create", validClaimant(overrides));
      expect(answer.status).toBe(400);
      expect(answer.error?.message).toBe(message);
    });

    it("accepts a passport number instead of an ID number", async () => {
      const answer = await trpc<Patient>(
        t.app,
        c.attorney,
        "patients.create",
        validClaimant({ idNumber: "", passportNumber: "A12345678", firstName: "Foreign" }),
      );
      expect(answer.status).toBe(200);
      expect(answer.data).toMatchObject({ idNumber: null, passportNumber: "A12345678", attorneyId: ids.attorney });
    });

    it("keeps claimants to their attorney: another attorney gets 404 and never sees them listed", async () => {
      const mine = await trpc<Patient[]>(t.app, c.attorney, "patients.list", {});
      const theirs = await trpc<Patient[]>(t.app, c.nomsa, "patients.list", {});
      expect(mine.data.every((p) => p.attorneyId === ids.attorney)).toBe(true);
      expect(theirs.data.every((p) => p.attorneyId === ids.nomsa)).toBe(true);
      const foreign = await trpc(t.app, c.nomsa, "patients.get", { id: mine.data[0]!.id });
      expect(foreign.status).toBe(404);
      const update = await trpc(t.app, c.nomsa, "patients.update", { ...validClaimant(), id: mine.data[0]!.id });
      expect(update.status).toBe(404);
      const staff = await trpc<Patient[]>(t.app, c.employee, "patients.list", {});
      expect(staff.data.length).toBe(
        mine.data.length +
          theirs.data.length +
          (await t.db.selectFrom("patients").select("id").where("attorney_id", "=", ids.pieter!).execute()).length,
      );
    });
  });

  describe("cases and queries", () => {
    it("gives cases and queries their references and scopes them to the attorney", async () => {
      const { kase, query } = await newQuery();
      const year = new Date().getUTCFullYear();
      expect(kase.reference).toMatch(new RegExp(`^CASE-${year}-\\d{5}$`));
      expect(query.reference).toMatch(new RegExp(`^Q-${year}-\\d{5}$`));
      expect(query).toMatchObject({ status: "submitted", priority: "high", specializations: ["Neurosurgeon"], nextStatuses: [] });
      expect((await trpc(t.app, c.nomsa, "cases.get", { id: kase.id })).status).toBe(404);
      expect((await trpc(t.app, c.nomsa, "queries.get", { id: query.id })).status).toBe(404);
      expect((await trpc(t.app, c.consultant, "queries.get", { id: query.id })).status).toBe(404);
      const nomsasQueries = await trpc<{ items: QueryListItem[] }>(t.app, c.nomsa, "queries.list", { limit: 100 });
      expect(nomsasQueries.data.items.every((q) => q.attorneyId === ids.nomsa)).toBe(true);
      // An attorney cannot file a query on someone else's case.
      const specs = await t.db.selectFrom("specializations").select("id").limit(1).execute();
      const onForeignCase = await trpc(t.app, c.nomsa, "queries.create", {
        caseId: kase.id,
        subject: "x",
        instructions: "y",
        specializationIds: [specs[0]!.id],
      });
      expect(onForeignCase.status).toBe(404);
    });

    it("walks every legal move and refuses illegal ones with 409 and a sentence", async () => {
      const { query } = await newQuery();
      const move = (to: string, reason?: string) => trpc<QueryDetail>(t.app, c.employee, "queries.move", { id: query.id, to, reason });

      const skip = await move("scheduled");
      expect(skip.status).toBe(409);
      expect(skip.error?.message).toBe("A query that is submitted cannot move to scheduled.");

      const review = await move("in_review");
      expect(review.data).toMatchObject({ status: "in_review", assignedEmployeeId: ids.employee });
      expect((await move("on_hold")).data).toMatchObject({ status: "on_hold", heldFrom: "in_review" });
      const wrongReturn = await move("assigning");
      expect(wrongReturn.status).toBe(409);
      expect((await move("in_review")).data).toMatchObject({ status: "in_review", heldFrom: null });
      for (const to of ["assigning", "scheduled", "assessed", "reporting", "completed"]) {
        const answer = await move(to);
        expect(answer.status, to).toBe(200);
        expect(answer.data.status).toBe(to);
      }
      const afterDone = await move("on_hold");
      expect(afterDone.status).toBe(409);
      expect(afterDone.error?.message).toBe("A query that is completed cannot move to on hold.");

      const detail = await trpc<QueryDetail>(t.app, c.attorney, "queries.get", { id: query.id });
      expect(detail.data.events.filter((e) => e.kind === "status").map((e) => e.toStatus)).toEqual([
        "submitted",
        "in_review",
        "on_hold",
        "in_review",
        "assigning",
        "scheduled",
        "assessed",
        "reporting",
        "completed",
      ]);
      const audit = await t.db
        .selectFrom("audit_log")
        .select(["action", "before", "after"])
        .where("entity_id", "=", query.id)
        .where("action", "=", "query.move")
        .orderBy("at")
        .execute();
      expect(audit).toHaveLength(8);
      expect(audit[0]).toMatchObject({ before: { status: "submitted" }, after: { status: "in_review" } });
    });

    it("cancels only with a reason, and a cancelled query moves no more", async () => {
      const { query } = await newQuery();
      const noReason = await trpc(t.app, c.employee, "queries.move", { id: query.id, to: "cancelled" });
      expect(noReason.status).toBe(400);
      expect(noReason.error?.message).toBe("Give a reason for cancelling");
      const cancelled = await trpc<QueryDetail>(t.app, c.employee, "queries.move", { id: query.id, to: "cancelled", reason: "Settled" });
      expect(cancelled.data).toMatchObject({ status: "cancelled", cancelReason: "Settled", nextStatuses: [] });
      expect((await trpc(t.app, c.employee, "queries.move", { id: query.id, to: "in_review" })).status).toBe(409);
    });

    it("notifies the attorney of each move, with a link, and 'query_completed' at the end", async () => {
      const { query } = await newQuery();
      await trpc(t.app, c.employee, "queries.take", { id: query.id });
      const notes = await t.db
        .selectFrom("notifications")
        .selectAll()
        .where("user_id", "=", ids.attorney!)
        .where("link", "=", `/queries/${query.id}`)
        .execute();
      expect(notes).toEqual([expect.objectContaining({ type: "query_update", title: `Query ${query.reference}: In review`, read: false })]);
      for (const to of ["assigning", "scheduled", "assessed", "reporting", "completed"]) {
        await trpc(t.app, c.employee, "queries.move", { id: query.id, to });
      }
      const last = await t.db
        .selectFrom("notifications")
        .selectAll()
        .where("user_id", "=", ids.attorney!)
        .where("link", "=", `/queries/${query.id}`)
        .orderBy("created_at", "desc")
        .executeTakeFirstOrThrow();
      expect(last).toMatchObject({ type: "query_completed", title: `Query ${query.reference} completed` });
      // It reaches the bell through the endpoint the bell polls.
      const bell = await t.app.inject({ method: "GET", url: `/api/notifications/${ids.attorney}`, headers: { cookie: c.attorney } });
      expect((bell.json() as { title: string }[]).some((n) => n.title === `Query ${query.reference} completed`)).toBe(true);
    });
  });

  describe("assignments", () => {
    it("offers candidates of the specialization with their load, and proposes one who is then notified", async () => {
      const { query } = await newQuery(["Neurosurgeon"]);
      await trpc(t.app, c.employee, "queries.take", { id: query.id });
      const neuro = await t.db.selectFrom("specializations").select("id").where("name", "=", "Neurosurgeon").executeTakeFirstOrThrow();
      const candidates = await trpc<ConsultantCandidate[]>(t.app, c.employee, "assignments.listCandidates", {
        queryId: query.id,
        specializationId: neuro.id,
      });
      expect(candidates.data.map((x) => x.name)).toEqual(["Kavitha Naidoo"]);
      expect(candidates.data[0]!.load).toBeGreaterThanOrEqual(1);

      const wrongSpecialist = await trpc(t.app, c.employee, "assignments.create", {
        queryId: query.id,
        consultantId: ids.consultant,
        specializationId: neuro.id,
      });
      expect(wrongSpecialist.status).toBe(400);
      expect(wrongSpecialist.error?.message).toBe("That consultant is not a Neurosurgeon.");

      const assigned = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
        queryId: query.id,
        consultantId: ids.dr_naidoo,
        specializationId: neuro.id,
      });
      expect(assigned.data).toMatchObject({ status: "proposed", consultantName: "Kavitha Naidoo" });
      const again = await trpc(t.app, c.employee, "assignments.create", {
        queryId: query.id,
        consultantId: ids.dr_naidoo,
        specializationId: neuro.id,
      });
      expect(again.status).toBe(409);
      // The first assignment moves a query in review on to assigning.
      expect((await trpc<QueryDetail>(t.app, c.employee, "queries.get", { id: query.id })).data.status).toBe("assigning");
      const note = await t.db
        .selectFrom("notifications")
        .selectAll()
        .where("user_id", "=", ids.dr_naidoo!)
        .where("title", "=", `New assignment: ${query.reference}`)
        .executeTakeFirst();
      expect(note).toMatchObject({ type: "query_update", link: `/queries/${query.id}` });

      // The consultant now sees the query, with the claimant's essentials but not their ID number.
      const seen = await trpc<QueryDetail>(t.app, c.dr_naidoo, "queries.get", { id: query.id });
      expect(seen.status).toBe(200);
      expect(seen.data.claimant).toMatchObject({ id: null, firstName: "Nandi", homeLanguage: "isiZulu" });
      expect(seen.data.claimant).not.toHaveProperty("idNumber");
      expect(seen.data.assignments.every((a) => a.consultantId === ids.dr_naidoo)).toBe(true);

      // Declining needs a reason; another consultant cannot answer it.
      expect((await trpc(t.app, c.consultant, "assignments.respond", { id: assigned.data.id, accept: true })).status).toBe(404);
      const noReason = await trpc(t.app, c.dr_naidoo, "assignments.respond", { id: assigned.data.id, accept: false });
      expect(noReason.error?.message).toBe("Give a reason for declining");
      const accepted = await trpc<AssignmentItem>(t.app, c.dr_naidoo, "assignments.respond", { id: assigned.data.id, accept: true });
      expect(accepted.data.status).toBe("accepted");
      expect((await trpc(t.app, c.dr_naidoo, "assignments.respond", { id: assigned.data.id, accept: false, reason: "x" })).status).toBe(
        409,
      );
      // The case manager hears of the answer.
      const told = await t.db
        .selectFrom("notifications")
        .select("title")
        .where("user_id", "=", ids.employee!)
        .where("title", "=", `Kavitha Naidoo accepted ${query.reference}`)
        .executeTakeFirst();
      expect(told).toBeDefined();
    });

    it("lets a consultant decline with a reason, and a withdrawn consultant loses sight of the query", async () => {
      const { query } = await newQuery(["Neurosurgeon"]);
      await trpc(t.app, c.employee, "queries.take", { id: query.id });
      const neuro = await t.db.selectFrom("specializations").select("id").where("name", "=", "Neurosurgeon").executeTakeFirstOrThrow();
      const first = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
        queryId: query.id,
        consultantId: ids.dr_naidoo,
        specializationId: neuro.id,
      });
      const declined = await trpc<AssignmentItem>(t.app, c.dr_naidoo, "assignments.respond", {
        id: first.data.id,
        accept: false,
        reason: "On leave in December",
      });
      expect(declined.data).toMatchObject({ status: "declined", declineReason: "On leave in December" });
      expect((await trpc(t.app, c.dr_naidoo, "queries.get", { id: query.id })).status).toBe(404);
      const second = await trpc<AssignmentItem>(t.app, c.employee, "assignments.create", {
        queryId: query.id,
        consultantId: ids.dr_naidoo,
        specializationId: neuro.id,
      });
      expect((await trpc(t.app, c.dr_naidoo, "queries.get", { id: query.id })).status).toBe(200);
      await trpc(t.app, c.employee, "assignments.withdraw", { id: second.data.id });
      expect((await trpc(t.app, c.dr_naidoo, "queries.get", { id: query.id })).status).toBe(404);
    });
  });

  describe("notifications by e-mail", () => {
    it("queues an e-mail for a type the user wants by e-mail and sends it after commit through SMTP", async () => {
      const { drainOutbox, createSmtpMailer } = await import("@medlegal/api");
      await trpc(t.app, c.dr_naidoo, "account.setNotificationPreferences", {
        preferences: [{ type: "query_update", bell: true, email: true }],
      });
      const { query } = await newQuery(["Neurosurgeon"]);
      await trpc(t.app, c.employee, "queries.take", { id: query.id });
      const neuro = await t.db.selectFrom("specializations").select("id").where("name", "=", "Neurosurgeon").executeTakeFirstOrThrow();
      await trpc(t.app, c.employee, "assignments.create", { queryId: query.id, consultantId: ids.dr_naidoo, specializationId: neuro.id });
      const queued = await t.db
        .selectFrom("email_outbox")
        .selectAll()
        .where("to_address", "=", "dr_naidoo@experts.example")
        .where("sent_at", "is", null)
        .execute();
      expect(queued.map((m) => m.subject)).toContain(`MedLegal: New assignment: ${query.reference}`);
      expect(await drainOutbox(t.db, createSmtpMailer(t.mailbox.url), "http://localhost:3000")).toBeGreaterThanOrEqual(1);
      const mail = await t.mailbox.waitFor("dr_naidoo@experts.example");
      expect(mail).toContain(`New assignment: ${query.reference}`);
      expect(mail).toContain(`http://localhost:3000/queries/${query.id}`);
      expect(await drainOutbox(t.db, createSmtpMailer(t.mailbox.url))).toBe(0);
    });
  });

  describe("documents", () => {
    it("stores a PDF, lets those who see the query download it, and refuses others", async () => {
      const { query } = await newQuery();
      const upload = await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: c.attorney, ...multipart("hospital records.pdf", PDF).headers },
        payload: multipart("hospital records.pdf", PDF).payload,
      });
      expect(upload.statusCode).toBe(201);
      const doc = upload.json() as { id: string; fileName: string; contentType: string; size: number };
      expect(doc).toMatchObject({ fileName: "hospital records.pdf", contentType: "application/pdf", size: PDF.length });

      const mine = await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: c.attorney } });
      expect(mine.statusCode).toBe(200);
      expect(mine.headers["content-type"]).toBe("application/pdf");
      expect(mine.rawPayload.equals(PDF)).toBe(true);
      expect((await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: c.employee } })).statusCode).toBe(
        200,
      );
      expect((await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: c.nomsa } })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: c.consultant } })).statusCode).toBe(
        404,
      );
      expect((await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}` })).statusCode).toBe(401);

      const detail = await trpc<QueryDetail>(t.app, c.attorney, "queries.get", { id: query.id });
      expect(detail.data.documents.map((d) => d.fileName)).toEqual(["hospital records.pdf"]);
    });

    it("judges the type by content and refuses other files with a clear message", async () => {
      const { query } = await newQuery();
      const fake = multipart("report.pdf", Buffer.from("MZ this is really an executable"));
      const refused = await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: c.attorney, ...fake.headers },
        payload: fake.payload,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ message: "Only PDF, PNG and JPEG files can be uploaded." });
      const big = multipart("big.pdf", Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]));
      const tooBig = await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: c.attorney, ...big.headers },
        payload: big.payload,
      });
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json()).toEqual({ message: "Files can be at most 10 MB." });
      const foreign = multipart("x.pdf", PDF);
      const elsewhere = await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: c.nomsa, ...foreign.headers },
        payload: foreign.payload,
      });
      expect(elsewhere.statusCode).toBe(404);
      const count = await t.db
        .selectFrom("files")
        .select(sql<number>`count(*)`.as("n"))
        .where("owner_id", "=", query.id)
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(0);
    });
  });

  describe("lists and dashboards", () => {
    it("searches by reference, claimant and firm, and filters by status and specialization", async () => {
      const byClaimant = await trpc<{ items: QueryListItem[] }>(t.app, c.employee, "queries.list", { search: "khumalo" });
      expect(byClaimant.data.items.map((q) => q.patientName)).toEqual(["Sibusiso Khumalo"]);
      const byFirm = await trpc<{ items: QueryListItem[] }>(t.app, c.employee, "queries.list", { search: "dube attorneys", limit: 100 });
      expect(byFirm.data.items.length).toBeGreaterThan(0);
      expect(byFirm.data.items.every((q) => q.firmName === "Dube Attorneys Inc.")).toBe(true);
      const ref = byClaimant.data.items[0]!.reference;
      expect(
        (await trpc<{ items: QueryListItem[] }>(t.app, c.employee, "queries.list", { search: ref })).data.items.map((q) => q.reference),
      ).toEqual([ref]);
      // A whole reference in any case finds exactly that query; part of one still searches the text.
      expect(
        (await trpc<{ items: QueryListItem[] }>(t.app, c.employee, "queries.list", { search: ` ${ref.toLowerCase()} ` })).data.items.map(
          (q) => q.reference,
        ),
      ).toEqual([ref]);
      const partial = await trpc<{ items: QueryListItem[] }>(t.app, c.employee, "queries.list", { search: ref.slice(0, -1), limit: 100 });
      expect(partial.data.items.map((q) => q.reference)).toContain(ref);
      const onHold = await trpc<{ items: QueryListItem[] }>(t.app, c.employee, "queries.list", { status: "on_hold" });
      expect(onHold.data.items.every((q) => q.status === "on_hold")).toBe(true);
      const actuary = await t.db.selectFrom("specializations").select("id").where("name", "=", "Actuary").executeTakeFirstOrThrow();
      const actuarial = await trpc<{ items: QueryListItem[] }>(t.app, c.employee, "queries.list", { specializationId: actuary.id });
      expect(actuarial.data.items.map((q) => q.patientName)).toEqual(["Marius Botha"]);
    });

    it.each(["newest", "oldest", "priority", "reference"])(
      "pages through every query sorted by %s with no gaps or repeats",
      async (sort) => {
        const all = await trpc<{ items: QueryListItem[] }>(t.app, c.admin, "queries.list", { sort, limit: 100 });
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: { data: { items: QueryListItem[]; nextCursor: string | null } } = await trpc(t.app, c.admin, "queries.list", {
            sort,
            limit: 3,
            cursor,
          });
          seen.push(...page.data.items.map((q) => q.id));
          cursor = page.data.nextCursor;
        } while (cursor);
        expect(seen).toEqual(all.data.items.map((q) => q.id));
      },
    );

    it("lists a query waiting for review once on the staff dashboard: an overdue one under 'Overdue' only", async () => {
      // The oldest new query's acknowledgement timer ran out ten days ago: it is overdue, by the SLA rule every screen reads.
      const oldest = await t.db
        .selectFrom("queries")
        .select(["id", "created_at"])
        .where("status", "=", "submitted")
        .orderBy("created_at")
        .orderBy("id")
        .executeTakeFirstOrThrow();
      const longAgo = new Date(Date.now() - 10 * 86_400_000);
      const breached = await t.db
        .updateTable("sla_timers")
        .set({ due_at: longAgo, at_risk_at: longAgo, paused_at: null })
        .where("query_id", "=", oldest.id)
        .where("policy", "=", "query_acknowledgement")
        .where("status", "=", "open")
        .executeTakeFirst();
      expect(Number(breached.numUpdatedRows)).toBe(1);
      const staff = await trpc<{ waitingForReview: QueryListItem[]; overdue: QueryListItem[] }>(t.app, c.employee, "dashboard.summary");
      expect(staff.data.overdue.map((q) => q.id)).toContain(oldest.id);
      const shown = [...staff.data.waitingForReview, ...staff.data.overdue].map((q) => q.id);
      expect(new Set(shown).size).toBe(shown.length);
    });

    it("shows each role its own dashboard figures", async () => {
      const attorney = await trpc<{ role: string; openQueries: number; byStatus: Record<string, number> }>(
        t.app,
        c.attorney,
        "dashboard.summary",
      );
      const ownOpen = await t.db
        .selectFrom("queries")
        .select(sql<number>`count(*)`.as("n"))
        .where("attorney_id", "=", ids.attorney!)
        .where("status", "in", ["submitted", "in_review", "assigning", "scheduled", "assessed", "reporting"])
        .executeTakeFirstOrThrow();
      expect(attorney.data).toMatchObject({ role: "attorney", openQueries: ownOpen.n });
      const staff = await trpc<{ role: string; waitingCount: number; unassignedCount: number }>(t.app, c.employee, "dashboard.summary");
      const submitted = await t.db
        .selectFrom("queries")
        .select(sql<number>`count(*)`.as("n"))
        .where("status", "=", "submitted")
        .executeTakeFirstOrThrow();
      expect(staff.data).toMatchObject({ role: "employee", waitingCount: submitted.n });
      expect(staff.data.unassignedCount).toBeGreaterThan(0);
      const consultant = await trpc<{ role: string; pending: { queryReference: string }[] }>(t.app, c.consultant, "dashboard.summary");
      expect(consultant.data.role).toBe("consultant");
      const workload = await trpc<QueryListItem[]>(t.app, c.employee, "dashboard.workload");
      expect(workload.data.every((q) => q.assignedEmployeeId === ids.employee)).toBe(true);
      const times = workload.data.map((q) => Date.parse(q.updatedAt));
      expect([...times].sort((a, b) => a - b)).toEqual(times);
    });

    it("lists consultants with their specialization and active assignments, filterable", async () => {
      const neuro = await t.db.selectFrom("specializations").select("id").where("name", "=", "Neurosurgeon").executeTakeFirstOrThrow();
      const list = await trpc<{ name: string; specialization: string; activeAssignments: number }[]>(
        t.app,
        c.employee,
        "consultants.list",
        { specializationId: neuro.id },
      );
      expect(list.data.map((x) => x.name)).toEqual(["Kavitha Naidoo"]);
      expect(
        (await trpc<{ name: string }[]>(t.app, c.employee, "consultants.list", { search: "MP 0123456" })).data.map((x) => x.name),
      ).toEqual(["Thandiwe Mokoena"]);
    });
  });

  describe("the audit trail", () => {
    it("lists rows with filters, shows one record's history, and exports CSV for administrators only", async () => {
      const { query } = await newQuery();
      await trpc(t.app, c.employee, "queries.take", { id: query.id });
      const history = await trpc<{ items: { action: string; actorName: string | null }[] }>(t.app, c.admin, "audit.list", {
        entityType: "query",
        entityId: query.id,
      });
      expect(history.data.items.map((r) => r.action)).toEqual(["query.move", "query.assign_employee", "query.create"]);
      expect(history.data.items[0]!.actorName).toBe("Priya Naidoo");
      const logins = await trpc<{ items: { action: string }[] }>(t.app, c.admin, "audit.list", {
        action: "auth.login",
        actorId: ids.nomsa,
      });
      expect(logins.data.items.length).toBeGreaterThan(0);
      expect(logins.data.items.every((r) => r.action.startsWith("auth.login"))).toBe(true);
      expect((await trpc(t.app, c.employee, "audit.list", {})).status).toBe(403);

      const csv = await t.app.inject({
        method: "GET",
        url: `/api/audit/export.csv?entityType=query&entityId=${query.id}`,
        headers: { cookie: c.admin },
      });
      expect(csv.statusCode).toBe(200);
      expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
      const lines = csv.body.trim().split("\r\n");
      expect(lines[0]).toBe("at,actor,role,action,entity_type,entity_id,entity_reference,before,after,ip,user_agent,request_id");
      expect(lines).toHaveLength(4);
      expect(lines[1]).toContain('"query.move"');
      expect((await t.app.inject({ method: "GET", url: "/api/audit/export.csv", headers: { cookie: c.employee } })).statusCode).toBe(403);
    });
  });
});
