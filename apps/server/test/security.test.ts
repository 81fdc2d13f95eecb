import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { sql } from "kysely";
import { pgError, testDialects } from "@medlegal/db/testing";
import type { RateLimits } from "@medlegal/api";
import { purgeExpired } from "@medlegal/api";
import type { TestApp } from "./helpers";
import {
  createTestApp,
  DEMO_PASSWORD,
  login,
  multipart,
  PDF,
  RELAXED_LIMITS,
  resetTokenIn,
  sessionCookie,
  sessionId,
  trpc,
  validConsultant,
} from "./helpers";

const LIMITS: RateLimits = {
  perIp: {
    login: { max: 5, window: 60_000 },
    register: { max: 2, window: 60_000 },
    forgotPassword: { max: 100, window: 60_000 },
    resetPassword: { max: 100, window: 60_000 },
  },
  perAccount: { forgotPassword: { max: 2, window: 60_000 } },
  perUser: { fileDownload: { max: 3, window: 60_000 } },
  loginBackoff: { freeFailures: 3, maxPauseMs: 60_000 },
};

const WRONG = "Wrong!Password1";
const restLogin = (t: TestApp, username: string, password: string, ip: string) =>
  t.app.inject({ method: "POST", url: "/api/login", remoteAddress: ip, payload: { username, password } });
const trpcPost = (t: TestApp, path: string, body: unknown, ip: string, cookie = "") =>
  t.app.inject({
    method: "POST",
    url: `/trpc/${path}`,
    remoteAddress: ip,
    headers: { "content-type": "application/json", cookie },
    payload: JSON.stringify(body),
  });

