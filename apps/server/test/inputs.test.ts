import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppError } from "@medlegal/api";
import { createSmtpMailer, isDatabaseUnavailable, parseInput, SERVICE_UNAVAILABLE_MESSAGE } from "@medlegal/api";
import { createDatabase } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import { INPUT_MESSAGES, registrationSchema } from "@medlegal/domain";
import { buildApp } from "../src/app";
import type { TestApp } from "./helpers";
import { createTestApp, login, MailBox, RELAXED_LIMITS, TEST_SECRET, trpc, validAttorney } from "./helpers";

const cursorOf = (values: unknown) => Buffer.from(JSON.stringify(values)).toString("base64url");
const SOME_UUID = "3f1b8e9c-5c3a-4f7e-9a55-2f4d1c9e8b10";
const LEAK = /stack|\.ts:\d+|SELECT|INSERT|invalid byte sequence|invalid input syntax/;

describe.each(testDialects())("input contracts on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  let attorney: string;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, { workflow: true });
    admin = (await login(t.app, "admin")).cookie;
    attorney = (await login(t.app, "attorney")).cookie;
  });
  afterAll(() => t.close());

  it("refuses NUL bytes and lone surrogates with the same sentence on REST and tRPC", async () => {
    for (const username of ["thandi\u0000", "\uD800thandi", "x\uDC00"]) {
      const rest = await t.app.inject({ method: "POST", url: "/api/login", payload: { username, password: "Anything1!" } });
      const viaTrpc = await trpc(t.app, "", "auth.login", { username, password: "Anything1!" });
      expect(rest.statusCode).toBe(400);
      expect(viaTrpc.status).toBe(400);
      expect(rest.json()).toEqual({ message: INPUT_MESSAGES.badText });
      expect(viaTrpc.error?.message).toBe(INPUT_MESSAGES.badText);
      expect(viaTrpc.error?.data.fieldErrors).toEqual({ username: INPUT_MESSAGES.badText });
    }
    // Deep inside a form too, where PostgreSQL used to be the one to refuse it (with a 500).
    const claimant = await trpc(t.app, attorney, "patients.create", {
      firstName: "Thandi",
      lastName: "Mokoena",
      passportNumber: "A1234567",
      birthDate: "1990-01-01",
      gender: "female",
      homeLanguage: "English",
      address: "12 Long Street\u0000",
    });
    expect(claimant.status).toBe(400);
    expect(claimant.error?.data.fieldErrors).toEqual({ address: INPUT_MESSAGES.badText });
  });

  it("describes a schema's refusal the same on both paths: message and field errors", async () => {
    const input = validAttorney({ birthDate: "1990-02-30", firmName: "" });
    const rest = await t.app.inject({ method: "POST", url: "/api/register", payload: input });
    const viaTrpc = await trpc(t.app, "", "auth.register", input);
    let refused: AppError | null = null;
    try {
      parseInput(registrationSchema, input);
    } catch (error) {
      refused = error as AppError;
    }
    expect(rest.statusCode).toBe(400);
    expect(viaTrpc.status).toBe(400);
    expect(rest.json().message).toBe(viaTrpc.error?.message);
    expect(refused?.message).toBe(viaTrpc.error?.message);
    expect(refused?.fieldErrors).toEqual(viaTrpc.error?.data.fieldErrors);
    expect(viaTrpc.error?.data.fieldErrors).toEqual({ firmName: "Firm name is required", birthDate: "Please enter a valid birth date" });
  });

  it("refuses ids that are not uuids in REST paths and procedures alike, before any SQL", async () => {
    const rest = await t.app.inject({ method: "PATCH", url: "/api/notifications/1%20OR%201=1/read", headers: { cookie: attorney } });
    const viaTrpc = await trpc(t.app, attorney, "notifications.markRead", { id: "1 OR 1=1" });
    expect(rest.statusCode).toBe(400);
    expect(viaTrpc.status).toBe(400);
    expect(rest.json().message).toBe("That is not a valid notification id");
    expect(viaTrpc.error?.message).toBe("That is not a valid notification id");
    for (const url of [
      "/api/documents/not-an-id",
      "/api/bookings/%00/calendar.ics",
      "/api/notifications/%ED%A0%80",
      "/api/queries/x/documents",
    ]) {
      const response = await t.app.inject({ method: url.endsWith("/documents") ? "POST" : "GET", url, headers: { cookie: admin } });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message, url).toMatch(/not a valid|address is not valid|may not contain NUL/);
    }
    expect((await trpc(t.app, admin, "queries.get", { id: "Q-2026-00001" })).error?.message).toBe(INPUT_MESSAGES.invalidId);
  });

  it("refuses dates that do not exist and instants out of any sane range", async () => {
    const slots = await trpc(t.app, attorney, "bookings.listSlots", { consultantId: SOME_UUID, from: "2026-02-30", to: "2026-03-02" });
    expect(slots.status).toBe(400);
    expect(slots.error?.message).toBe("From date is not a real date");
    const roster = await trpc(t.app, admin, "rosters.list", { from: "2026-04-31", to: "2026-05-01" });
    expect(roster.error?.message).toBe("From date is not a real date");
    const queries = await trpc(t.app, admin, "queries.list", { to: "2026-13-01" });
    expect(queries.status).toBe(400);
    const audit = await t.app.inject({ method: "GET", url: "/api/audit/export.csv?from=2026-02-29", headers: { cookie: admin } });
    expect(audit.statusCode).toBe(400);
    expect(audit.json()).toEqual({ message: "From date is not a real date" });
    const booking = await trpc(t.app, attorney, "bookings.create", {
      queryId: SOME_UUID,
      consultantId: SOME_UUID,
      startsAt: "+275760-09-13T00:00:00Z",
    });
    expect(booking.status).toBe(400);
    expect(booking.error?.message).toBe("Choose a time slot");
  });

  it("answers a forged page link with 400 and a sentence, never letting it reach SQL", async () => {
    const forged = [
      cursorOf(["not a time", SOME_UUID]),
      cursorOf(["2026-02-30T00:00:00.000000Z", SOME_UUID]),
      cursorOf(["2026-01-01T00:00:00.000000Z", "' OR 1=1 --"]),
      cursorOf({ not: "a list" }),
      "!!!",
    ];
    for (const cursor of forged) {
      for (const [path, input] of [
        ["queries.list", { cursor }],
        ["queries.list", { cursor, sort: "priority" }],
        ["bookings.list", { cursor }],
        ["audit.list", { cursor }],
        ["users.list", { cursor }],
      ] as const) {
        const answer = await trpc(t.app, admin, path, input);
        expect(answer.status, `${path} ${cursor}`).toBe(400);
        expect(answer.error?.message, `${path} ${cursor}`).toBe(INPUT_MESSAGES.pageLink);
      }
    }
    // Text in a cursor is checked like any other text.
    const nul = await trpc(t.app, admin, "users.list", { cursor: cursorOf(["a\u0000", "b", SOME_UUID]) });
    expect(nul.error?.message).toBe(INPUT_MESSAGES.pageLink);
    const notifications = await trpc(t.app, admin, "notifications.list", { cursor: "not-an-id" });
    expect(notifications.error?.message).toBe(INPUT_MESSAGES.pageLink);
    // A real page link still pages.
    const first = await trpc<{ nextCursor: string | null }>(t.app, admin, "queries.list", { limit: 2 });
    expect(first.data.nextCursor).toBeTruthy();
    expect((await trpc(t.app, admin, "queries.list", { limit: 2, cursor: first.data.nextCursor })).status).toBe(200);
  });

  it("refuses malformed JSON, uploads and addresses with a 4xx sentence", async () => {
    const json = await t.app.inject({
      method: "POST",
      url: "/trpc/patients.create",
      headers: { cookie: attorney, "content-type": "application/json" },
      payload: "{",
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().error.message).toBe("The request body is not valid JSON.");
    const query = await t.db.selectFrom("queries").select("id").executeTakeFirstOrThrow();
    const upload = (headers: Record<string, string>, payload: string) =>
      t.app.inject({ method: "POST", url: `/api/queries/${query.id}/documents`, headers: { cookie: admin, ...headers }, payload });
    for (const [contentType, payload] of [
      ["multipart/form-data", "--x\r\n"],
      ["multipart/form-data; boundary=x", "--x\r\nGarbage without a blank line"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 never ends',
      ],
    ] as const) {
      const response = await upload({ "content-type": contentType }, payload);
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().message, payload).toMatch(/upload could not be read|Choose a file/);
    }
    const tooLong = await t.app.inject({
      method: "GET",
      url: `/api/audit/export.csv?search=${"x".repeat(10_000)}`,
      headers: { cookie: admin },
    });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({ message: "The address is too long." });
    const badEncoding = await t.app.inject({ method: "GET", url: "/api/documents/%E0%A4%A", headers: { cookie: admin } });
    expect(badEncoding.statusCode).toBe(400);
    expect(badEncoding.json()).toEqual({ message: "That address is not valid." });
    for (const response of [json, tooLong, badEncoding]) expect(response.body).not.toMatch(LEAK);
  });
});

