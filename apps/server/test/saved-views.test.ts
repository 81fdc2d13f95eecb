import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { SavedView } from "@medlegal/domain";
import type { TestApp, TrpcAnswer } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/** Saved views (issue 30 item 2): each belongs to its owner, administrators share with staff, counts follow each caller's list. */
describe.each(testDialects())("saved views on %s", (kind) => {
  let t: TestApp;
  type Name = "admin" | "employee" | "attorney" | "nomsa" | "consultant";
  const c = {} as Record<Name, string>;
  const id = {} as Record<Name, string>;

  const views = async (who: Name) => {
    const answer = await trpc<SavedView[]>(t.app, c[who], "savedViews.list");
    expect(answer.status, answer.error?.message).toBe(200);
    return answer.data;
  };
  const create = (who: Name, input: Record<string, unknown>) => trpc<SavedView>(t.app, c[who], "savedViews.create", input);
  const queriesOf = async (attorneyId: string | null, status?: string) => {
    let q = t.db.selectFrom("queries").select((eb) => eb.fn.countAll<number>().as("n"));
    if (attorneyId) q = q.where("attorney_id", "=", attorneyId);
    if (status) q = q.where("status", "=", status as "submitted");
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney", "nomsa", "consultant"] as const) {
      c[name] = (await login(t.app, name)).cookie;
      id[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t.close());
  // Each test starts with no saved views (the demo data has none): names and counts are its own.
  beforeEach(async () => {
    await t.db.deleteFrom("saved_views").execute();
  });

  it("counts a view's rows with the list's own visibility: the attorney's own queries, all of them for staff", async () => {
    const mine = await create("attorney", { list: "queries", name: "My open work", filters: { sort: "priority" } });
    expect(mine.status, mine.error?.message).toBe(200);
    expect(mine.data).toMatchObject({
      list: "queries",
      name: "My open work",
      mine: true,
      shared: false,
      count: await queriesOf(id.attorney),
    });
    expect(mine.data.count).toBeLessThan(await queriesOf(null));

    const staff = await create("employee", { list: "queries", name: "Everything", filters: {} });
    expect(staff.data.count).toBe(await queriesOf(null));
    // The same filters the list applies: a status filter counts what the list would show.
    const submitted = await create("employee", { list: "queries", name: "New in", filters: { status: "submitted" } });
    expect(submitted.data.count).toBe(await queriesOf(null, "submitted"));
    const listed = await trpc<{ items: unknown[] }>(t.app, c.employee, "queries.list", { status: "submitted", limit: 100 });
    expect(submitted.data.count).toBe(listed.data.items.length);

    // Every list kind counts for a role that may read it.
    for (const list of ["cases", "bookings", "reports", "invoices"] as const) {
      const made = await create("attorney", { list, name: `My ${list}`, filters: {} });
      expect(made.status, `${list}: ${made.error?.message}`).toBe(200);
      expect(made.data.count, list).not.toBeNull();
    }
    const cases = (await views("attorney")).find((v) => v.name === "My cases")!;
    const attorneyCases = await t.db
      .selectFrom("cases")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("attorney_id", "=", id.attorney)
      .executeTakeFirstOrThrow();
    expect(cases.count).toBe(Number(attorneyCases.n));
  });

  it("sorts Booking Management on the server by date either way or by reference, page after page, and a view keeps the sort (issue 37)", async () => {
    type Page = { items: { id: string; reference: string; startsAt: string }[]; nextCursor: string | null };
    const all = async (sort: string) => {
      const seen: Page["items"] = [];
      let cursor: string | null = null;
      do {
        const page: TrpcAnswer<Page> = await trpc<Page>(t.app, c.employee, "bookings.list", {
          sort,
          limit: 2,
          ...(cursor ? { cursor } : {}),
        });
        expect(page.status, page.error?.message).toBe(200);
        seen.push(...page.data.items);
        cursor = page.data.nextCursor;
      } while (cursor);
      return seen;
    };
    const rows = await t.db.selectFrom("bookings").select(["id", "reference", "starts_at"]).execute();
    expect(rows.length).toBeGreaterThan(2);
    const byTime = [...rows].sort((a, b) => a.starts_at.getTime() - b.starts_at.getTime() || (a.id < b.id ? -1 : 1));
    expect((await all("soonest")).map((b) => b.id)).toEqual(byTime.map((b) => b.id));
    expect((await all("latest")).map((b) => b.id)).toEqual([...byTime].reverse().map((b) => b.id));
    expect((await all("reference")).map((b) => b.reference)).toEqual(rows.map((b) => b.reference).sort());

    const view = await create("employee", { list: "bookings", name: "Latest bookings", filters: { sort: "latest" } });
    expect(view.status, view.error?.message).toBe(200);
    expect(view.data.filters).toMatchObject({ sort: "latest" });
    expect((await views("employee")).find((v) => v.id === view.data.id)!.filters).toMatchObject({ sort: "latest" });
    expect(view.data.count).toBe(rows.length);
    expect((await trpc(t.app, c.employee, "bookings.list", { sort: "oldest" })).status).toBe(400);
  });

  it("belongs to its owner: others neither see, rename nor delete it (404), and each change is audited", async () => {
    const made = await create("attorney", { list: "queries", name: "Urgent ones", filters: { priority: "urgent" } });
    expect(made.status).toBe(200);
    for (const who of ["nomsa", "employee", "admin"] as const) {
      expect(
        (await views(who)).map((v) => v.id),
        who,
      ).not.toContain(made.data.id);
      const renamed = await trpc(t.app, c[who], "savedViews.update", { id: made.data.id, name: "Mine now" });
      expect(renamed.status, who).toBe(404);
      expect(renamed.error?.message).toBe("That saved view does not exist or is not yours to see.");
      expect((await trpc(t.app, c[who], "savedViews.delete", { id: made.data.id })).status, who).toBe(404);
    }
    const renamed = await trpc<SavedView>(t.app, c.attorney, "savedViews.update", { id: made.data.id, name: "Urgent matters" });
    expect(renamed.status).toBe(200);
    expect(renamed.data.name).toBe("Urgent matters");
    expect((await trpc(t.app, c.attorney, "savedViews.delete", { id: made.data.id })).status).toBe(200);
    expect((await views("attorney")).map((v) => v.id)).not.toContain(made.data.id);
    const audit = await t.db.selectFrom("audit_log").select(["action", "actor_id"]).where("entity_id", "=", made.data.id).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["saved_view.create", "saved_view.delete", "saved_view.update"]);
    expect(new Set(audit.map((a) => a.actor_id))).toEqual(new Set([id.attorney]));
  });

  it("lets an administrator share a view with all staff, who see it with their own count but cannot change it", async () => {
    const shared = await create("admin", { list: "queries", name: "Awaiting review", filters: { status: "in_review" }, shared: true });
    expect(shared.status, shared.error?.message).toBe(200);
    const seen = (await views("employee")).find((v) => v.id === shared.data.id);
    expect(seen).toMatchObject({ mine: false, shared: true, count: await queriesOf(null, "in_review") });
    expect((await trpc(t.app, c.employee, "savedViews.delete", { id: shared.data.id })).status).toBe(404);
    // Shared with staff only: attorneys and experts never see it.
    for (const who of ["attorney", "consultant"] as const)
      expect(
        (await views(who)).map((v) => v.id),
        who,
      ).not.toContain(shared.data.id);
  });

  it("refuses sharing by anyone but an administrator, lists the caller may not open, bad filters and a taken name, changing nothing", async () => {
    const before = await t.db
      .selectFrom("saved_views")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const sharedByEmployee = await create("employee", { list: "queries", name: "For everyone", filters: {}, shared: true });
    expect(sharedByEmployee.status).toBe(403);
    expect((await create("consultant", { list: "cases", name: "Cases", filters: {} })).status).toBe(403);
    const bad = await create("attorney", { list: "queries", name: "Odd", filters: { status: "bogus" } });
    expect(bad.status).toBe(400);
    expect((await create("attorney", { list: "nowhere", name: "Odd", filters: {} })).status).toBe(400);
    expect((await create("attorney", { list: "queries", name: "", filters: {} })).status).toBe(400);
    expect((await create("attorney", { list: "queries", name: "x".repeat(61), filters: {} })).status).toBe(400);
    expect((await create("nomsa", { list: "queries", name: "Same name", filters: {} })).status).toBe(200);
    const taken = await create("nomsa", { list: "reports", name: "same NAME", filters: {} });
    expect(taken.status).toBe(409);
    expect(taken.error?.message).toBe("You already have a view with this name");
    const after = await t.db
      .selectFrom("saved_views")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n) + 1);
  });
});