describe.each(testDialects())("attempt limits on both doors on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: LIMITS });
  });
  afterAll(() => t.close());

  it("limits sign-in per IP over tRPC as over REST, counted together", async () => {
    const ip = "10.1.0.1";
    for (const name of ["p1", "p2", "p3"]) expect((await restLogin(t, name, WRONG, ip)).statusCode).toBe(401);
    for (const name of ["p4", "p5"])
      expect((await trpcPost(t, "auth.login", { username: name, password: WRONG }, ip)).statusCode).toBe(401);
    const limited = await trpcPost(t, "auth.login", { username: "p6", password: WRONG }, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect((await restLogin(t, "p7", WRONG, ip)).statusCode).toBe(429);
  });

  it("pauses an account after repeated failures, whether it was typed as username or e-mail, and from any address", async () => {
    expect((await restLogin(t, "sipho", WRONG, "10.1.1.1")).statusCode).toBe(401);
    expect((await trpcPost(t, "auth.login", { username: "SIPHO@medlegal.example", password: WRONG }, "10.1.1.2")).statusCode).toBe(401);
    expect((await restLogin(t, "sipho@medlegal.example", WRONG, "10.1.1.3")).statusCode).toBe(401);
    // The fourth failure starts a pause; during it even the right password waits.
    expect((await restLogin(t, "Sipho", WRONG, "10.1.1.4")).statusCode).toBe(401);
    const paused = await restLogin(t, "sipho", DEMO_PASSWORD, "10.1.1.5");
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/^Too many failed sign-ins for this account\. Please wait \d+ seconds and try again\.$/);
    const viaTrpc = await trpcPost(t, "auth.login", { username: "sipho@medlegal.example", password: DEMO_PASSWORD }, "10.1.1.6");
    expect(viaTrpc.statusCode).toBe(429);
  });

  it("keeps the pause short: it doubles per failure and never exceeds the cap, and success clears it", async () => {
    const user = await t.db.selectFrom("users").select("id").where("username", "=", "nomsa").executeTakeFirstOrThrow();
    const key = `user:${user.id}`;
    const pauseMs = async () => {
      const row = await t.db
        .selectFrom("login_failures")
        .select(["blocked_until", "last_failed_at"])
        .where("account_key", "=", key)
        .executeTakeFirstOrThrow();
      return row.blocked_until.getTime() - row.last_failed_at.getTime();
    };
    const expire = () =>
      sql`UPDATE login_failures SET blocked_until = now() - interval '1 second' WHERE account_key = ${key}`.execute(t.db);
    const pauses: number[] = [];
    for (let i = 0; i < 12; i++) {
      expect((await restLogin(t, "nomsa", WRONG, `10.1.2.${i}`)).statusCode).toBe(401);
      pauses.push(await pauseMs());
      await expire(); // as if the pause had passed
    }
    expect(pauses.slice(0, 3)).toEqual([0, 0, 0]);
    expect(pauses[3]).toBeGreaterThanOrEqual(1000);
    expect(pauses[4]).toBeGreaterThanOrEqual(2000);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(60_000);
    expect((await restLogin(t, "nomsa", DEMO_PASSWORD, "10.1.2.99")).statusCode).toBe(200);
    expect(await t.db.selectFrom("login_failures").select("account_key").where("account_key", "=", key).executeTakeFirst()).toBeUndefined();
  });

  it("checks only the free attempts and one more of 30 wrong passwords sent at once for one account", async () => {
    const user = await t.db.selectFrom("users").select("id").where("username", "=", "pieter").executeTakeFirstOrThrow();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => restLogin(t, "pieter", WRONG, `10.1.6.${i}`)));
    const checked = await t.db
      .selectFrom("audit_log")
      .select("id")
      .where("action", "=", "auth.login_failed")
      .where("entity_id", "=", user.id)
      .execute();
    // freeFailures is 3 here: the fourth attempt starts a one-second pause and the rest wait
    // (on a slow machine the pause may pass before the last ones arrive: a fifth, or a sixth after two seconds).
    expect(checked.length).toBeGreaterThanOrEqual(4);
    expect(checked.length).toBeLessThanOrEqual(6);
    expect(answers.filter((a) => a.statusCode === 401)).toHaveLength(checked.length);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(30 - checked.length);
  });

  it("pauses an unknown account exactly like a known one, so the answer tells nothing", async () => {
    for (let i = 0; i < 4; i++) expect((await restLogin(t, "nobody_here", WRONG, `10.1.3.${i}`)).statusCode).toBe(401);
    const paused = await restLogin(t, "nobody_here", WRONG, "10.1.3.9");
    expect(paused.statusCode).toBe(429);
    expect(paused.json().message).toMatch(/^Too many failed sign-ins for this account/);
  });

  it("limits sign-up per IP over tRPC too, counting a taken username", async () => {
    const ip = "10.1.4.1";
    const taken = await trpcPost(t, "auth.register", validConsultant({ username: "attorney" }), ip);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.message).toBe("That username is already taken");
    expect((await trpcPost(t, "auth.register", validConsultant(), ip)).statusCode).toBe(200);
    expect((await trpcPost(t, "auth.register", validConsultant(), ip)).statusCode).toBe(429);
    expect((await t.app.inject({ method: "POST", url: "/api/register", remoteAddress: ip, payload: validConsultant() })).statusCode).toBe(
      429,
    );
  });

  it("limits reset mails per e-mail address over tRPC as over REST", async () => {
    const forgotRest = () => t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: "attorney@medlegal.example" } });
    expect((await forgotRest()).statusCode).toBe(200);
    expect((await trpcPost(t, "auth.forgotPassword", { email: "ATTORNEY@medlegal.example" }, "10.1.5.1")).statusCode).toBe(200);
    expect((await trpcPost(t, "auth.forgotPassword", { email: "attorney@medlegal.example" }, "10.1.5.2")).statusCode).toBe(429);
    expect((await forgotRest()).statusCode).toBe(429);
  });
});

