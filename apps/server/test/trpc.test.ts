import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDialects } from "@medlegal/db/testing";
import type { TestApp } from "./helpers";
import { createTestApp, DEMO_PASSWORD, sessionCookie, validConsultant } from "./helpers";

describe.each(testDialects())("the tRPC auth router on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  const call = (path: string, input: unknown, cookie = "") =>
    t.app.inject({
      method: "POST",
      url: `/trpc/${path}`,
      headers: { cookie, "content-type": "application/json" },
      payload: JSON.stringify(input),
    });

  it("signs in, tells who is signed in, and signs out", async () => {
    const signIn = await call("auth.login", { username: "employee", password: DEMO_PASSWORD });
    expect(signIn.statusCode).toBe(200);
    const cookie = sessionCookie(signIn);
    const me = await t.app.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie } });
    expect(me.json().result.data).toMatchObject({ username: "employee", role: "employee" });
    expect((await call("auth.logout", undefined, cookie)).statusCode).toBe(200);
    const after = await t.app.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie } });
    expect(after.json().result.data).toBeNull();
  });

  it("turns invalid input into a 400 with field messages, never internals", async () => {
    const response = await call("auth.register", { ...validConsultant(), phone: "12", licenseNumber: "" });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.message).toBe("License number is required");
    expect(error.data.fieldErrors).toEqual({ licenseNumber: "License number is required", phone: "Please enter a valid phone number" });
    expect(JSON.stringify(error)).not.toMatch(/stack|at .*\.ts|SELECT|INSERT/);
  });

  it("answers a wrong password with the same 401 as REST", async () => {
    const response = await call("auth.login", { username: "employee", password: "Wrong!Password1" });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe("Invalid username or password");
  });
});
