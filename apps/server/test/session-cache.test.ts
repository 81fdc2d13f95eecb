import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import { DEMO_PASSWORD, notificationsService } from "@medlegal/api";
import type { TestApp } from "./helpers";
import { SESSION_CHANNEL } from "../src/session-cache";
import { createTestApp, login, sessionId, trpc } from "./helpers";

/** Resolves once `app`'s listening connection has heard a revocation that `matches`. */
function revocationHeard(app: FastifyInstance, matches: (payload: string) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const stop = app.listener!.subscribe(SESSION_CHANNEL, (event) => {
      if (event.kind === "payload" && matches(event.payload)) {
        stop();
        resolve();
      }
    });
  });
}

/** GET /api/user on an instance: the status and, when signed in, the role it reports. */
async function whoAmI(app: FastifyInstance, cookie: string) {
  const response = await app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
  return { status: response.statusCode, role: response.statusCode === 200 ? (response.json() as { role: string }).role : null };
}

/**
 * Each instance keeps sessions and users in memory (docs/decisions.md, "Session cache"); these
 * prove that a revocation made through one instance holds on the other at its next request once
 * PostgreSQL has delivered the notification (at commit; PGlite before the commit returns), though
 * that instance answered the same session from memory just before.
 */
describe.each(testDialects())("sessions kept in memory, revoked everywhere at once, on %s", (kind) => {
  let t: TestApp;
  let other: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await t.another();
    await Promise.all([t.app.listener!.ready(), other.listener!.ready()]);
  });
  afterAll(() => t.close());

  /** Signs in on the first instance and has both answer the session (so both keep it). */
  async function signedInOnBoth(username: string) {
    const { cookie } = await login(t.app, username);
    for (const app of [t.app, other, t.app, other]) expect((await whoAmI(app, cookie)).status).toBe(200);
    return cookie;
  }

  it("a session logged out on one instance is refused by the other on its next request", async () => {
    const cookie = await signedInOnBoth("consultant");
    const heard = revocationHeard(other, (p) => p === `s:${sessionId(cookie)}`);
    const out = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
    expect(out.statusCode).toBe(200);
    await heard;
    expect((await whoAmI(other, cookie)).status).toBe(401);
    expect((await whoAmI(t.app, cookie)).status).toBe(401);
  });

  it("a user deactivated through one instance is refused by the other on the next request", async () => {
    const cookie = await signedInOnBoth("pieter");
    const { cookie: admin } = await login(t.app, "admin");
    const pieter = await t.db.selectFrom("users").select("id").where("username", "=", "pieter").executeTakeFirstOrThrow();
    const heard = revocationHeard(other, (p) => p === `s:${sessionId(cookie)}` || p === `u:${pieter.id}`);
    const off = await trpc(t.app, admin, "users.setActive", { id: pieter.id, active: false });
    expect(off.status, off.error?.message).toBe(200);
    await heard;
    expect((await whoAmI(other, cookie)).status).toBe(401);
    // Active again: the old session stays ended, a new sign-in works on both.
    expect((await trpc(t.app, admin, "users.setActive", { id: pieter.id, active: true })).status).toBe(200);
    expect((await whoAmI(t.app, cookie)).status).toBe(401);
    expect((await whoAmI(other, (await login(other, "pieter")).cookie)).status).toBe(200);
  });

  it("a password change ends the user's other sessions on every instance", async () => {
    const elsewhere = await signedInOnBoth("nomsa");
    const { cookie: here } = await login(t.app, "nomsa");
    const heard = revocationHeard(other, (p) => p === `s:${sessionId(elsewhere)}`);
    const changed = await trpc(t.app, here, "account.changePassword", {
      currentPassword: DEMO_PASSWORD,
      newPassword: "An0ther!Passw0rd",
      confirmPassword: "An0ther!Passw0rd",
    });
    expect(changed.status, changed.error?.message).toBe(200);
    await heard;
    expect((await whoAmI(other, elsewhere)).status).toBe(401);
  });

  it("a role changed in the database is what the other instance reports next, whatever path changed it", async () => {
    const cookie = await signedInOnBoth("sipho");
    expect((await whoAmI(other, cookie)).role).toBe("employee");
    const sipho = await t.db.selectFrom("users").select("id").where("username", "=", "sipho").executeTakeFirstOrThrow();
    for (const role of ["administrator", "employee"]) {
      const heard = revocationHeard(other, (p) => p === `u:${sipho.id}`);
      await sql`UPDATE users SET role = ${role} WHERE id = ${sipho.id}`.execute(t.db);
      await heard;
      expect((await whoAmI(other, cookie)).role).toBe(role);
    }
  });

  it("a bell list kept in memory is replaced on every instance by its next poll after a change", async () => {
    const { cookie, response } = await login(t.app, "attorney");
    const userId = (response.json() as { id: string }).id;
    const bell = async (app: FastifyInstance) => {
      const answer = await app.inject({ method: "GET", url: `/api/notifications/${userId}`, headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      return answer.json() as { id: string; read: boolean }[];
    };
    for (const title of ["Report received", "Invoice sent"]) {
      const announced = Promise.all([t.app, other].map((app) => revocationHeard(app, (p) => p === `n:${userId}`)));
      await notificationsService.notify(t.db, { userId, type: "other", title, message: `${title} for the attorney.` });
      await announced;
    }
    // Both instances answer the list twice, so both keep it.
    for (const app of [t.app, other, t.app, other]) await bell(app);
    const before = await bell(other);
    expect(before.map((n) => n.read)).toEqual([false, false]);
    const unread = before[1];
    // Marked read through the first instance: the second's next poll has it read.
    const heard = revocationHeard(other, (p) => p === `n:${userId}`);
    const read = await t.app.inject({ method: "PATCH", url: `/api/notifications/${unread!.id}/read`, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    await heard;
    expect((await bell(other)).find((n) => n.id === unread!.id)?.read).toBe(true);
    // Deleted in the database directly: both instances' next polls leave it out.
    const gone = before[0]!.id;
    const deleted = Promise.all([t.app, other].map((app) => revocationHeard(app, (p) => p === `n:${userId}`)));
    await t.db.deleteFrom("notifications").where("id", "=", gone).execute();
    await deleted;
    for (const app of [t.app, other]) expect((await bell(app)).map((n) => n.id)).not.toContain(gone);
  });

  it("an instance that keeps no bell lists answers the same lists", async () => {
    const none = await t.another({ notificationListCacheBytes: 0 });
    await none.listener!.ready();
    const { cookie, response } = await login(none, "consultant");
    const url = `/api/notifications/${(response.json() as { id: string }).id}`;
    const kept = await t.app.inject({ method: "GET", url, headers: { cookie } });
    const read = await none.inject({ method: "GET", url, headers: { cookie } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(kept.json());
    expect(read.headers.etag).toBe(kept.headers.etag);
  });

  it("an instance that cannot hear revocations asks the database on every request", async () => {
    const third = await t.another();
    await third.listener!.ready();
    const { cookie } = await login(third, "employee");
    expect((await whoAmI(third, cookie)).status).toBe(200);
    await third.listener!.close();
    await t.db.deleteFrom("sessions").where("sid", "=", sessionId(cookie)).execute();
    expect((await whoAmI(third, cookie)).status).toBe(401);
  });
});