describe.each(testDialects())("a database outage on %s", (kind) => {
  it("answers 503 with a sentence on REST and tRPC when the database goes away under a running app", async () => {
    const t = await createTestApp(kind);
    try {
      const { cookie } = await login(t.app, "admin");
      await t.db.destroy();
      const user = await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
      expect(user.statusCode).toBe(503);
      expect(user.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
      const signIn = await t.app.inject({ method: "POST", url: "/api/login", payload: { username: "admin", password: "x" } });
      expect(signIn.statusCode).toBe(503);
      const procedure = await trpc(t.app, "", "specializations.listActive");
      expect(procedure.status).toBe(503);
      expect(procedure.error?.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
      const signedIn = await trpc(t.app, cookie, "queries.list");
      expect(signedIn.status).toBe(503);
    } finally {
      await t.close();
    }
  });
});

describe("a database server that cannot be reached", () => {
  const handle = createDatabase({ url: "postgres://postgres@127.0.0.1:9/medlegal", onError: () => {} });
  let mailbox: MailBox;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    mailbox = await new MailBox().start();
    app = await buildApp({
      db: handle.db,
      mailer: createSmtpMailer(mailbox.url),
      sessionSecret: TEST_SECRET,
      appUrl: "http://localhost:3000",
      rateLimits: RELAXED_LIMITS,
    });
  });
  afterAll(async () => {
    await app.close();
    await handle.close();
    await mailbox.stop();
  });

  it("answers 503 with a sentence on REST and tRPC (connection refused)", async () => {
    const rest = await app.inject({ method: "POST", url: "/api/forgot-password", payload: { email: "someone@example.com" } });
    expect(rest.statusCode).toBe(503);
    expect(rest.json()).toEqual({ message: SERVICE_UNAVAILABLE_MESSAGE });
    const procedure = await trpc(app, "", "specializations.listActive");
    expect(procedure.status).toBe(503);
    expect(procedure.error?.message).toBe(SERVICE_UNAVAILABLE_MESSAGE);
  });

  it("tells outages from other failures", () => {
    const withCode = (code: string) => Object.assign(new Error("x"), { code });
    for (const code of ["ECONNREFUSED", "57P01", "57P03", "08006", "08001", "53300"])
      expect(isDatabaseUnavailable(withCode(code)), code).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([withCode("ECONNREFUSED")]))).toBe(true);
    expect(isDatabaseUnavailable(new Error("wrapped", { cause: withCode("57P01") }))).toBe(true);
    for (const code of ["23505", "22P02", "42P01", "40001"]) expect(isDatabaseUnavailable(withCode(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});
