import { randomUUID } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DialectKind } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import type { CurrentUser, TwoFactorEnrolment, TwoFactorStatus, UserDetail } from "@medlegal/domain";
import { TWO_FACTOR_MESSAGES } from "@medlegal/domain";
import type { TestApp } from "./helpers";
import { createTestApp, login, RELAXED_LIMITS, sessionCookie, sessionId, trpc, uniqueSuffix } from "./helpers";

const PASSWORD = "Str0ng!Password";
const STEP_MS = 30_000;

/** The code an authenticator app shows for `secret` now (the test's clock, see below). */
const codeFor = (secret: string) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() });

/**
 * A suite's app, with the demo administrator signed in. Codes work once per 30-second step, so the
 * tests move the clock instead of waiting: Date is faked (timers are not) and starts at the
 * beginning of the current step; `nextStep` moves it 30 s on.
 */
function startSuite(kind: DialectKind, ready: (t: TestApp, adminCookie: string) => void) {
  let app: TestApp;
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / STEP_MS) * STEP_MS + 1000);
    app = await createTestApp(kind);
    ready(app, (await login(app.app, "admin")).cookie);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await app.close();
  });
}
const nextStep = () => vi.setSystemTime(Date.now() + STEP_MS);

/** A new account of `role`, created by an administrator, and its password. */
async function newUser(t: TestApp, adminCookie: string, role: "administrator" | "employee" | "attorney" = "employee") {
  const n = uniqueSuffix();
  const input = { role, username: `tf_${n}`, email: `tf_${n}@agency.example`, firstName: "Ayanda", lastName: "Zulu", password: PASSWORD };
  const extra =
    role === "attorney"
      ? {
          firmName: "Zulu Inc.",
          gender: "female",
          birthDate: "1980-02-02",
          addresses: ["1 Main Road"],
          emails: [`o_${n}@firm.example`],
          phones: [{ number: "+27 11 555 0100", type: "office" }],
        }
      : {};
  const created = await trpc<UserDetail>(t.app, adminCookie, "users.create", { ...input, ...extra });
  expect(created.status, created.error?.message).toBe(200);
  return { id: created.data.id, username: input.username };
}

/** Starts and confirms an authenticator for the signed-in `cookie`; answers its secret and recovery codes. */
async function enrol(t: TestApp, cookie: string) {
  const started = await trpc<TwoFactorEnrolment>(t.app, cookie, "twoFactor.start");
  expect(started.status, started.error?.message).toBe(200);
  const confirmed = await trpc<{ recoveryCodes: string[] }>(t.app, cookie, "twoFactor.confirm", { code: codeFor(started.data.secret) });
  expect(confirmed.status, confirmed.error?.message).toBe(200);
  nextStep();
  return { secret: started.data.secret, recoveryCodes: confirmed.data.recoveryCodes };
}

const verifyRest = (t: TestApp, cookie: string, code: string) =>
  t.app.inject({ method: "POST", url: "/api/login/two-factor", headers: { cookie }, payload: { code } });

