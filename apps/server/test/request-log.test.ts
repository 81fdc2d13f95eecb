import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DialectKind } from "@medlegal/db";
import { createTestApp, login } from "./helpers";
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
});