describe.each(testDialects())("batches, sessions and reset links on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { rateLimits: RELAXED_LIMITS });
  });
  afterAll(() => t.close());

  it("refuses a tRPC batch that carries sign-in procedures, before any password is checked", async () => {
    const guesses = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [i, { username: "admin", password: `Guess!Number${i}` }]));
    const response = await t.app.inject({
      method: "POST",
      url: `/trpc/${Array(25).fill("auth.login").join(",")}?batch=1`,
      headers: { "content-type": "application/json" },
      payload: JSON.stringify(guesses),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("Sign-in requests cannot be sent in a batch. Send each one on its own.");
    const failures = await t.db.selectFrom("audit_log").select("id").where("action", "=", "auth.login_failed").execute();
    expect(failures).toHaveLength(0);
    const mixed = await t.app.inject({
      method: "POST",
      url: "/trpc/auth.forgotPassword,auth.resetPassword?batch=1",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ 0: { email: "admin@medlegal.example" }, 1: {} }),
    });
    expect(mixed.statusCode).toBe(400);
  });

  it("caps the size of every other batch", async () => {
    const { cookie } = await login(t.app, "admin");
    const batch = (n: number) =>
      t.app.inject({
        method: "GET",
        url: `/trpc/${Array(n).fill("notifications.list").join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify({}))}`,
        headers: { cookie },
      });
    expect((await batch(10)).statusCode).toBe(200);
    const tooBig = await batch(200);
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.body.length).toBeLessThan(2000);
  });

  it("never brings back a session that logout ended while a request was still in flight", async () => {
    const slow = await t.another();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const inFlight = new Promise<void>((resolve) => (arrived = resolve));
    slow.addHook("preHandler", async (request) => {
      if (request.url === "/api/user?slow=1") {
        arrived();
        await gate;
      }
    });
    const { cookie } = await login(t.app, "employee");
    const sid = sessionId(cookie);
    // The slow request will move the idle timer, so it saves the session when it ends.
    await sql`UPDATE sessions SET data = jsonb_set(data, '{lastSeenAt}', to_jsonb(${Date.now() - 120_000}::bigint)) WHERE sid = ${sid}`.execute(
      t.db,
    );
    const pending = slow.inject({ method: "GET", url: "/api/user?slow=1", headers: { cookie } });
    await inFlight;
    expect((await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } })).statusCode).toBe(200);
    release();
    expect((await pending).statusCode).toBe(200);
    expect(await t.db.selectFrom("sessions").select("sid").where("sid", "=", sid).executeTakeFirst()).toBeUndefined();
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(401);
  });

  it("logout clears the session cookie, over REST and over tRPC", async () => {
    for (const via of ["rest", "trpc"] as const) {
      const { cookie } = await login(t.app, "attorney");
      const response =
        via === "rest"
          ? await t.app.inject({ method: "POST", url: "/api/logout", headers: { cookie } })
          : await t.app.inject({
              method: "POST",
              url: "/trpc/auth.logout",
              headers: { cookie, "content-type": "application/json" },
              payload: "null",
            });
      expect(response.statusCode).toBe(200);
      const cleared = response.cookies.find((c) => c.name === "medlegal.sid");
      expect(cleared, via).toBeDefined();
      expect(cleared!.value).toBe("");
      expect(cleared!.expires!.getTime()).toBeLessThan(Date.now());
    }
  });

  it("a password change voids the reset links already mailed", async () => {
    await t.app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: "pieter@botha-co.example" } });
    const token = resetTokenIn(await t.mailbox.waitFor("pieter@botha-co.example"));
    const { cookie } = await login(t.app, "pieter");
    const changed = await trpc(t.app, cookie, "account.changePassword", {
      currentPassword: DEMO_PASSWORD,
      newPassword: "An0ther!Passw0rd",
      confirmPassword: "An0ther!Passw0rd",
    });
    expect(changed.status, changed.error?.message).toBe(200);
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/reset-password",
      payload: { token, password: "Att4cker!Chosen1", confirmPassword: "Att4cker!Chosen1" },
    });
    expect(reset.statusCode).toBe(400);
    expect((await login(t.app, "pieter", "An0ther!Passw0rd")).response.statusCode).toBe(200);
  });

  it("the sweeper's purge removes expired sessions, windows, reset links and old failure counts, and keeps live ones", async () => {
    const { cookie } = await login(t.app, "consultant");
    const live = sessionId(cookie);
    await sql`INSERT INTO sessions (sid, user_id, data, expires_at) VALUES ('expired-sid', NULL, '{}', now() - interval '1 minute')`.execute(
      t.db,
    );
    await sql`INSERT INTO rate_limits (key, count, reset_at) VALUES ('old-window', 3, now() - interval '1 minute'), ('live-window', 1, now() + interval '1 hour')`.execute(
      t.db,
    );
    await sql`INSERT INTO login_failures (account_key, failures, last_failed_at, blocked_until) VALUES ('name:old', 9, now() - interval '2 days', now() - interval '2 days'), ('name:recent', 2, now(), now())`.execute(
      t.db,
    );
    const admin = await t.db.selectFrom("users").select("id").where("username", "=", "admin").executeTakeFirstOrThrow();
    await sql`INSERT INTO password_reset_tokens (user_id, token_hash, expires_at) VALUES (${admin.id}, 'expired-hash', now() - interval '1 minute'), (${admin.id}, 'live-hash', now() + interval '1 hour')`.execute(
      t.db,
    );

    const purged = await purgeExpired(t.db);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    const keys = async (table: "rate_limits" | "login_failures") =>
      (
        await sql<{ k: string }>`SELECT ${sql.ref(table === "rate_limits" ? "key" : "account_key")} AS k FROM ${sql.table(table)}`.execute(
          t.db,
        )
      ).rows.map((r) => r.k);
    expect(await keys("rate_limits")).toContain("live-window");
    expect(await keys("rate_limits")).not.toContain("old-window");
    expect(await keys("login_failures")).toContain("name:recent");
    expect(await keys("login_failures")).not.toContain("name:old");
    const hashes = (await t.db.selectFrom("password_reset_tokens").select("token_hash").execute()).map((r) => r.token_hash);
    expect(hashes).toContain("live-hash");
    expect(hashes).not.toContain("expired-hash");
    const sids = (await t.db.selectFrom("sessions").select("sid").execute()).map((r) => r.sid);
    expect(sids).toContain(live);
    expect(sids).not.toContain("expired-sid");
    expect((await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } })).statusCode).toBe(200);
    expect(sessionCookie(await login(t.app, "consultant").then((r) => r.response))).not.toBe("");
  });
});

