import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DialectKind } from "@medlegal/db";
import { createTestApp, login, trpc } from "./helpers";
import type { TestApp } from "./helpers";

const kinds: DialectKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];

/** The log lines an app writes, parsed. */
function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}

describe.each(kinds)("the request log (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());

  /** Signs in, then asks for the user, a health check, /ready and an unchanged bell poll; the lines each wrote at `level`. */
  async function requestsAt(level: string) {
    const sink = logSink();
    const app = await t.another({ logger: { level, stream: sink.stream } });
    const { cookie, response } = await login(app, "employee");
    const userId = (response.json() as { id: string }).id;
    const poll = await app.inject({ method: "GET", url: `/api/notifications/${userId}`, headers: { cookie } });
    sink.lines.length = 0;
    await app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    await app.inject({ method: "GET", url: "/health" });
    await app.inject({ method: "GET", url: "/ready" });
    const unchanged = await app.inject({
      method: "GET",
      url: `/api/notifications/${userId}`,
      headers: { cookie, "if-none-match": String(poll.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    return sink.lines;
  }

  it("writes one line per request, with method, address, status and time; health checks and unchanged polls not at info", async () => {
    const lines = await requestsAt("info");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, msg: "request", method: "GET", url: "/api/user", status: 200 });
    expect(typeof lines[0]!.ms).toBe("number");
    expect(lines[0]!.reqId).toBeTruthy();
  });

  it("writes the health checks and unchanged polls at debug", async () => {
    const lines = await requestsAt("debug");
    expect(lines.map((l) => [l.level, l.url, l.status])).toEqual([
      [30, "/api/user", 200],
      [20, "/health", 200],
      [20, "/ready", 200],
      [20, expect.stringMatching(/^\/api\/notifications\//), 304],
    ]);
  });

  it("logs a calendar feed's address without its token, the feed's only key", async () => {
    const sink = logSink();
    const app = await t.another({ logger: { level: "info", stream: sink.stream } });
    const { cookie } = await login(app, "employee");
    const made = await app.inject({
      method: "POST",
      url: "/trpc/calendar.createFeed",
      headers: { cookie, "content-type": "application/json" },
      payload: "{}",
    });
    const path = new URL((made.json() as { result: { data: { url: string } } }).result.data.url).pathname;
    sink.lines.length = 0;
    expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(200);
    expect(sink.lines.map((l) => l.url)).toEqual(["/api/calendar/feed/[token].ics"]);
  });

  it("answers a failure of ours with a reference that finds its log line, on REST and tRPC, and no SQL", async () => {
    const sink = logSink();
    const app = await t.another({ logger: { level: "info", stream: sink.stream } });
    const { cookie, response } = await login(app, "employee");
    const userId = (response.json() as { id: string }).id;
    // Tables a running app reads go missing: nothing the client sent is wrong.
    await sql`alter table notifications rename to notifications_gone`.execute(t.db);
    await sql`alter table queries rename to queries_gone`.execute(t.db);
    try {
      const rest = await app.inject({ method: "GET", url: `/api/notifications/${userId}`, headers: { cookie } });
      const procedure = await trpc(app, cookie, "queries.list");
      expect(rest.statusCode).toBe(500);
      expect(procedure.status).toBe(500);
      const restReference = (rest.json() as { reference: string }).reference;
      expect(rest.json()).toEqual({
        message: `Something went wrong on our side. Please try again. If it keeps happening, quote reference ${restReference}.`,
        reference: expect.stringMatching(/^[0-9A-F]{8}$/),
      });
      const trpcReference = /quote reference ([0-9A-F]{8})\.$/.exec(procedure.error?.message ?? "")?.[1];
      expect(trpcReference).toBeTruthy();
      for (const body of [rest.body, JSON.stringify(procedure.error)]) expect(body).not.toMatch(/relation|_gone|select |at .*\.ts/i);
      // Support finds each failed request's error line by the reference the user quotes.
      for (const reference of [restReference, trpcReference!]) {
        const found = sink.lines.filter(
          (line) => String(line.reqId).replace(/-/g, "").toUpperCase().startsWith(reference) && line.level === 50,
        );
        expect(found.length, reference).toBeGreaterThan(0);
        expect(JSON.stringify(found)).toMatch(/does not exist/);
      }
    } finally {
      await sql`alter table notifications_gone rename to notifications`.execute(t.db);
      await sql`alter table queries_gone rename to queries`.execute(t.db);
    }
  });
});