describe.each(testDialects())("two-factor sign-in on %s", (kind) => {
  let t: TestApp;
  let adminCookie: string;
  startSuite(kind, (app, cookie) => {
    t = app;
    adminCookie = cookie;
  });

  const auditOf = (userId: string) => t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", userId).orderBy("at").execute();

  it("enrols: a secret and QR code to start, active only after a current code, ten recovery codes shown once", async () => {
    const user = await newUser(t, adminCookie);
    const { cookie } = await login(t.app, user.username, PASSWORD);
    const started = await trpc<TwoFactorEnrolment>(t.app, cookie, "twoFactor.start");
    expect(started.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.data.otpauthUrl).toMatch(/^otpauth:\/\/totp\/MedLegal:tf_.*secret=/);
    expect(started.data.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await trpc<TwoFactorStatus>(t.app, cookie, "twoFactor.getStatus")).data).toMatchObject({ enabled: false, pending: true });

    const wrong = await trpc(t.app, cookie, "twoFactor.confirm", { code: "000000" === codeFor(started.data.secret) ? "111111" : "000000" });
    expect(wrong.status).toBe(400);
    expect(wrong.error?.data.fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.wrongCode });
    expect((await trpc<TwoFactorStatus>(t.app, cookie, "twoFactor.getStatus")).data.enabled).toBe(false);

    const confirmed = await trpc<{ recoveryCodes: string[] }>(t.app, cookie, "twoFactor.confirm", { code: codeFor(started.data.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.data.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.data.recoveryCodes).size).toBe(10);
    expect((await trpc<TwoFactorStatus>(t.app, cookie, "twoFactor.getStatus")).data).toEqual({
      enabled: true,
      pending: false,
      recoveryCodesLeft: 10,
      required: false,
    });
    expect((await trpc<UserDetail>(t.app, adminCookie, "users.get", { id: user.id })).data.twoFactorEnabled).toBe(true);

    // Stored encrypted and hashed; the audit trail names each step and holds no secret or code.
    const stored = await t.db.selectFrom("user_two_factor").selectAll().where("user_id", "=", user.id).executeTakeFirstOrThrow();
    expect(stored.secret_encrypted).not.toContain(started.data.secret);
    const hashes = await t.db.selectFrom("two_factor_recovery_codes").select("code_hash").where("user_id", "=", user.id).execute();
    expect(hashes).toHaveLength(10);
    const audit = await auditOf(user.id);
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(["two_factor.enrolment_started", "two_factor.code_failed", "two_factor.enabled"]),
    );
    const everything = JSON.stringify([audit, hashes]);
    expect(everything).not.toContain(started.data.secret);
    for (const code of confirmed.data.recoveryCodes) {
      expect(everything).not.toContain(code);
      expect(everything).not.toContain(code.replace("-", ""));
    }
  });

  it("over REST: the password alone gives no session user, a wrong code is refused, the right one signs in on a new session id", async () => {
    const user = await newUser(t, adminCookie);
    const { secret } = await enrol(t, (await login(t.app, user.username, PASSWORD)).cookie);

    const first = await login(t.app, user.username, PASSWORD);
    expect(first.response.statusCode).toBe(200);
    expect(first.response.json()).toEqual({ twoFactorRequired: true });
    expect(first.cookie).not.toBe("");
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: first.cookie } })).statusCode).toBe(401);
    expect((await trpc(t.app, first.cookie, "queries.list", {})).status).toBe(401);

    const wrong = await verifyRest(t, first.cookie, "12345");
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode });

    const done = await verifyRest(t, first.cookie, codeFor(secret));
    expect(done.statusCode).toBe(200);
    expect(done.json<CurrentUser>()).toMatchObject({ id: user.id, username: user.username, role: "employee" });
    const signedIn = sessionCookie(done);
    expect(sessionId(signedIn)).not.toBe(sessionId(first.cookie));
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: signedIn } })).json<CurrentUser>().id).toBe(user.id);
    // The pending session is gone: its cookie signs nobody in.
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie: first.cookie } })).statusCode).toBe(401);

    const actions = (await auditOf(user.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["auth.password_verified", "two_factor.code_failed", "auth.login"]));
  });

  it("refuses a code replayed in the same 30-second step", async () => {
    const user = await newUser(t, adminCookie);
    const { secret } = await enrol(t, (await login(t.app, user.username, PASSWORD)).cookie);
    const code = codeFor(secret);
    const first = await login(t.app, user.username, PASSWORD);
    expect((await verifyRest(t, first.cookie, code)).statusCode).toBe(200);
    const again = await login(t.app, user.username, PASSWORD);
    const replay = await verifyRest(t, again.cookie, code);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode });
    nextStep();
    expect((await verifyRest(t, again.cookie, codeFor(secret))).statusCode).toBe(200);
  });

  it("accepts each recovery code once, in any letter case or grouping", async () => {
    const user = await newUser(t, adminCookie);
    const { recoveryCodes } = await enrol(t, (await login(t.app, user.username, PASSWORD)).cookie);
    const code = recoveryCodes[3]!;
    const first = await login(t.app, user.username, PASSWORD);
    const used = await verifyRest(t, first.cookie, ` ${code.toUpperCase()} `);
    expect(used.statusCode).toBe(200);
    const again = await login(t.app, user.username, PASSWORD);
    expect((await verifyRest(t, again.cookie, code)).statusCode).toBe(401);
    const status = await trpc<TwoFactorStatus>(t.app, sessionCookie(used), "twoFactor.getStatus");
    expect(status.data.recoveryCodesLeft).toBe(9);
    expect((await auditOf(user.id)).map((a) => a.action)).toContain("two_factor.recovery_code_used");
  });

  it("over tRPC: auth.login answers the same shape and auth.verifyTwoFactor completes the sign-in", async () => {
    const user = await newUser(t, adminCookie);
    const { secret } = await enrol(t, (await login(t.app, user.username, PASSWORD)).cookie);
    const response = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.login",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ username: user.username, password: PASSWORD }),
    });
    expect(response.json().result.data).toEqual({ twoFactorRequired: true });
    const pending = sessionCookie(response);
    const wrong = await trpc(t.app, pending, "auth.verifyTwoFactor", { code: "999999" === codeFor(secret) ? "888888" : "999999" });
    expect(wrong.status).toBe(401);
    expect(wrong.error?.message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    const verify = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.verifyTwoFactor",
      headers: { cookie: pending, "content-type": "application/json" },
      payload: JSON.stringify({ code: codeFor(secret) }),
    });
    expect(verify.json().result.data).toMatchObject({ id: user.id });
    expect((await trpc<CurrentUser>(t.app, sessionCookie(verify), "auth.me")).data.id).toBe(user.id);
  });

  it("ends the pending sign-in after five wrong codes, and after five minutes", async () => {
    const user = await newUser(t, adminCookie);
    const { secret } = await enrol(t, (await login(t.app, user.username, PASSWORD)).cookie);
    const first = await login(t.app, user.username, PASSWORD);
    for (let i = 0; i < 4; i++) expect((await verifyRest(t, first.cookie, "000001")).json().message).toBe(TWO_FACTOR_MESSAGES.wrongCode);
    expect((await verifyRest(t, first.cookie, "000001")).json()).toEqual({ message: TWO_FACTOR_MESSAGES.tooManyCodes });
    expect((await verifyRest(t, first.cookie, codeFor(secret))).json()).toEqual({ message: TWO_FACTOR_MESSAGES.signInAgain });

    const second = await login(t.app, user.username, PASSWORD);
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1000);
    const late = await verifyRest(t, second.cookie, codeFor(secret));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: TWO_FACTOR_MESSAGES.signInAgain });
    const failed = await t.db.selectFrom("users").select("failed_login_count").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(failed.failed_login_count).toBe(5);
  });

  it("checks at most five of 50 wrong codes sent at once on one pending sign-in", async () => {
    const user = await newUser(t, adminCookie);
    const { secret } = await enrol(t, (await login(t.app, user.username, PASSWORD)).cookie);
    const pending = await login(t.app, user.username, PASSWORD);
    const answers = await Promise.all(Array.from({ length: 50 }, () => verifyRest(t, pending.cookie, "000001")));
    expect(answers.filter((a) => a.statusCode !== 401).map((a) => `${a.statusCode} ${a.body}`)).toEqual([]);
    const checked = (await auditOf(user.id)).filter((a) => a.action === "two_factor.code_failed");
    expect(checked.length).toBeLessThanOrEqual(5);
    expect(answers.filter((a) => a.json().message === TWO_FACTOR_MESSAGES.wrongCode).length).toBeLessThanOrEqual(5);
    // The pending sign-in is spent: even the right code now asks for a new sign-in.
    expect((await verifyRest(t, pending.cookie, codeFor(secret))).statusCode).toBe(401);
  });

  it("counts wrong codes like wrong passwords: past the free failures the account pauses, even for the right code", async () => {
    const user = await newUser(t, adminCookie);
    const { secret } = await enrol(t, (await login(t.app, user.username, PASSWORD)).cookie);
    const strict = await t.another({ rateLimits: { ...RELAXED_LIMITS, loginBackoff: { freeFailures: 2, maxPauseMs: 60_000 } } });
    const first = await login(strict, user.username, PASSWORD);
    for (let i = 0; i < 3; i++) expect((await verifyRest({ ...t, app: strict }, first.cookie, "000001")).statusCode).toBe(401);
    const limited = await verifyRest({ ...t, app: strict }, first.cookie, codeFor(secret));
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many failed sign-ins for this account/);
  });

  it("turns off with the current password and a code, and regenerates recovery codes after a code", async () => {
    const user = await newUser(t, adminCookie);
    const { cookie } = await login(t.app, user.username, PASSWORD);
    const { secret, recoveryCodes } = await enrol(t, cookie);

    const regenerated = await trpc<{ recoveryCodes: string[] }>(t.app, cookie, "twoFactor.regenerateRecoveryCodes", {
      code: codeFor(secret),
    });
    expect(regenerated.status).toBe(200);
    expect(regenerated.data.recoveryCodes).toHaveLength(10);
    expect(regenerated.data.recoveryCodes).not.toContain(recoveryCodes[0]);
    const old = await login(t.app, user.username, PASSWORD);
    expect((await verifyRest(t, old.cookie, recoveryCodes[0]!)).statusCode).toBe(401);

    const wrongPassword = await trpc(t.app, cookie, "twoFactor.disable", {
      currentPassword: "Not!TheRightOne1",
      code: regenerated.data.recoveryCodes[0],
    });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.error?.data.fieldErrors).toHaveProperty("currentPassword");
    const wrongCode = await trpc(t.app, cookie, "twoFactor.disable", { currentPassword: PASSWORD, code: "abcde-abcde" });
    expect(wrongCode.status).toBe(400);
    expect(wrongCode.error?.data.fieldErrors).toEqual({ code: TWO_FACTOR_MESSAGES.wrongCode });
    nextStep();
    const off = await trpc<TwoFactorStatus>(t.app, cookie, "twoFactor.disable", { currentPassword: PASSWORD, code: codeFor(secret) });
    expect(off.status).toBe(200);
    expect(off.data.enabled).toBe(false);
    expect((await login(t.app, user.username, PASSWORD)).response.json()).toMatchObject({ id: user.id });
    const actions = (await auditOf(user.id)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["two_factor.recovery_codes_regenerated", "two_factor.disabled"]));
  });

  it("lets an administrator reset a user's second factor: audited, the user's sessions end, the password alone signs in", async () => {
    const user = await newUser(t, adminCookie);
    const { cookie } = await login(t.app, user.username, PASSWORD);
    await enrol(t, cookie);
    const employee = (await login(t.app, "employee")).cookie;
    expect((await trpc(t.app, employee, "users.resetTwoFactor", { id: user.id })).status).toBe(403);
    expect((await trpc(t.app, adminCookie, "users.resetTwoFactor", { id: randomUUID() })).status).toBe(404);
    const adminId = (await trpc<CurrentUser>(t.app, adminCookie, "auth.me")).data.id;
    expect((await trpc(t.app, adminCookie, "users.resetTwoFactor", { id: adminId })).status).toBe(403);

    const reset = await trpc<{ message: string }>(t.app, adminCookie, "users.resetTwoFactor", { id: user.id });
    expect(reset.status).toBe(200);
    expect(reset.data.message).toBe(TWO_FACTOR_MESSAGES.resetDone);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(401);
    expect((await login(t.app, user.username, PASSWORD)).response.json()).toMatchObject({ id: user.id });
    const entry = (await auditOf(user.id)).find((a) => a.action === "two_factor.reset_by_admin");
    expect(entry).toMatchObject({ actor_id: adminId, after: { authenticatorRemoved: true, sessionsEnded: 1 } });
  });
});

