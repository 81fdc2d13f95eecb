import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { DialectKind, DumpFormat } from "@medlegal/db";
import { createTestDatabase } from "@medlegal/db/testing";
import { afterAll, beforeAll } from "vitest";
import type { SuiteOptions } from "vitest";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { appRouter, createSmtpMailer, DEFAULT_RATE_LIMITS, DEMO_PASSWORD, seedDemoData } from "@medlegal/api";
import type { RateLimits } from "@medlegal/api";
import { buildApp } from "../src/app";
import type { AppOptions } from "../src/app";

export { DEMO_PASSWORD };

export const TEST_SECRET = "a-test-secret-that-is-at-least-32-characters-long";

/** Test limits high enough never to trip by accident; rate-limit tests set their own. */
export const RELAXED_LIMITS: RateLimits = {
  perIp: Object.fromEntries(Object.keys(DEFAULT_RATE_LIMITS.perIp).map((k) => [k, { max: 10_000, window: 60_000 }])) as RateLimits["perIp"],
  perAccount: { forgotPassword: { max: 10_000, window: 60_000 } },
  perUser: { fileDownload: { max: 10_000, window: 60_000 } },
  loginBackoff: { freeFailures: 10_000, maxPauseMs: 1_000 },
};

/** A real SMTP server on a free loopback port; the app sends to it through nodemailer. */
export class MailBox {
  readonly received: { to: string[]; raw: string }[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  url = "";

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    const address = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${address.port}`;
    return this;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits for the next mail to `to` (mail leaves after the answer, so it can trail it a little). */
  async waitFor(to: string, count = 1): Promise<string> {
    for (let i = 0; i < 100; i++) {
      const mails = this.received.filter((m) => m.to.includes(to));
      if (mails.length >= count) return decodeQuotedPrintable(mails[count - 1]!.raw);
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`No mail to ${to} arrived`);
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The reset token of the link in a password-reset mail. */
export function resetTokenIn(mail: string): string {
  const match = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match) throw new Error("The mail holds no reset link");
  return match[1]!;
}

/** The token of the link in a sign-up confirmation mail. */
export function signUpTokenIn(mail: string): string {
  const match = /confirm-sign-up\?token=([A-Za-z0-9_-]+)/.exec(mail);
  if (!match) throw new Error("The mail holds no sign-up link");
  return match[1]!;
}

/**
 * Signs up as a new user does: the form's answer ("check your e-mail"), then the link in the mail.
 * Answers the confirmation's response (201 with the new user and the session cookie).
 */
export async function signUp(t: Pick<TestApp, "app" | "mailbox">, payload: { email: string }): Promise<LightMyRequestResponse> {
  const asked = await t.app.inject({ method: "POST", url: "/api/register", payload });
  if (asked.statusCode !== 202) throw new Error(`Sign-up answered ${asked.statusCode}: ${asked.body}`);
  const token = signUpTokenIn(await t.mailbox.waitFor(payload.email));
  return t.app.inject({ method: "POST", url: "/api/register/confirm", payload: { token } });
}

export interface TestApp {
  app: FastifyInstance;
  db: Awaited<ReturnType<typeof createTestDatabase>>["db"];
  mailbox: MailBox;
  /** Another app instance on the same database (as behind a load balancer). */
  another(overrides?: Partial<AppOptions>): Promise<FastifyInstance>;
  /** The database's backup dump (the backups suite). */
  dump(path: string): Promise<DumpFormat>;
  close(): Promise<void>;
}

export async function createTestApp(
  kind: DialectKind,
  overrides: Partial<AppOptions> = {},
  seed: { workflow?: boolean; now?: Date } = { workflow: false },
): Promise<TestApp> {
  const handle = await createTestDatabase(kind);
  // The demo users and notifications always; the claimants, cases and queries when a suite asks.
  await seedDemoData(handle.db, seed);
  const mailbox = await new MailBox().start();
  const instances: FastifyInstance[] = [];
  const make = async (extra: Partial<AppOptions> = {}) => {
    const app = await buildApp({
      db: handle.db,
      mailer: createSmtpMailer(mailbox.url),
      sessionSecret: TEST_SECRET,
      appUrl: "http://localhost:3000",
      rateLimits: RELAXED_LIMITS,
      ...overrides,
      ...extra,
      // Each instance listens on its own connection, as separate processes do.
      listener: extra.listener ?? overrides.listener ?? handle.createListener(),
    });
    instances.push(app);
    return app;
  };
  const app = await make();
  return {
    app,
    db: handle.db,
    mailbox,
    another: make,
    dump: (path) => handle.dump(path),
    async close() {
      for (const instance of instances) await instance.close();
      await handle.close();
      await mailbox.stop();
    },
  };
}

/** The session cookie a response set, as a Cookie header value ("" when none). */
export function sessionCookie(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === "medlegal.sid");
  return cookie ? `medlegal.sid=${cookie.value}` : "";
}

/** The store id of a session cookie (the value is "sid.signature"). */
export function sessionId(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return value.slice(0, value.lastIndexOf("."));
}

export async function login(app: FastifyInstance, username: string, password = DEMO_PASSWORD) {
  const response = await app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
  return { response, cookie: sessionCookie(response) };
}

/**
 * A suite's app and its signed-in demo accounts, the set-up most suites share: before the suite a
 * fresh app (`seed` as for createTestApp) handed to `ready`, then each named account's session
 * cookie in `c` and user id in `ids`; after the suite the app is closed.
 */
export function signedInSuite<Name extends string = string>(
  kind: DialectKind,
  names: readonly NoInfer<Name>[],
  seed: Parameters<typeof createTestApp>[2],
  ready: (t: TestApp) => void,
): { c: Record<Name, string>; ids: Record<Name, string> } {
  const c = {} as Record<Name, string>;
  const ids = {} as Record<Name, string>;
  let t: TestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(kind, {}, seed);
    ready(t);
    for (const name of names) {
      c[name] = (await login(t.app, name)).cookie;
      ids[name] = (await t.db.selectFrom("users").select("id").where("username", "=", name).executeTakeFirstOrThrow()).id;
    }
  });
  afterAll(() => t?.close());
  return { c, ids };
}

let uniqueCount = 0;

/**
 * A name part no other call in any test process can repeat (unique indexes on usernames, e-mails):
 * the process id keeps parallel test files apart, the counter the calls within one.
 */
export function uniqueSuffix(): string {
  uniqueCount += 1;
  return `${process.pid}x${uniqueCount}`;
}

export function validAttorney(overrides: Record<string, unknown> = {}) {
  const n = uniqueSuffix();
  return {
    username: `atty_${n}`,
    password: "Str0ng!Password",
    email: `atty_${n}@firm.example`,
    firstName: "Lerato",
    lastName: "Sithole",
    role: "attorney",
    firmName: "Sithole & Partners",
    gender: "female",
    birthDate: "1985-06-30",
    addresses: ["12 Long Street, Cape Town", ""],
    emails: [`office_${n}@firm.example`],
    phones: [{ number: "+27 21 555 0100", type: "office" }],
    ...overrides,
  };
}

export function validConsultant(overrides: Record<string, unknown> = {}) {
  const n = uniqueSuffix();
  return {
    username: `dr_${n}`,
    password: "Str0ng!Password",
    email: `dr_${n}@clinic.example`,
    firstName: "Sipho",
    lastName: "Nkosi",
    role: "consultant",
    specialization: "Neurosurgeon",
    licenseNumber: "MP 0654321",
    phone: "082 555 0123",
    address: "1 Clinic Road, Durban",
    ...overrides,
  };
}

export interface TrpcAnswer<T = unknown> {
  status: number;
  data: T;
  error: { message: string; data: { code: string; fieldErrors?: Record<string, string> } } | null;
}

export type ProcedureKind = "query" | "mutation" | "subscription";

/** The procedures anyone may call without a session (a guest session answers them as anyone would). */
export const PUBLIC_PROCEDURES: readonly string[] = [
  "auth.me",
  "auth.login",
  "auth.verifyTwoFactor",
  "auth.register",
  "auth.confirmRegistration",
  "auth.forgotPassword",
  "auth.resetPassword",
  "specializations.listActive",
  "meetings.joinAsGuest",
  "jointMinutes.guestOpen",
  "jointMinutes.guestVerify",
  "bundles.guestOpen",
  "bundles.guestVerify",
  "privacy.paiaManual",
];

// tRPC v11 keeps every procedure flat under its dotted path, each with its kind in `_def.type`.
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: ProcedureKind } } | undefined>;

/** The kind of a procedure as the router declares it; an unknown path is a mistake in the test. */
export function procedureKind(path: string): ProcedureKind {
  const procedure = procedures[path];
  if (!procedure) throw new Error(`The app router has no procedure "${path}"`);
  return procedure._def.type;
}

/** Calls one tRPC procedure over HTTP as the web does: queries by GET, mutations by POST. */
export async function trpc<T = unknown>(app: FastifyInstance, cookie: string, path: string, input?: unknown): Promise<TrpcAnswer<T>> {
  const kind = procedureKind(path);
  if (kind === "subscription") throw new Error(`${path} is a subscription: open it with openLiveStream`);
  const response =
    kind === "query"
      ? await app.inject({
          method: "GET",
          url: `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
          headers: { cookie },
        })
      : await app.inject({
          method: "POST",
          url: `/trpc/${path}`,
          headers: { cookie, "content-type": "application/json" },
          payload: JSON.stringify(input ?? null),
        });
  const body = response.json() as { result?: { data: T }; error?: TrpcAnswer["error"] };
  return { status: response.statusCode, data: body.result?.data as T, error: body.error ?? null };
}

