import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import { notificationsService } from "@medlegal/api";
import type { TestApp } from "./helpers";
import { createTestApp, login } from "./helpers";
import { SESSION_CHANNEL } from "../src/session-cache";

describe.each(testDialects())("notifications and the unread messages count on %s", (kind) => {
  let t: TestApp;
  let attorney: { cookie: string; id: string };
  let consultant: { cookie: string; id: string };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const a = await login(t.app, "attorney");
    attorney = { cookie: a.cookie, id: a.response.json().id };
    const c = await login(t.app, "consultant");
    consultant = { cookie: c.cookie, id: c.response.json().id };
    // Two messages from the agency to the attorney.
    const employee = await t.db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
    const thread = await t.db
      .insertInto("message_threads")
      .values({ subject: "Documents", created_by: employee.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("thread_participants")
      .values([
        { thread_id: thread.id, user_id: employee.id },
        { thread_id: thread.id, user_id: attorney.id },
      ])
      .execute();
    await t.db
      .insertInto("messages")
      .values([1, 2].map((n) => ({ thread_id: thread.id, sender_id: employee.id, body: `Message ${n}` })))
      .execute();
  });
  afterAll(() => t.close());

  // Each test starts from the same bells, whatever an earlier test read or deleted: the attorney's
  // twelve and an empty one for the consultant.
  beforeEach(async () => {
    await t.db.deleteFrom("notifications").where("user_id", "in", [attorney.id, consultant.id]).execute();
    // The attorney's bell: twelve notifications, oldest first, of which the two oldest are read.
    // A minute apart, so "newest first" does not hang on two rows written in the same clock tick.
    for (let i = 1; i <= 12; i++) {
      const title = `Query Q-2026-000${String(i).padStart(2, "0")} in review`;
      await notificationsService.notify(t.db, {
        userId: attorney.id,
        type: "query_update",
        title,
        message: "Your query is being reviewed.",
      });
      await t.db
        .updateTable("notifications")
        .set({ created_at: new Date(Date.now() - (13 - i) * 60_000) })
        .where("user_id", "=", attorney.id)
        .where("title", "=", title)
        .execute();
    }
    const oldest = await t.db
      .selectFrom("notifications")
      .select("id")
      .where("user_id", "=", attorney.id)
      .orderBy("created_at")
      .limit(2)
      .execute();
    // The server keeps each bell's version in memory until the database announces a change
    // (docs/decisions.md, "Session cache"): the test starts once the last change is announced.
    const announced = new Promise<void>((resolve) => {
      const stop = t.app.listener!.subscribe(SESSION_CHANNEL, (event) => {
        if (event.kind === "payload" && event.payload === `n:${attorney.id}`) {
          stop();
          resolve();
        }
      });
    });
    await t.db
      .updateTable("notifications")
      .set({ read: true })
      .where(
        "id",
        "in",
        oldest.map((n) => n.id),
      )
      .execute();
    await announced;
  });

  const list = (who: { cookie: string }, userId: string) =>
    t.app.inject({ method: "GET", url: `/api/notifications/${userId}`, headers: { cookie: who.cookie } });

  it("lists the user's own notifications newest first, with the fields of docs/product-rules.md#notifications", async () => {
    const response = await list(attorney, attorney.id);
    expect(response.statusCode).toBe(200);
    const items = response.json() as { createdAt: string; read: boolean }[];
    expect(items).toHaveLength(12);
    expect(items[0]).toEqual({
      id: expect.any(String),
      userId: attorney.id,
      type: "query_update",
      title: "Query Q-2026-00012 in review",
      message: expect.any(String),
      read: false,
      link: null,
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const times = items.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(items.filter((n) => !n.read)).toHaveLength(10);
  });

  it("answers 401 without a session and 403 for someone else's list", async () => {
    expect((await t.app.inject({ method: "GET", url: `/api/notifications/${attorney.id}` })).statusCode).toBe(401);
    const other = await list(consultant, attorney.id);
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: "You can only see your own notifications." });
  });

  it("answers 400 for an id that is not an id", async () => {
    const response = await list(attorney, "not-a-uuid");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "That is not a valid user id" });
  });

  it("marks one read, and refuses another user's notification as missing", async () => {
    const [first] = (await list(attorney, attorney.id)).json() as { id: string }[];
    const foreign = await t.app.inject({
      method: "PATCH",
      url: `/api/notifications/${first!.id}/read`,
      headers: { cookie: consultant.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/notifications/${first!.id}/read`,
      headers: { cookie: attorney.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: first!.id, read: true });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", first!.id).execute();
    expect(audit).toEqual([expect.objectContaining({ action: "notification.read", before: { read: false }, after: { read: true } })]);
  });

  it("answers 404 for a notification that does not exist", async () => {
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/notifications/00000000-0000-4000-8000-000000000000/read",
      headers: { cookie: attorney.cookie },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "That notification no longer exists." });
  });

  it("marks all read for oneself only", async () => {
    // Three of the twelve read already (the two oldest, and the newest as the user opened it): nine to mark.
    const [newest] = (await list(attorney, attorney.id)).json() as { id: string }[];
    expect(
      (await t.app.inject({ method: "PATCH", url: `/api/notifications/${newest!.id}/read`, headers: { cookie: attorney.cookie } }))
        .statusCode,
    ).toBe(200);
    const foreign = await t.app.inject({
      method: "PATCH",
      url: `/api/notifications/${attorney.id}/read-all`,
      headers: { cookie: consultant.cookie },
    });
    expect(foreign.statusCode).toBe(403);
    const response = await t.app.inject({
      method: "PATCH",
      url: `/api/notifications/${attorney.id}/read-all`,
      headers: { cookie: attorney.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ updated: 9 });
    const items = (await list(attorney, attorney.id)).json() as { read: boolean }[];
    expect(items.every((n) => n.read)).toBe(true);
  });

  it("deletes one: 204, then it is gone; another user's cannot be deleted", async () => {
    const [first] = (await list(attorney, attorney.id)).json() as { id: string }[];
    const foreign = await t.app.inject({
      method: "DELETE",
      url: `/api/notifications/${first!.id}`,
      headers: { cookie: consultant.cookie },
    });
    expect(foreign.statusCode).toBe(404);
    const response = await t.app.inject({ method: "DELETE", url: `/api/notifications/${first!.id}`, headers: { cookie: attorney.cookie } });
    expect(response.statusCode).toBe(204);
    const items = (await list(attorney, attorney.id)).json() as { id: string }[];
    expect(items).toHaveLength(11);
    expect(items.some((n) => n.id === first!.id)).toBe(false);
    const again = await t.app.inject({ method: "DELETE", url: `/api/notifications/${first!.id}`, headers: { cookie: attorney.cookie } });
    expect(again.statusCode).toBe(404);
  });

  it("counts unread messages in the user's own threads", async () => {
    const forAttorney = await t.app.inject({ method: "GET", url: "/api/messages/unread", headers: { cookie: attorney.cookie } });
    expect(forAttorney.json()).toEqual({ count: 2 });
    const forConsultant = await t.app.inject({ method: "GET", url: "/api/messages/unread", headers: { cookie: consultant.cookie } });
    expect(forConsultant.json()).toEqual({ count: 0 });
    expect((await t.app.inject({ method: "GET", url: "/api/messages/unread" })).statusCode).toBe(401);
  });

  it("serves the same data through tRPC, scoped to the caller", async () => {
    const response = await t.app.inject({ method: "GET", url: "/trpc/notifications.list", headers: { cookie: consultant.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual([]);
    const unread = await t.app.inject({ method: "GET", url: "/trpc/messages.unreadCount", headers: { cookie: attorney.cookie } });
    expect(unread.json().result.data).toEqual({ count: 2 });
    const anonymous = await t.app.inject({ method: "GET", url: "/trpc/notifications.list" });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers an unchanged bell 304 by its ETag, and a new ETag after every create, read, read-all and delete", async () => {
    const e = await login(t.app, "employee");
    const employee = { cookie: e.cookie, id: e.response.json().id as string };
    const poll = (etag?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/notifications/${employee.id}`,
        headers: { cookie: employee.cookie, ...(etag ? { "if-none-match": etag } : {}) },
      });
    const first = await poll();
    expect(first.statusCode).toBe(200);
    let etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    // Unchanged: 304, no body, the same tag; without If-None-Match the list comes again.
    const unchanged = await poll(etag);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe("");
    expect(unchanged.headers.etag).toBe(etag);
    expect((await poll()).json()).toEqual(first.json());
    // Each change to the employee's notifications gives a new tag and the new list; then 304 again.
    const changedBy = async (change: () => Promise<unknown>) => {
      // The server keeps the version in memory and forgets it when the change is announced
      // (docs/decisions.md, "Session cache"): a change made here beside the server waits for that.
      const announced = new Promise<void>((resolve) => {
        const stop = t.app.listener!.subscribe(SESSION_CHANNEL, (event) => {
          if (event.kind === "payload" && event.payload === `n:${employee.id}`) {
            stop();
            resolve();
          }
        });
      });
      await change();
      await announced;
      const response = await poll(etag);
      expect(response.statusCode).toBe(200);
      expect(response.headers.etag).not.toBe(etag);
      etag = response.headers.etag as string;
      expect((await poll(etag)).statusCode).toBe(304);
      return response.json() as { id: string; title: string; read: boolean }[];
    };
    let items = await changedBy(() =>
      notificationsService.notify(t.db, { userId: employee.id, type: "other", title: "First new one", message: "Created by notify." }),
    );
    expect(items[0]).toMatchObject({ title: "First new one", read: false });
    items = await changedBy(() =>
      notificationsService.notifyMany(t.db, [
        { userId: employee.id, type: "other", title: "Second new one", message: "Created by notifyMany." },
      ]),
    );
    expect(items[0]).toMatchObject({ title: "Second new one" });
    items = await changedBy(() =>
      t.app.inject({ method: "PATCH", url: `/api/notifications/${items[0]!.id}/read`, headers: { cookie: employee.cookie } }),
    );
    expect(items[0]).toMatchObject({ title: "Second new one", read: true });
    items = await changedBy(() =>
      t.app.inject({ method: "PATCH", url: `/api/notifications/${employee.id}/read-all`, headers: { cookie: employee.cookie } }),
    );
    expect(items.every((n) => n.read)).toBe(true);
    const deleted = items[0]!.id;
    items = await changedBy(() =>
      t.app.inject({ method: "DELETE", url: `/api/notifications/${deleted}`, headers: { cookie: employee.cookie } }),
    );
    expect(items.some((n) => n.id === deleted)).toBe(false);
    // Nothing left to mark read, and another user's new notification: still 304.
    await t.app.inject({ method: "PATCH", url: `/api/notifications/${employee.id}/read-all`, headers: { cookie: employee.cookie } });
    await notificationsService.notify(t.db, {
      userId: consultant.id,
      type: "other",
      title: "Not the employee's",
      message: "Someone else's bell.",
    });
    expect((await poll(etag)).statusCode).toBe(304);
    // The tag opens nothing: someone else's list is refused as before, whatever If-None-Match says.
    const foreign = await t.app.inject({
      method: "GET",
      url: `/api/notifications/${employee.id}`,
      headers: { cookie: consultant.cookie, "if-none-match": etag },
    });
    expect(foreign.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: `/api/notifications/${employee.id}`, headers: { "if-none-match": etag } })).statusCode,
    ).toBe(401);
  });

  it("sends the bell's list as brotli, gzip or plain JSON as the client accepts, the same list each time", async () => {
    const e = await login(t.app, "employee");
    const userId = e.response.json().id as string;
    // Enough notifications for a list above the 1 KB below which nothing is compressed.
    for (let i = 1; i <= 8; i++)
      await notificationsService.notify(t.db, {
        userId,
        type: "other",
        title: `Reminder ${i}`,
        message: `Reminder number ${i} for the employee, long enough to count.`,
      });
    const poll = (encoding?: string) =>
      t.app.inject({
        method: "GET",
        url: `/api/notifications/${userId}`,
        headers: { cookie: e.cookie, ...(encoding ? { "accept-encoding": encoding } : {}) },
      });
    const plain = await poll();
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-type"]).toBe("application/json; charset=utf-8");
    const list = plain.json() as { title: string }[];
    expect(list.filter((n) => n.title.startsWith("Reminder"))).toHaveLength(8);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const decoded = { br: (b: Buffer) => zlib.brotliDecompressSync(b), gzip: (b: Buffer) => zlib.gunzipSync(b) };
    // Twice each: the second answer may come from memory, and must be the same.
    for (const [header, encoding] of [
      ["br, gzip", "br"],
      ["gzip, deflate", "gzip"],
      ["br;q=0, *", "gzip"],
      ["gzip;q=0.5, br", "br"],
      ["br", "br"],
      ["br", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const answer = await poll(header);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-encoding"], header).toBe(encoding);
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(answer.headers["content-length"])).toBe(answer.rawPayload.length);
      expect(JSON.parse(decoded[encoding](answer.rawPayload).toString("utf8"))).toEqual(list);
    }
    for (const refused of ["identity", "deflate", "gzip;q=0, br;q=0"]) {
      const answer = await poll(refused);
      expect(answer.headers["content-encoding"], refused).toBeUndefined();
      expect(answer.json()).toEqual(list);
    }
    // The same choice as the compression plugin makes for any other answer (here tRPC's list).
    for (const header of ["br, gzip", "gzip, deflate", "br;q=0, *", "x-gzip", "gzip;q=0.5, br", "identity", "deflate", "BR"]) {
      const plugin = await t.app.inject({
        method: "GET",
        url: "/trpc/notifications.list",
        headers: { cookie: e.cookie, "accept-encoding": header },
      });
      expect((await poll(header)).headers["content-encoding"], header).toBe(plugin.headers["content-encoding"]);
    }
  });

  it("answers an unknown API path with a JSON 404", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/nothing-here" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "There is no GET /api/nothing-here." });
  });
});
