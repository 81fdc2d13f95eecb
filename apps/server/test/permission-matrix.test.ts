import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter } from "@medlegal/api";
import type { Role } from "@medlegal/domain";
import { ROLES } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

const A: Role = "administrator";
const E: Role = "employee";
const T: Role = "attorney";
const C: Role = "consultant";
const ALL = [A, E, T, C];

/**
 * Who may call each procedure, written out by hand (not read from the permission map, so the
 * two check each other). A procedure missing here fails the suite: every new one needs a row.
 */
const MATRIX: Record<string, "public" | Role[]> = {
  "auth.me": "public",
  "auth.login": "public",
  "auth.register": "public",
  "auth.logout": ALL,
  "auth.forgotPassword": "public",
  "auth.resetPassword": "public",
  "notifications.list": ALL,
  "notifications.markRead": ALL,
  "notifications.markAllRead": ALL,
  "notifications.delete": ALL,
  "messages.unreadCount": ALL,
  "account.get": ALL,
  "account.updateProfile": ALL,
  "account.changePassword": ALL,
  "account.getNotificationPreferences": ALL,
  "account.setNotificationPreferences": ALL,
  "users.list": [A],
  "users.get": [A],
  "users.create": [A],
  "users.update": [A],
  "users.setActive": [A],
  "users.sendPasswordReset": [A],
  "specializations.listActive": "public",
  "specializations.list": [A],
  "specializations.create": [A],
  "specializations.update": [A],
  "specializations.setActive": [A],
  "specializations.remove": [A],
  "settings.getAgency": [A],
  "settings.updateAgency": [A],
  "settings.getSla": [A],
  "settings.updateSla": [A],
  "patients.list": [A, E, T],
  "patients.get": [A, E, T],
  "patients.create": [T],
  "patients.update": [A, E, T],
  "cases.list": [A, E, T],
  "cases.get": [A, E, T],
  "cases.create": [T],
  "cases.update": [A, E, T],
  "queries.list": ALL,
  "queries.get": ALL,
  "queries.create": [T],
  "queries.comment": ALL,
  "queries.move": [A, E],
  "queries.take": [A, E],
  "queries.assignEmployee": [A, E],
  "queries.listCaseManagers": [A, E],
  "assignments.listCandidates": [A, E],
  "assignments.create": [A, E],
  "assignments.withdraw": [A, E],
  "assignments.respond": [C],
  "assignments.listMine": [C],
  "consultants.list": [A, E],
  "dashboard.summary": ALL,
  "dashboard.workload": [A, E],
  "audit.list": [A],
  "availability.get": [A, E, C],
  "availability.setWeekly": [A, E, C],
  "availability.setOverride": [A, E, C],
  "availability.removeOverride": [A, E, C],
  "availability.week": [A, E],
  "bookings.list": ALL,
  "bookings.get": ALL,
  "bookings.listConsultants": [A, E, T],
  "bookings.listSlots": [A, E, T],
  "bookings.create": [A, E, T],
  "bookings.cancel": [A, E, T],
  "bookings.reschedule": [A, E, T],
  "bookings.confirm": [A, E],
  "bookings.recordAttendance": [A, E, C],
  "rosters.list": [A, E],
  "rosters.add": [A, E],
  "rosters.remove": [A, E],
};

const USERNAME: Record<Role, string> = { administrator: "admin", employee: "employee", attorney: "attorney", consultant: "consultant" };

const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation" } }>).map(
  ([path, procedure]) => ({ path, kind: procedure._def.type }),
);

describe("the permission matrix", () => {
  let t: TestApp;
  const cookies = {} as Record<Role, string>;
  beforeAll(async () => {
    t = await createTestApp("pglite");
    for (const role of ROLES) cookies[role] = (await login(t.app, USERNAME[role])).cookie;
  });
  afterAll(() => t.close());

  it("has a row for every procedure of the router, and no row for one that is gone", () => {
    expect(procedures.map((p) => p.path).sort()).toEqual(Object.keys(MATRIX).sort());
  });

  // Inputs are empty on purpose: an allowed caller gets past the role check and is then refused
  // for the input (400) or served; a refused caller never reaches the input.
  it.each(procedures)("$path answers each role as the matrix says", async ({ path, kind }) => {
    const access = MATRIX[path];
    expect(access, `no matrix row for ${path}`).toBeDefined();
    const anonymous = await trpc(t.app, "", path, kind === "query" ? undefined : {}, kind);
    if (access === "public") expect(anonymous.status).not.toBe(401);
    else expect(anonymous.status).toBe(401);

    for (const role of ROLES) {
      // Signing out ends the session it is called with, so it gets a session of its own.
      const cookie = path === "auth.logout" ? (await login(t.app, USERNAME[role])).cookie : cookies[role];
      const answer = await trpc(t.app, cookie, path, kind === "query" ? undefined : {}, kind);
      const allowed = access === "public" || (access ?? []).includes(role);
      if (allowed) expect([401, 403], `${role} should reach ${path}`).not.toContain(answer.status);
      else expect(answer.status, `${role} must be refused ${path}`).toBe(403);
    }
  });

  it("scopes notifications to their owner: another user's answers 404, one's own is served", async () => {
    const list = await trpc<{ id: string }[]>(t.app, cookies.attorney, "notifications.list");
    const attorneys = list.data[0]!.id;
    for (const role of [A, E, C]) {
      expect((await trpc(t.app, cookies[role], "notifications.markRead", { id: attorneys })).status).toBe(404);
      expect((await trpc(t.app, cookies[role], "notifications.delete", { id: attorneys })).status).toBe(404);
    }
    expect((await trpc(t.app, cookies.attorney, "notifications.markRead", { id: attorneys })).status).toBe(200);
  });
});