describe.each(testDialects())("compulsory two-factor sign-in for staff on %s", (kind) => {
  let t: TestApp;
  let adminCookie: string;
  startSuite(kind, (app, cookie) => {
    t = app;
    adminCookie = cookie;
  });
  beforeEach(async () => {
    // Each test starts from the setting off, as a fresh install has it.
    await t.db.deleteFrom("settings").where("key", "=", "security").execute();
  });

  it("is an administrator's setting, and only once their own second factor is on", async () => {
    expect(
      (await trpc(t.app, (await login(t.app, "employee")).cookie, "settings.updateSecurity", { requireTwoFactorForStaff: true })).status,
    ).toBe(403);
    const admin = await newUser(t, adminCookie, "administrator");
    const cookie = (await login(t.app, admin.username, PASSWORD)).cookie;
    const early = await trpc(t.app, cookie, "settings.updateSecurity", { requireTwoFactorForStaff: true });
    expect(early.status).toBe(409);
    expect(early.error?.message).toBe(TWO_FACTOR_MESSAGES.enableOwnFirst);
    await enrol(t, cookie);
    expect((await trpc(t.app, cookie, "settings.updateSecurity", { requireTwoFactorForStaff: true })).status).toBe(200);
    expect((await trpc(t.app, cookie, "settings.getSecurity")).data).toEqual({ requireTwoFactorForStaff: true });
  });

  it("holds staff without a second factor at the set-up (403 elsewhere, REST and tRPC) until they enrol; others are not held", async () => {
    const admin = await newUser(t, adminCookie, "administrator");
    const adminSession = (await login(t.app, admin.username, PASSWORD)).cookie;
    await enrol(t, adminSession);
    expect((await trpc(t.app, adminSession, "settings.updateSecurity", { requireTwoFactorForStaff: true })).status).toBe(200);

    const employee = await newUser(t, adminSession, "employee");
    const signIn = await login(t.app, employee.username, PASSWORD);
    expect(signIn.response.statusCode).toBe(200);
    expect(signIn.response.json()).toMatchObject({ id: employee.id, twoFactorSetupRequired: true });
    const cookie = signIn.cookie;
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).json()).toMatchObject({
      twoFactorSetupRequired: true,
    });

    const held = await trpc(t.app, cookie, "queries.list", {});
    expect(held.status).toBe(403);
    expect(held.error?.message).toBe(TWO_FACTOR_MESSAGES.setupRequired);
    const rest = await t.app.inject({ method: "GET", url: `/api/notifications/${employee.id}`, headers: { cookie } });
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toEqual({ message: TWO_FACTOR_MESSAGES.setupRequired });
    expect((await trpc<TwoFactorStatus>(t.app, cookie, "twoFactor.getStatus")).data).toMatchObject({ enabled: false, required: true });

    // An administrator already signed in without a second factor is held too, from the next request.
    expect((await trpc(t.app, adminCookie, "users.list", {})).status).toBe(403);

    // Attorneys and consultants are not held.
    const attorney = await newUser(t, adminSession, "attorney");
    const attorneyCookie = (await login(t.app, attorney.username, PASSWORD)).cookie;
    expect((await trpc(t.app, attorneyCookie, "queries.list", {})).status).toBe(200);

    await enrol(t, cookie);
    expect((await trpc(t.app, cookie, "queries.list", {})).status).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).json()).not.toHaveProperty(
      "twoFactorSetupRequired",
    );

    // While compulsory, staff cannot turn it off.
    const off = await trpc(t.app, cookie, "twoFactor.disable", { currentPassword: PASSWORD, code: "123456" });
    expect(off.status).toBe(403);
    expect(off.error?.message).toBe(TWO_FACTOR_MESSAGES.compulsory);
  });
});