/** A tiny PDF that passes the upload's content check. */
export const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

/** A multipart/form-data body with one file in the field `file`, as the web's upload sends it (text fields first). */
export function multipart(fileName: string, data: Buffer, type = "application/pdf", fields: Record<string, string> = {}) {
  const boundary = "----medlegal-test-boundary";
  const payload = Buffer.concat([
    ...Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    ),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

/** The expert's declaration a report upload carries (SPEC: the upload form's checkbox text). */
export const REPORT_DECLARATION =
  "I understand my duty is to assist the court. This report is true and my opinion is independent of the parties.";

/** A report upload as the web sends it: the declaration, then the PDF. */
export const reportUpload = (data: Uint8Array) =>
  multipart("report.pdf", Buffer.from(data), "application/pdf", { declaration: REPORT_DECLARATION });

/** One server-sent event as it arrived: `event` is "message" for data events. */
export interface SseEvent {
  event: string;
  id: string | null;
  data: unknown;
}

/**
 * A real server-sent events client over fetch (Node 20 has no EventSource): opens the live event
 * stream of a listening app, parses the events as they arrive, and waits for the next with a bound.
 */
export async function openLiveStream(baseUrl: string, cookie: string, input?: { lastEventId?: string }) {
  const controller = new AbortController();
  const query = input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : "";
  const response = await fetch(`${baseUrl}/trpc/live.events${query}`, {
    headers: { cookie, accept: "text/event-stream", "accept-encoding": "br, gzip" },
    signal: controller.signal,
  });
  const events: SseEvent[] = [];
  let closed = false;
  // Set by next() while it waits; typed loosely so narrowing does not forget the closure sets it.
  let wake = null as (() => void) | null;
  const done = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event: SseEvent = { event: "message", id: null, data: null };
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith("event:")) event.event = line.slice(6).trim();
            else if (line.startsWith("id:")) event.id = line.slice(3).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
          }
          if (data.length === 0 && event.event === "message") continue;
          // tRPC's "return" (the stream completed) carries an empty data line.
          event.data = data.join("\n") ? JSON.parse(data.join("\n")) : null;
          events.push(event);
          wake?.();
        }
      }
    } catch {
      // Aborted by close().
    } finally {
      closed = true;
      wake?.();
    }
  })();
  let read = 0;
  return {
    status: response.status,
    headers: response.headers,
    /** `{ message }` of a refusal (a status other than 200). */
    async refusal(): Promise<{ message: string }> {
      return (await response.json()) as { message: string };
    },
    events,
    /** Data events so far. */
    data: () => events.filter((e) => e.event === "message"),
    get closed() {
      return closed;
    },
    /** The next event (ignoring pings) not yet read, or null when the stream ended or `ms` passed. */
    async next(ms = 5_000): Promise<SseEvent | null> {
      const deadline = Date.now() + ms;
      for (;;) {
        while (read < events.length) {
          const event = events[read++]!;
          if (event.event !== "ping") return event;
        }
        const left = deadline - Date.now();
        if (closed || left <= 0) return null;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    },
    /** Waits until the server ended the stream (true) or `ms` passed (false). */
    async ended(ms = 5_000): Promise<boolean> {
      return Promise.race([done.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
    },
    close() {
      controller.abort();
      return done;
    },
  };
}

/**
 * The options of a suite whose tests still run in the written order: each file's tests otherwise run
 * shuffled (vitest.config.ts), so that none leans on another's leftovers. A suite loses this once it
 * has passed under a few seeds (`--sequence.seed=<n>`) and each of its tests alone (`-t "<name>"`).
 */
export const IN_ORDER: SuiteOptions = { shuffle: false };
