import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { testDialects } from "@medlegal/db/testing";
import type { TestApp } from "./helpers";
import {
  createTestApp,
  DEMO_PASSWORD,
  login,
  resetTokenIn,
  sessionCookie,
  sessionId,
  signUp,
  signUpTokenIn,
  validAttorney,
  validConsultant,
} from "./helpers";

const CHECK_EMAIL =
  "Check your e-mail: we have sent a link to finish creating your account. It is valid for 24 hours. If you already have an account, the e-mail says so.";
const LINK_INVALID = "This sign-up link is invalid, has expired or was already used. Please sign up again.";

describe.each(testDialects())("sign-in, sign-up and password reset on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  describe("GET /api/user", () => {
    it("answers 401 with a message and sets no cookie without a session", async () => {
      const response = await t.app.inject({ method: "GET", url: "/api/user" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: expect.any(String) });
      expect(sessionCookie(response)).toBe("");
    });

    it("answers the current user, without any password hash", async () => {
      const { cookie } = await login(t.app, "consultant");
      const response = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        id: expect.any(String),
        username: "consultant",
        firstName: "Thandiwe",
        lastName: "Mokoena",
        email: "consultant@medlegal.example",
        role: "consultant",
        specialization: "Orthopaedic Surgeon",
      });
      expect(response.body).not.toMatch(/argon2|password/i);
    });
  });

  describe("POST /api/login", () => {
    it("signs in each demo role and answers its user", async () => {
      for (const [username, role] of [
        ["admin", "administrator"],
        ["employee", "employee"],
        ["attorney", "attorney"],
        ["consultant", "consultant"],
      ] as const) {
        const { response, cookie } = await login(t.app, username);
        expect(response.statusCode).toBe(200);
        expect(response.json().role).toBe(role);
        expect(cookie).not.toBe("");
        const cookieAttributes = response.cookies.find((c) => c.name === "medlegal.sid");
        expect(cookieAttributes).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
      }
    });

    it("accepts the username in any letter case", async () => {
      const { response } = await login(t.app, "AtToRnEy");
      expect(response.statusCode).toBe(200);
    });

    it("gives one message whether the username or the password is wrong", async () => {
      const wrongPassword = await login(t.app, "attorney", "Wrong!Password1");
      const unknownUser = await login(t.app, "nobody-here", "Wrong!Password1");
      expect(wrongPassword.response.statusCode).toBe(401);
      expect(unknownUser.response.statusCode).toBe(401);
      expect(wrongPassword.response.json()).toEqual({ message: "Invalid username or password" });
      expect(unknownUser.response.json()).toEqual(wrongPassword.response.json());
      expect(wrongPassword.cookie).toBe("");
    });

    it("refuses a deactivated user with the same message", async () => {
      const payload = validAttorney();
      await signUp(t, payload);
      await t.db.updateTable("users").set({ is_active: false }).where("username", "=", payload.username).execute();
      const { response } = await login(t.app, payload.username, payload.password);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Invalid username or password" });
    });

    it("answers 400 with a readable message when fields are missing", async () => {
      const response = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "attorney" } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "Password is required" });
    });

    it("answers 400, not a stack trace, for a body that is not JSON", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "content-type": "application/json" },
        payload: "{not json",
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "The request body is not valid JSON." });
    });

    it("writes an audit row for a success and for a failure, never with the password", async () => {
      const before = await t.db
        .selectFrom("audit_log")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      await login(t.app, "employee");
      await login(t.app, "employee", "Not!TheRightOne1");
      const rows = await t.db.selectFrom("audit_log").selectAll().orderBy("at", "desc").limit(2).execute();
      expect(rows.map((r) => r.action).sort()).toEqual(["auth.login", "auth.login_failed"]);
      const after = await t.db
        .selectFrom("audit_log")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n + 2);
      expect(JSON.stringify(rows)).not.toContain("Not!TheRightOne1");
      expect(rows.every((r) => r.request_id && r.ip)).toBe(true);
    });
  });

  describe("POST /api/register", () => {
    it("answers 'check your e-mail', creates no account until the mailed link is used, then signs the new user in once", async () => {
      const payload = validConsultant();
      const asked = await t.app.inject({ method: "POST", url: "/api/register", payload });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ message: CHECK_EMAIL });
      expect(sessionCookie(asked)).toBe("");
      expect(await t.db.selectFrom("users").select("id").where("username", "=", payload.username).executeTakeFirst()).toBeUndefined();
      expect((await login(t.app, payload.username, payload.password)).response.statusCode).toBe(401);

      const mail = await t.mailbox.waitFor(payload.email);
      expect(mail).toContain("Subject: Finish creating your MedLegal account");
      const token = signUpTokenIn(mail);
      const pending = await t.db
        .selectFrom("pending_registrations")
        .select(["token_hash", "password_hash"])
        .where("username", "=", payload.username)
        .executeTakeFirstOrThrow();
      expect(pending.token_hash).not.toBe(token);
      expect(pending.password_hash).not.toContain(payload.password);

      const confirmed = await t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token } });
      expect(confirmed.statusCode).toBe(201);
      expect(confirmed.json()).toMatchObject({ username: payload.username, role: "consultant" });
      const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: sessionCookie(confirmed) } });
      expect(me.json().username).toBe(payload.username);
      expect((await login(t.app, payload.username, payload.password)).response.statusCode).toBe(200);

      const again = await t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token } });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: LINK_INVALID });
    });

    it("answers a taken e-mail address exactly as a free one, creates nothing, and tells the address's owner by e-mail", async () => {
      const owner = validConsultant();
      await signUp(t, owner);
      const usersBefore = await t.db
        .selectFrom("users")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      const free = await t.app.inject({ method: "POST", url: "/api/register", payload: validAttorney() });
      const taken = await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: validAttorney({ email: owner.email.toUpperCase() }),
      });
      expect(taken.statusCode).toBe(free.statusCode);
      expect(taken.json()).toEqual(free.json());
      expect(sessionCookie(taken)).toBe("");
      const mail = await t.mailbox.waitFor(owner.email, 2);
      expect(mail).toContain("Subject: You already have a MedLegal account");
      expect(mail).toContain(`username: ${owner.username}`);
      expect(mail).not.toContain("confirm-sign-up");
      const usersAfter = await t.db
        .selectFrom("users")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      expect(usersAfter.n).toBe(usersBefore.n);
      const audit = await t.db.selectFrom("audit_log").select("action").orderBy("at", "desc").limit(3).execute();
      expect(audit.map((r) => r.action)).toContain("auth.register_existing_email");
    });

    it("says a taken username at once (a handle, not a fact about someone), in any letter case", async () => {
      const first = validConsultant();
      await signUp(t, first);
      const sameUsername = await t.app.inject({
        method: "POST",
        url: "/api/register",
        payload: validConsultant({ username: first.username.toUpperCase() }),
      });
      expect(sameUsername.statusCode).toBe(409);
      expect(sameUsername.json()).toEqual({ message: "That username is already taken" });
    });

    it("refuses a link once its address has an account, and an expired link, leaving no account", async () => {
      const payload = validAttorney();
      await t.app.inject({ method: "POST", url: "/api/register", payload });
      const firstToken = signUpTokenIn(await t.mailbox.waitFor(payload.email));
      await t.app.inject({ method: "POST", url: "/api/register", payload: { ...payload, username: `${payload.username}_2` } });
      const secondToken = signUpTokenIn(await t.mailbox.waitFor(payload.email, 2));
      expect((await t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token: secondToken } })).statusCode).toBe(201);
      const late = await t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token: firstToken } });
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({ message: "An account with this e-mail address already exists. Sign in, or reset your password." });

      const other = validConsultant();
      await t.app.inject({ method: "POST", url: "/api/register", payload: other });
      const token = signUpTokenIn(await t.mailbox.waitFor(other.email));
      await t.db
        .updateTable("pending_registrations")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("username", "=", other.username)
        .execute();
      const expired = await t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token } });
      expect(expired.statusCode).toBe(400);
      expect(expired.json()).toEqual({ message: LINK_INVALID });
      expect(await t.db.selectFrom("users").select("id").where("username", "=", other.username).executeTakeFirst()).toBeUndefined();
    });

    it("registers an attorney with address, email and phone rows and signs them in", async () => {
      const payload = validAttorney({
        vatNumber: "4222333444",
        phones: [
          { number: "+27 21 555 0100", type: "office" },
          { number: "(082) 555-0101", type: "mobile" },
        ],
      });
      const response = await signUp(t, payload);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ username: payload.username, role: "attorney", specialization: null });
      const cookie = sessionCookie(response);
      const me = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(me.json().username).toBe(payload.username);
      const contacts = await t.db
        .selectFrom("user_contacts")
        .innerJoin("users", "users.id", "user_contacts.user_id")
        .select(["kind", "value", "phone_type"])
        .where("users.username", "=", payload.username)
        .orderBy("kind")
        .orderBy("position")
        .execute();
      // The blank address row is dropped; the rest keep their order and phone types.
      expect(contacts).toEqual([
        { kind: "address", value: "12 Long Street, Cape Town", phone_type: null },
        { kind: "email", value: payload.emails[0], phone_type: null },
        { kind: "phone", value: "+27 21 555 0100", phone_type: "office" },
        { kind: "phone", value: "(082) 555-0101", phone_type: "mobile" },
      ]);
      const firm = await t.db.selectFrom("users").select("vat_number").where("username", "=", payload.username).executeTakeFirstOrThrow();
      expect(firm.vat_number).toBe("4222333444");
    });

    it("registers a consultant with a specialization from the list", async () => {
      const payload = validConsultant({ specialization: "Clinical Psychologist" });
      const response = await signUp(t, payload);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ role: "consultant", specialization: "Clinical Psychologist" });
    });

    it.each([
      [{ role: "administrator" }, "Role must be attorney or consultant"],
      [{ password: "short1!A" }, "Password must include: at least 12 characters"],
      [{ password: "alllowercase123!" }, "Password must include: one uppercase letter"],
      [{ addresses: ["", "  "] }, "At least one address is required"],
      [{ emails: [] }, "At least one email is required"],
      [{ emails: ["not an email"] }, "Please enter valid email addresses"],
      [{ phones: [{ number: "", type: "office" }] }, "At least one phone number is required"],
      [{ phones: [{ number: "12345", type: "office" }] }, "Please enter valid phone numbers"],
      [{ firmName: "" }, "Firm name is required"],
      [{ vatNumber: "4222 333 44" }, "A VAT number has 10 digits and starts with 4."],
      [{ gender: undefined }, "Gender is required"],
      [{ email: "a b@c.d" }, "Please enter a valid email address"],
    ])("refuses an attorney with %j: %s", async (overrides, message) => {
      const response = await t.app.inject({ method: "POST", url: "/api/register", payload: validAttorney(overrides) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    it.each([
      [{ specialization: "Astrologer" }, "Please choose a specialization from the list"],
      [{ licenseNumber: "" }, "License number is required"],
      [{ phone: "08x 555" }, "Please enter a valid phone number"],
      [{ address: "" }, "Address is required"],
    ])("refuses a consultant with %j: %s", async (overrides, message) => {
      const response = await t.app.inject({ method: "POST", url: "/api/register", payload: validConsultant(overrides) });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });
  });

  describe("sessions", () => {
    it("regenerates the session id at login and destroys the old one in the store", async () => {
      const first = await login(t.app, "attorney");
      const second = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { cookie: first.cookie },
        payload: { username: "attorney", password: DEMO_PASSWORD },
      });
      const secondCookie = sessionCookie(second);
      expect(secondCookie).not.toBe("");
      expect(secondCookie).not.toBe(first.cookie);
      const old = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: first.cookie } });
      expect(old.statusCode).toBe(401);
      const fresh = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: secondCookie } });
      expect(fresh.statusCode).toBe(200);
    });

    it("logout ends the session: the old cookie no longer works", async () => {
      const { cookie } = await login(t.app, "employee");
      const logout = await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
      expect(logout.statusCode).toBe(200);
      const after = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });

    it("writes no session row for anonymous requests", async () => {
      const before = await t.db
        .selectFrom("sessions")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      await t.app.inject({ method: "GET", url: "/api/user" });
      await t.app.inject({ method: "GET", url: "/api/messages/unread" });
      await login(t.app, "attorney", "Wrong!Password1");
      const after = await t.db
        .selectFrom("sessions")
        .select(sql<number>`count(*)`.as("n"))
        .executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
    });

    it("ends a session idle for 15 minutes, on the server", async () => {
      const { cookie, response } = await login(t.app, "attorney");
      const userId = response.json().id as string;
      const idleSince = Date.now() - 15 * 60_000 - 1000;
      await sql`UPDATE sessions SET data = jsonb_set(data, '{lastSeenAt}', to_jsonb(${idleSince}::bigint)) WHERE user_id = ${userId}`.execute(
        t.db,
      );
      const after = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });

    it("ends a session 12 hours after sign-in however active it is", async () => {
      const { cookie, response } = await login(t.app, "consultant");
      const userId = response.json().id as string;
      const longAgo = Date.now() - 12 * 3_600_000 - 1000;
      await sql`UPDATE sessions SET data = jsonb_set(data, '{signedInAt}', to_jsonb(${longAgo}::bigint)) WHERE user_id = ${userId}`.execute(
        t.db,
      );
      const after = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });

    it("a poll does not rewrite the session row; other activity moves the idle timer", async () => {
      const { cookie, response } = await login(t.app, "admin");
      const userId = response.json().id as string;
      const sid = sessionId(cookie);
      const twoMinutesAgo = Date.now() - 120_000;
      await sql`UPDATE sessions SET data = jsonb_set(data, '{lastSeenAt}', to_jsonb(${twoMinutesAgo}::bigint)) WHERE sid = ${sid}`.execute(
        t.db,
      );
      const row = () => t.db.selectFrom("sessions").select(["data", "expires_at"]).where("sid", "=", sid).executeTakeFirstOrThrow();
      const before = await row();
      await t.app.inject({ method: "GET", url: `/api/notifications/${userId}`, headers: { cookie } });
      await t.app.inject({ method: "GET", url: "/api/messages/unread", headers: { cookie } });
      await t.app.inject({ method: "GET", url: "/trpc/notifications.list,messages.unreadCount?batch=1&input={}", headers: { cookie } });
      expect(await row()).toEqual(before);
      await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      const touched = await row();
      expect((touched.data as { lastSeenAt: number }).lastSeenAt).toBeGreaterThan(twoMinutesAgo);
    });

    it("a session made by one instance is recognised by another on the same database", async () => {
      const other = await t.another();
      const { cookie } = await login(t.app, "attorney");
      const response = await other.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(response.statusCode).toBe(200);
      expect(response.json().username).toBe("attorney");
      // And a logout through the second instance ends it for the first.
      await other.inject({ method: "POST", url: "/api/logout", headers: { cookie } });
      const after = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(after.statusCode).toBe(401);
    });
  });

  describe("cross-origin refusal", () => {
    it.each(["/api/login", "/api/logout", "/trpc/auth.login"])("refuses a POST to %s from another site", async (url) => {
      const response = await t.app.inject({
        method: "POST",
        url,
        headers: { origin: "https://evil.example", host: "localhost:3000" },
        payload: { username: "attorney", password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message ?? response.json().error?.message).toBe("This request came from another site and was refused.");
    });

    it("refuses a cross-site request the browser marks with Sec-Fetch-Site", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { "sec-fetch-site": "cross-site" },
        payload: { username: "attorney", password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(403);
    });

    it("accepts the same origin", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/login",
        headers: { origin: "http://localhost:3000", host: "localhost:3000", "sec-fetch-site": "same-origin" },
        payload: { username: "attorney", password: DEMO_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
    });
  });

  describe("forgot and reset password", () => {
    const forgot = (email: string) => t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email } });
    const reset = (token: string, password: string) =>
      t.app.inject({ method: "POST", url: "/api/reset-password", payload: { token, password } });

    it("answers the same for a known and an unknown email, and mails only the known one", async () => {
      const payload = validConsultant();
      await signUp(t, payload);
      const known = await forgot(payload.email);
      const unknown = await forgot("nobody@nowhere.example");
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual(known.json());
      const mail = await t.mailbox.waitFor(payload.email, 2);
      expect(mail).toContain("Subject: Reset your MedLegal password");
      expect(mail).toContain("http://localhost:3000/reset-password?token=");
      expect(t.mailbox.received.some((m) => m.to.includes("nobody@nowhere.example"))).toBe(false);
    });

    it("stores only a hash of the token", async () => {
      const payload = validConsultant();
      await signUp(t, payload);
      await forgot(payload.email);
      const token = resetTokenIn(await t.mailbox.waitFor(payload.email, 2));
      const rows = await t.db.selectFrom("password_reset_tokens").select("token_hash").execute();
      expect(rows.some((r) => r.token_hash === token)).toBe(false);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    });

    it("sets a new password once, ends every session of the user, and refuses the token again", async () => {
      const payload = validAttorney();
      const registered = await signUp(t, payload);
      const oldCookie = sessionCookie(registered);
      await forgot(payload.email);
      const token = resetTokenIn(await t.mailbox.waitFor(payload.email, 2));

      const weak = await reset(token, "weak");
      expect(weak.statusCode).toBe(400);

      const done = await reset(token, "Brand-New-Passw0rd");
      expect(done.statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: oldCookie } })).statusCode).toBe(401);
      expect((await login(t.app, payload.username, payload.password)).response.statusCode).toBe(401);
      expect((await login(t.app, payload.username, "Brand-New-Passw0rd")).response.statusCode).toBe(200);

      const again = await reset(token, "Another-Passw0rd!");
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ message: "This reset link is invalid or has expired. Please request a new one." });
    });

    it("refuses a token older than one hour", async () => {
      const payload = validConsultant();
      await signUp(t, payload);
      await forgot(payload.email);
      const token = resetTokenIn(await t.mailbox.waitFor(payload.email, 2));
      await t.db
        .updateTable("password_reset_tokens")
        .set({ expires_at: new Date(Date.now() - 1000) })
        .where("used_at", "is", null)
        .execute();
      const response = await reset(token, "Brand-New-Passw0rd");
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe("This reset link is invalid or has expired. Please request a new one.");
    });

    it("answers 400 when the email is missing", async () => {
      const response = await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: {} });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: "Email is required" });
    });
  });
});
