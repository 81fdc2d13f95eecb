import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { BulkResult, QueryStatus } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/** Bulk actions (issue 30 item 3): each selected row by its own rules, a refused row leaves the others done, one audit row per record changed. */
describe.each(testDialects())("bulk actions on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<"employee" | "attorney" | "consultant", string>;
  const MISSING = "00000000-0000-4000-8000-000000000000";

  const queriesIn = (status: QueryStatus) =>
    t.db.selectFrom("queries").select(["id", "reference"]).where("status", "=", status).orderBy("reference").execute();
  const auditOf = (action: string, ids: string[]) =>
    t.db.selectFrom("audit_log").select(["entity_id"]).where("action", "=", action).where("entity_id", "in", ids).execute();

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["employee", "attorney", "consultant"] as const) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  it("moves the rows the state machine allows, refuses the others with the reason, and audits each move", async () => {
    // Two new queries of the attorney's (submitted) and one already in review.
    const matter = await t.db
      .selectFrom("cases")
      .innerJoin("users", "users.id", "cases.attorney_id")
      .select("cases.id")
      .where("users.username", "=", "attorney")
      .executeTakeFirstOrThrow();
    const spec = await t.db.selectFrom("specializations").select("id").orderBy("name").executeTakeFirstOrThrow();
    const fresh: { id: string; reference: string }[] = [];
    for (const subject of ["Bulk move one", "Bulk move two"]) {
      const made = await trpc<{ id: string; reference: string }>(t.app, c.attorney, "queries.create", {
        caseId: matter.id,
        subject,
        instructions: "Assess",
        specializationIds: [spec.id],
      });
      expect(made.status, made.error?.message).toBe(200);
      fresh.push(made.data);
    }
    const [inReview] = await queriesIn("in_review");
    const ids = [fresh[0]!.id, inReview!.id, fresh[1]!.id, MISSING];
    const refusedMovesBefore = (await auditOf("query.move", [inReview!.id])).length;
    const answer = await trpc<BulkResult>(t.app, c.employee, "bulkActions.queries", { ids, action: { kind: "move", to: "in_review" } });
    expect(answer.status, answer.error?.message).toBe(200);
    expect(answer.data.results).toEqual([
      { id: fresh[0]!.id, reference: fresh[0]!.reference, ok: true, message: "Moved to In review." },
      { id: inReview!.id, reference: inReview!.reference, ok: false, message: "A query that is in review cannot move to in review." },
      { id: fresh[1]!.id, reference: fresh[1]!.reference, ok: true, message: "Moved to In review." },
      { id: MISSING, reference: null, ok: false, message: "That query does not exist or is not yours to see." },
    ]);
    const statuses = await t.db.selectFrom("queries").select(["id", "status"]).where("id", "in", ids.slice(0, 3)).execute();
    expect(statuses.every((s) => s.status === "in_review")).toBe(true);
    expect((await auditOf("query.move", [fresh[0]!.id, fresh[1]!.id])).map((a) => a.entity_id).sort()).toEqual(
      [fresh[0]!.id, fresh[1]!.id].sort(),
    );
    expect((await auditOf("query.move", [inReview!.id])).length, "the refused row is not audited as moved").toBe(refusedMovesBefore);
  });

  it("comments on and hands over each selected query, one audit row per record", async () => {
    // Up to three of the demo's queries being assigned (how many the demo has depends on its day).
    const rows = (await queriesIn("assigning")).slice(0, 3);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const ids = rows.map((r) => r.id);
    const commentsBefore = (await auditOf("query.comment", ids)).length;
    const comment = await trpc<BulkResult>(t.app, c.employee, "bulkActions.queries", {
      ids,
      action: { kind: "comment", body: "Chasing the experts this week." },
    });
    expect(comment.data.results.every((r) => r.ok && r.message === "Comment added.")).toBe(true);
    expect((await auditOf("query.comment", ids)).length).toBe(commentsBefore + ids.length);
    const employee = await t.db
      .selectFrom("users")
      .select(["id", "first_name", "last_name"])
      .where("username", "=", "employee")
      .executeTakeFirstOrThrow();
    const assign = await trpc<BulkResult>(t.app, c.employee, "bulkActions.queries", {
      ids,
      action: { kind: "assign", employeeId: employee.id },
    });
    expect(assign.data.results.map((r) => r.message)).toEqual(
      ids.map(() => `Case manager is now ${employee.first_name} ${employee.last_name}.`),
    );
    const managed = await t.db.selectFrom("queries").select("assigned_employee_id").where("id", "in", ids).execute();
    expect(managed.every((q) => q.assigned_employee_id === employee.id)).toBe(true);
  });

  it("reminds the experts of open queries and refuses a closed one", async () => {
    const withExperts = await t.db
      .selectFrom("queries")
      .innerJoin("consultant_assignments", "consultant_assignments.query_id", "queries.id")
      .select(["queries.id", "queries.reference"])
      .distinct()
      .where("consultant_assignments.status", "in", ["proposed", "accepted"])
      .where("queries.status", "in", ["assigning", "scheduled", "assessed", "reporting"])
      .orderBy("queries.reference")
      .executeTakeFirstOrThrow();
    const closed = await t.db
      .selectFrom("queries")
      .select(["id", "reference"])
      .where("status", "in", ["completed", "cancelled"])
      .executeTakeFirstOrThrow();
    const answer = await trpc<BulkResult>(t.app, c.employee, "bulkActions.queries", {
      ids: [withExperts.id, closed.id],
      action: { kind: "remind" },
    });
    expect(answer.data.results[0]).toMatchObject({ ok: true, reference: withExperts.reference });
    expect(answer.data.results[1]).toEqual({
      id: closed.id,
      reference: closed.reference,
      ok: false,
      message: `${closed.reference} is closed: its experts need no reminder.`,
    });
    expect((await auditOf("query.remind_experts", [withExperts.id, closed.id])).map((a) => a.entity_id)).toEqual([withExperts.id]);
  });

  it("reminds the experts of owed reports and refuses a released one", async () => {
    const owed = await t.db.selectFrom("reports").select(["id", "reference"]).where("status", "=", "awaiting").executeTakeFirstOrThrow();
    const released = await t.db
      .selectFrom("reports")
      .select(["id", "reference"])
      .where("status", "=", "released")
      .executeTakeFirstOrThrow();
    const answer = await trpc<BulkResult>(t.app, c.employee, "bulkActions.reports", {
      ids: [owed.id, released.id],
      action: { kind: "remind" },
    });
    expect(answer.status, answer.error?.message).toBe(200);
    expect(answer.data.results.map((r) => [r.reference, r.ok])).toEqual([
      [owed.reference, true],
      [released.reference, false],
    ]);
    expect((await auditOf("report.remind_expert", [owed.id, released.id])).map((a) => a.entity_id)).toEqual([owed.id]);
  });

  it("is for staff only, and refuses bad input whole, changing nothing", async () => {
    const [row] = await queriesIn("in_review");
    for (const who of ["attorney", "consultant"] as const) {
      expect(
        (await trpc(t.app, c[who], "bulkActions.queries", { ids: [row!.id], action: { kind: "comment", body: "Hi" } })).status,
        who,
      ).toBe(403);
      expect((await trpc(t.app, c[who], "bulkActions.reports", { ids: [row!.id], action: { kind: "remind" } })).status, who).toBe(403);
    }
    const bad = [
      { ids: [], action: { kind: "remind" } },
      { ids: [row!.id, row!.id], action: { kind: "remind" } },
      { ids: Array.from({ length: 101 }, () => MISSING), action: { kind: "remind" } },
      { ids: [row!.id], action: { kind: "move", to: "cancelled" } },
      { ids: [row!.id], action: { kind: "explode" } },
      { ids: ["not-an-id"], action: { kind: "remind" } },
    ];
    for (const input of bad)
      expect((await trpc(t.app, c.employee, "bulkActions.queries", input)).status, JSON.stringify(input).slice(0, 80)).toBe(400);
    const status = await t.db.selectFrom("queries").select("status").where("id", "=", row!.id).executeTakeFirstOrThrow();
    expect(status.status).toBe("in_review");
  });

  it("gives the board's cards their experts, nearest SLA deadline and the moves the state machine allows, for staff only", async () => {
    const withExperts = await t.db
      .selectFrom("queries")
      .innerJoin("consultant_assignments", "consultant_assignments.query_id", "queries.id")
      .innerJoin("users", "users.id", "consultant_assignments.consultant_id")
      .select(["queries.id", "queries.status", "users.first_name", "users.last_name"])
      .where("consultant_assignments.status", "in", ["proposed", "accepted"])
      .where("queries.status", "=", "assigning")
      .executeTakeFirstOrThrow();
    const cards = await trpc<{ id: string; experts: string[]; nextStatuses: string[]; nextDeadline: string | null }[]>(
      t.app,
      c.employee,
      "queries.board",
      { ids: [withExperts.id, MISSING] },
    );
    expect(cards.status, cards.error?.message).toBe(200);
    expect(cards.data.map((card) => card.id)).toEqual([withExperts.id]);
    expect(cards.data[0]!.experts).toContain(`${withExperts.first_name} ${withExperts.last_name}`);
    expect(cards.data[0]!.nextStatuses).toEqual(["scheduled", "on_hold", "cancelled"]);
    for (const who of ["attorney", "consultant"] as const)
      expect((await trpc(t.app, c[who], "queries.board", { ids: [withExperts.id] })).status, who).toBe(403);
  });
});
