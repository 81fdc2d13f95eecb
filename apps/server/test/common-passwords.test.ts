import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import { PASSWORD_TOO_COMMON } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, DEMO_PASSWORD, login, resetTokenIn, signUp, trpc, uniqueSuffix as unique, validAttorney } from "./helpers";

// Each meets the composition rules (12+ characters, upper, lower, digit, special) and is refused as
// common: a list entry with digits and symbols around it, or guessed in under a million tries.
const COMMON = ["Password123!", "Qwerty123456!", "P@ssw0rd1234", "Welcome@2024"];

describe.each(testDialects())("common passwords are refused on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  it("at sign-up, naming the password field, and creates no account", async () => {
    for (const password of COMMON) {
      const payload = { ...validAttorney(), username: `common_${unique()}`, password };
      const response = await t.app.inject({ method: "POST", url: "/api/register", payload });
      expect(response.statusCode, password).toBe(400);
      expect(response.json()).toEqual({ message: PASSWORD_TOO_COMMON });
      const row = await t.db.selectFrom("users").select("id").where("username", "=", payload.username).executeTakeFirst();
      expect(row).toBeUndefined();
    }
    const trpcAnswer = await trpc(t.app, "", "auth.register", {
      ...validAttorney(),
      username: `common_${unique()}`,
      password: "Password123!",
    });
    expect(trpcAnswer.status).toBe(400);
    expect(trpcAnswer.error?.data.fieldErrors).toEqual({ password: PASSWORD_TOO_COMMON });
  });

  it("when an administrator creates an account", async () => {
    const admin = await login(t.app, "admin");
    const n = unique();
    const input = { role: "employee", username: `emp_${n}`, email: `emp_${n}@agency.example`, firstName: "Zanele", lastName: "Khumalo" };
    const refused = await trpc(t.app, admin.cookie, "users.create", { ...input, password: "Qwerty123456!" });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe(PASSWORD_TOO_COMMON);
    expect(refused.error?.data.fieldErrors).toEqual({ password: PASSWORD_TOO_COMMON });
    expect((await trpc(t.app, admin.cookie, "users.create", { ...input, password: "Str0ng!Password" })).status).toBe(200);
  });

  it("when a user changes their password, and the old one keeps working", async () => {
    const payload = { ...validAttorney(), username: `change_${unique()}` };
    const registered = await signUp(t, payload);
    expect(registered.statusCode).toBe(201);
    const { cookie } = await login(t.app, payload.username, payload.password);
    const refused = await trpc(t.app, cookie, "account.changePassword", { currentPassword: payload.password, newPassword: "P@ssw0rd1234" });
    expect(refused.status).toBe(400);
    expect(refused.error?.data.fieldErrors).toEqual({ newPassword: PASSWORD_TOO_COMMON });
    expect((await login(t.app, payload.username, payload.password)).response.statusCode).toBe(200);
    expect((await login(t.app, payload.username, "P@ssw0rd1234")).response.statusCode).toBe(401);
  });

  it("at a password reset, and the link stays usable for a better password", async () => {
    const payload = { ...validAttorney(), username: `reset_${unique()}` };
    expect((await signUp(t, payload)).statusCode).toBe(201);
    await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: payload.email } });
    const token = resetTokenIn(await t.mailbox.waitFor(payload.email, 2));
    const refused = await t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, password: "Welcome@2024" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: PASSWORD_TOO_COMMON });
    const done = await t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, password: "Tr1cky&Unique#Horse" } });
    expect(done.statusCode).toBe(200);
    expect((await login(t.app, payload.username, "Tr1cky&Unique#Horse")).response.statusCode).toBe(200);
  });

  it("still accepts the demo password and the test passwords", async () => {
    for (const password of [DEMO_PASSWORD, "Str0ng!Password"]) {
      const payload = { ...validAttorney(), username: `fine_${unique()}`, password };
      expect((await t.app.inject({ method: "POST", url: "/api/register", payload })).statusCode, password).toBe(202);
    }
  });
});
