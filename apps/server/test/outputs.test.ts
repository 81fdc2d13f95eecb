import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appRouter, createCaller, createSmtpMailer } from "@medlegal/api";
import type { Context } from "@medlegal/api";
import { testDialects } from "@medlegal/db/testing";
import type { CurrentUser } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, DEMO_PASSWORD, login, RELAXED_LIMITS, sessionCookie, signUpTokenIn, trpc, validAttorney } from "./helpers";

const procedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation"; output?: unknown } }>,
).map(([path, procedure]) => ({ path, kind: procedure._def.type, output: procedure._def.output }));

describe("output contracts", () => {
  it("every procedure declares the shape of its answer", () => {
    const without = procedures.filter((p) => !p.output).map((p) => p.path);
    expect(without).toEqual([]);
  });
});

describe.each(testDialects())("answers carry only what their contract names on %s", (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
  });
  afterAll(() => t.close());

  it("drops a field a service hands back beyond the contract (a password hash, a TOTP secret)", async () => {
    const row = await t.db
      .selectFrom("users")
      .select(["id", "username", "first_name", "last_name", "email", "role", "password_hash"])
      .where("username", "=", "admin")
      .executeTakeFirstOrThrow();
    const user: CurrentUser = {
      id: row.id,
      username: row.username,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      role: row.role,
      specialization: null,
    };
    // auth.me answers the signed-in user the server loaded; here that user object carries extras.
    const leaky = { ...user, passwordHash: row.password_hash, password_hash: row.password_hash, totpSecret: "JBSWY3DPEHPK3PXP" };
    const ctx: Context = {
      db: t.db,
      mailer: createSmtpMailer(t.mailbox.url),
      limits: RELAXED_LIMITS,
      user: leaky,
      meta: { ip: "127.0.0.1", userAgent: "outputs test", requestId: "outputs-test", appUrl: "http://localhost:3000" },
      session: {
        login: async () => {},
        awaitSecondFactor: async () => {},
        pendingSecondFactor: () => null,
        setPendingSecondFactor: () => {},
        logout: async () => {},
        currentId: () => null,
      },
      guest: { read: () => null, set: () => {} },
    };
    const answer = await createCaller(ctx).auth.me();
    expect(answer).toEqual(user);
    expect(JSON.stringify(answer)).not.toContain(row.password_hash);
  });

  it("never answers a password hash or a second-factor secret, whatever the procedure or the role", async () => {
    const bodies: { path: string; body: string }[] = [];
    const record = (path: string, body: string) => bodies.push({ path, body });
    let served = 0;

    // Sign-in, sign-up and the REST user answers.
    const signUp = validAttorney();
    const registered = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.register",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(signUp),
    });
    expect(registered.statusCode).toBe(200);
    record("auth.register", registered.body);
    const token = signUpTokenIn(await t.mailbox.waitFor(signUp.email));
    const confirmed = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.confirmRegistration",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ token }),
    });
    expect(confirmed.statusCode).toBe(200);
    record("auth.confirmRegistration", confirmed.body);
    const restLogin = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "employee", password: DEMO_PASSWORD } });
    record("POST /api/login", restLogin.body);
    record("GET /api/user", (await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: sessionCookie(restLogin) } })).body);

    const ids = async (table: "patients" | "cases" | "queries" | "bookings" | "users") =>
      (await t.db.selectFrom(table).select("id").limit(3).execute()).map((r) => r.id);
    const recordIds: Record<string, string[]> = {
      "patients.get": await ids("patients"),
      "cases.get": await ids("cases"),
      "queries.get": await ids("queries"),
      "bookings.get": await ids("bookings"),
      "users.get": await ids("users"),
    };

    for (const username of ["admin", "employee", "attorney", "consultant"]) {
      const { response, cookie } = await login(t.app, username);
      record(`${username} sign-in`, response.body);
      for (const { path } of procedures.filter((p) => p.kind === "query")) {
        for (const input of recordIds[path]?.map((id) => ({ id })) ?? [undefined, {}]) {
          const answer = await t.app.inject({
            method: "GET",
            url: `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
            headers: { cookie },
          });
          expect(answer.statusCode, `${username} ${path}: ${answer.body}`).toBeLessThan(500);
          if (answer.statusCode === 200) served += 1;
          record(`${username} ${path}`, answer.body);
        }
      }
    }
    const admin = (await login(t.app, "admin")).cookie;
    const created = await trpc<{ id: string }>(t.app, admin, "users.create", { ...validAttorney(), password: "Str0ng!Password" });
    expect(created.status).toBe(200);
    record("users.create", JSON.stringify(created));
    record("users.setActive", JSON.stringify(await trpc(t.app, admin, "users.setActive", { id: created.data.id, active: false })));

    const hashes = (await t.db.selectFrom("users").select("password_hash").execute()).map((r) => r.password_hash);
    const secrets = (await t.db.selectFrom("user_two_factor").select("secret_encrypted").execute()).map((r) => r.secret_encrypted);
    expect(hashes.length).toBeGreaterThan(5);
    // Most procedures answered with data (the rest refused the role or wanted input).
    expect(served).toBeGreaterThan(80);
    for (const { path, body } of bodies) {
      expect(body, path).not.toMatch(/\$argon2|password_?hash|passwordHash|secret_encrypted/i);
      for (const hash of hashes) expect(body.includes(hash), `${path} answers a password hash`).toBe(false);
      for (const secret of secrets) expect(body.includes(secret), `${path} answers a second-factor secret`).toBe(false);
    }
  });
});