describe.each(testDialects())("reads of health information and smaller leaks on %s", (kind) => {
  let t: TestApp;
  const c = {} as Record<string, string>;
  const userId = async (username: string) =>
    (await t.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirstOrThrow()).id;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    for (const name of ["admin", "employee", "attorney"]) c[name] = (await login(t.app, name)).cookie;
  });
  afterAll(() => t.close());

  // Only what a test itself caused: the demo data was made through the same services.
  let since: Date;
  beforeEach(() => {
    since = new Date();
  });
  const accessRows = async (user: string) =>
    t.db
      .selectFrom("access_log")
      .selectAll()
      .where("user_id", "=", await userId(user))
      .where("at", ">=", since)
      .orderBy("at")
      .execute();

  it("records views of a claimant, a case and a query, at most once per user and record in 15 minutes", async () => {
    const attorney = await userId("attorney");
    const patient = await t.db.selectFrom("patients").select("id").where("attorney_id", "=", attorney).executeTakeFirstOrThrow();
    const theCase = await t.db
      .selectFrom("cases")
      .select(["id", "patient_id"])
      .where("attorney_id", "=", attorney)
      .executeTakeFirstOrThrow();
    const query = await t.db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .select(["queries.id", "cases.patient_id"])
      .where("queries.attorney_id", "=", attorney)
      .executeTakeFirstOrThrow();
    for (let i = 0; i < 3; i++) {
      expect((await trpc(t.app, c.employee!, "patients.get", { id: patient.id })).status).toBe(200);
      expect((await trpc(t.app, c.employee!, "cases.get", { id: theCase.id })).status).toBe(200);
      expect((await trpc(t.app, c.employee!, "queries.get", { id: query.id })).status).toBe(200);
    }
    const rows = await accessRows("employee");
    expect(rows.map((r) => [r.action, r.entity_type, r.entity_id, r.patient_id])).toEqual([
      ["view", "patient", patient.id, patient.id],
      ["view", "case", theCase.id, theCase.patient_id],
      ["view", "query", query.id, query.patient_id],
    ]);
    expect(rows[0]).toMatchObject({ user_role: "employee", ip: "127.0.0.1" });
    // Someone else's refused read leaves no row claiming access.
    const nomsaPatient = await t.db
      .selectFrom("patients")
      .select("id")
      .where("attorney_id", "=", await userId("nomsa"))
      .executeTakeFirstOrThrow();
    expect((await trpc(t.app, c.attorney!, "patients.get", { id: nomsaPatient.id })).status).toBe(404);
    expect(await accessRows("attorney")).toEqual([]);
  });

  it("records every document download and every audit export, and the log refuses UPDATE, DELETE and TRUNCATE", async () => {
    const attorney = await userId("attorney");
    const query = await t.db.selectFrom("queries").select("id").where("attorney_id", "=", attorney).executeTakeFirstOrThrow();
    const upload = multipart("records.pdf", PDF);
    const doc = (
      await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: c.attorney!, ...upload.headers },
        payload: upload.payload,
      })
    ).json() as { id: string };
    for (let i = 0; i < 2; i++)
      expect((await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: c.admin! } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: "/api/audit/export.csv", headers: { cookie: c.admin! } })).statusCode).toBe(200);
    const rows = await accessRows("admin");
    expect(rows.map((r) => [r.action, r.entity_type])).toEqual([
      ["download", "document"],
      ["download", "document"],
      ["export", "audit_log"],
    ]);
    await expect(sql`UPDATE access_log SET user_id = NULL`.execute(t.db)).rejects.toMatchObject(
      pgError("raise_exception", { message: "access_log is append-only" }),
    );
    await expect(sql`DELETE FROM access_log`.execute(t.db)).rejects.toMatchObject(
      pgError("raise_exception", { message: "access_log is append-only" }),
    );
    await expect(sql`TRUNCATE access_log`.execute(t.db)).rejects.toMatchObject(
      pgError("raise_exception", { message: "access_log is append-only" }),
    );
  });

  it("lets administrators list the access log per claimant and export it, and refuses everyone else", async () => {
    const attorney = await userId("attorney");
    const patient = await t.db
      .selectFrom("patients")
      .select(["id", "first_name", "last_name"])
      .where("attorney_id", "=", attorney)
      .executeTakeFirstOrThrow();
    expect((await trpc(t.app, c.attorney!, "patients.get", { id: patient.id })).status).toBe(200);
    const list = await trpc<{ items: { action: string; userName: string; patientName: string; entityType: string }[] }>(
      t.app,
      c.admin!,
      "audit.listAccess",
      { patientId: patient.id },
    );
    expect(list.status).toBe(200);
    expect(list.data.items.length).toBeGreaterThan(0);
    expect(list.data.items.every((r) => r.patientName === `${patient.first_name} ${patient.last_name}`)).toBe(true);
    expect(list.data.items[0]).toMatchObject({ action: "view", entityType: "patient" });
    for (const who of ["employee", "attorney"]) {
      expect((await trpc(t.app, c[who]!, "audit.listAccess", {})).status).toBe(403);
      expect((await t.app.inject({ method: "GET", url: "/api/audit/access-log.csv", headers: { cookie: c[who]! } })).statusCode).toBe(403);
    }
    const csv = await t.app.inject({
      method: "GET",
      url: `/api/audit/access-log.csv?patientId=${patient.id}`,
      headers: { cookie: c.admin! },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toMatch(/attachment; filename="access-log-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(csv.body.split("\r\n")[0]).toBe("at,user,role,action,entity_type,entity_id,claimant,ip,user_agent");
    expect(csv.body).toContain(`"${patient.first_name} ${patient.last_name}"`);
    // The export itself is a read, recorded against the claimant.
    expect((await accessRows("admin")).map((r) => [r.action, r.entity_type, r.patient_id])).toContainEqual([
      "export",
      "access_log",
      patient.id,
    ]);
  });

  it("hides the agreed expert fee and consultants' decline reasons from attorneys, and shows them to staff", async () => {
    const attorney = await userId("attorney");
    const assignment = await t.db
      .selectFrom("consultant_assignments")
      .innerJoin("queries", "queries.id", "consultant_assignments.query_id")
      .select(["consultant_assignments.id", "queries.id as query_id"])
      .where("queries.attorney_id", "=", attorney)
      .executeTakeFirstOrThrow();
    await sql`UPDATE consultant_assignments SET fee_agreed_cents = 450000, decline_reason = 'Conflict of interest with the defendant' WHERE id = ${assignment.id}`.execute(
      t.db,
    );
    const asAttorney = await trpc<{ assignments: { id: string; feeAgreedCents: number | null; declineReason: string | null }[] }>(
      t.app,
      c.attorney!,
      "queries.get",
      { id: assignment.query_id },
    );
    const seen = asAttorney.data.assignments.find((a) => a.id === assignment.id)!;
    expect(seen).toMatchObject({ feeAgreedCents: null, declineReason: null });
    expect(JSON.stringify(asAttorney.data)).not.toContain("Conflict of interest");
    // Staff as the administrator: the employee's views of the attorney's records are another test's to count.
    const asStaff = await trpc<{ assignments: { id: string; feeAgreedCents: number | null }[] }>(t.app, c.admin!, "queries.get", {
      id: assignment.query_id,
    });
    expect(asStaff.data.assignments.find((a) => a.id === assignment.id)!.feeAgreedCents).toBe(450000);
  });

  it("opens a query's documents to a consultant only once they have accepted", async () => {
    const proposed = await t.db
      .selectFrom("consultant_assignments")
      .innerJoin("queries", "queries.id", "consultant_assignments.query_id")
      .innerJoin("users", "users.id", "consultant_assignments.consultant_id")
      .select(["consultant_assignments.id", "queries.id as query_id", "queries.attorney_id", "users.username"])
      .where("consultant_assignments.status", "=", "proposed")
      .executeTakeFirstOrThrow();
    const expert = (await login(t.app, proposed.username)).cookie;
    const attorneyCookie = (
      await login(
        t.app,
        (await t.db.selectFrom("users").select("username").where("id", "=", proposed.attorney_id).executeTakeFirstOrThrow()).username,
      )
    ).cookie;
    const upload = multipart("hospital.pdf", PDF);
    const doc = (
      await t.app.inject({
        method: "POST",
        url: `/api/queries/${proposed.query_id}/documents`,
        headers: { cookie: attorneyCookie, ...upload.headers },
        payload: upload.payload,
      })
    ).json() as { id: string };
    const before = await trpc<{ documentsVisible: boolean; documents: unknown[] }>(t.app, expert, "queries.get", { id: proposed.query_id });
    expect(before.data).toMatchObject({ documentsVisible: false, documents: [] });
    expect((await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: expert } })).statusCode).toBe(404);
    expect((await trpc(t.app, expert, "assignments.respond", { id: proposed.id, accept: true })).status).toBe(200);
    const after = await trpc<{ documentsVisible: boolean; documents: { id: string }[] }>(t.app, expert, "queries.get", {
      id: proposed.query_id,
    });
    expect(after.data.documentsVisible).toBe(true);
    expect(after.data.documents.map((d) => d.id)).toContain(doc.id);
    expect((await t.app.inject({ method: "GET", url: `/api/documents/${doc.id}`, headers: { cookie: expert } })).statusCode).toBe(200);
  });

  it("caps what one user may upload in 24 hours, and keeps nothing of the refused file", async () => {
    const attorney = await userId("attorney");
    const query = await t.db.selectFrom("queries").select("id").where("attorney_id", "=", attorney).executeTakeFirstOrThrow();
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom("files")
            .select(sql<number>`count(*)`.as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Earlier uploads today have used all but a few bytes of the quota (only their recorded sizes count).
    const big = await sql<{ id: string }>`INSERT INTO files (owner_kind, owner_id, uploaded_by, file_name, content_type, size, sha256, data)
      VALUES ('query_document', ${query.id}, ${attorney}, 'big.pdf', 'application/pdf', ${200 * 1024 * 1024 - 10}, 'x', '\\x00') RETURNING id`.execute(
      t.db,
    );
    // The used-up quota is this test's alone: the attorney uploads again in other tests.
    onTestFinished(async () => {
      await t.db.deleteFrom("files").where("id", "=", big.rows[0]!.id).execute();
    });
    const before = await count();
    const upload = multipart("one-more.pdf", PDF);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/queries/${query.id}/documents`,
      headers: { cookie: c.attorney!, ...upload.headers },
      payload: upload.payload,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe("You can upload at most 200 MB in 24 hours. Please try again later, or ask the agency for help.");
    expect(await count()).toBe(before);
    // Another user is not affected.
    const staffUpload = await t.app.inject({
      method: "POST",
      url: `/api/queries/${query.id}/documents`,
      headers: { cookie: c.employee!, ...upload.headers },
      payload: upload.payload,
    });
    expect(staffUpload.statusCode).toBe(201);
  });
});
