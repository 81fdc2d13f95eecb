import { mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD, openLiveStream } from "./helpers";
import { freePort, startServer } from "./server-process";
import type { ServerProcess } from "./server-process";

// Restarts of the real server process on the embedded database (issue 23: items 27, 28, 29).
const dataDir = mkdtempSync(join(tmpdir(), "medlegal-restart-"));
let port = 0;
let base = "";
let server: ServerProcess;

/**
 * The server on `dataDir` and `port`. It drains for a minute on SIGTERM; the tests end the drain
 * with a second SIGTERM once their load balancer has moved away (nothing waits on a clock).
 */
const serverEnv = () => ({ PORT: String(port), SHUTDOWN_GRACE_SECONDS: "60" });

async function start(): Promise<ServerProcess> {
  const started = startServer(dataDir, serverEnv());
  await started.printed("MedLegal is running");
  return started;
}

/** A test's own running server: the one there is, or a new one when an earlier test stopped it. */
async function running(): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) return;
  server = await start();
}

async function signIn(username: string): Promise<string> {
  const response = await fetch(`${base}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("medlegal.sid="))!;
}

beforeAll(async () => {
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = startServer(dataDir, serverEnv());
  await server.printed("Demo data created");
});

afterAll(async () => {
  if (server.child.exitCode === null) {
    server.child.kill("SIGINT");
    await server.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe("two processes on one embedded database", () => {
  it("the second is refused with a sentence that says to use PostgreSQL, and the first keeps serving", async () => {
    await running();
    const second = startServer(dataDir, { PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(
      `MedLegal cannot start: the embedded database in ${join(dataDir, "pglite")} is already in use by another process (pid ${server.child.pid}). ` +
        "Only one process can use the embedded database: stop the other one, or use PostgreSQL (set DATABASE_URL) to run several processes.",
    );
    expect((await fetch(`${base}/ready`)).status).toBe(200);
  });
});

describe("a graceful restart", () => {
  it("completes an open live stream normally and the tab's session still works on the next process", async () => {
    await running();
    const cookie = await signIn("attorney");
    const stream = await openLiveStream(base, cookie);
    expect(stream.status).toBe(200);

    server.child.kill("SIGTERM");
    // The stream ends as the drain starts, with tRPC's normal end of a subscription ("return"),
    // never a "session ended" error.
    expect(await stream.ended(30_000)).toBe(true);
    expect(stream.events.map((e) => e.event)).not.toContain("serialized-error");
    expect(stream.events.at(-1)?.event).toBe("return");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    // The data directory's lock went with the process: the next one starts, and the tab is still signed in.
    server = await start();
    const user = await fetch(`${base}/api/user`, { headers: { cookie } });
    expect(user.status).toBe(200);
    const again = await openLiveStream(base, cookie);
    expect(again.status).toBe(200);
    await again.close();
  }, 120_000);

  it("answers every request that arrives while it shuts down under load (SIGTERM), then stops listening", async () => {
    await running();
    const cookie = await signIn("attorney");
    // Kept-alive connections, as a load balancer keeps them to its upstreams.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const failures: string[] = [];
    let answeredAfterSignal = 0;
    let signalled = false;
    const send = (method: string, path: string, body?: string) =>
      new Promise<{ status: number; body: string } | "refused">((resolve) => {
        const req = request(`${base}${path}`, { method, agent, headers: { cookie, "content-type": "application/json" } }, (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => (text += chunk.toString()));
          res.on("end", () => resolve({ status: res.statusCode!, body: text }));
        });
        // Refused before anything was sent: a load balancer tries another process.
        req.on("error", (error: NodeJS.ErrnoException) =>
          error.code === "ECONNREFUSED"
            ? resolve("refused")
            : (failures.push(`${method} ${path}: ${error.code ?? error.message}`), resolve("refused")),
        );
        req.end(body);
      });
    // Writes (as a user marks notifications read) until the load balancer's health check has seen
    // /ready refuse twice (a common "unhealthy" threshold).
    let readyRefusals = 0;
    const writer = async () => {
      while (readyRefusals < 2) {
        const answer = await send("POST", "/trpc/notifications.markAllRead", "null");
        if (answer === "refused") return;
        if (answer.status !== 200) failures.push(`POST ${answer.status}: ${answer.body}`);
        if (signalled) answeredAfterSignal++;
        loadGoing();
      }
    };
    const checker = async () => {
      while (readyRefusals < 2) {
        const answer = await send("GET", "/ready");
        if (answer === "refused") return;
        if (answer.status === 503 && signalled) readyRefusals++;
        else if (answer.status !== 200) failures.push(`GET /ready ${answer.status}: ${answer.body}`);
      }
    };
    let loadGoing = () => {};
    const firstAnswer = new Promise<void>((resolve) => (loadGoing = resolve));
    const writers = Array.from({ length: 6 }, writer);
    const checking = checker();
    await firstAnswer;
    server.child.kill("SIGTERM");
    signalled = true;
    await Promise.all([...writers, checking]);
    // The load balancer sends nothing more here: the drain may end.
    server.child.kill("SIGTERM");

    expect(failures).toEqual([]);
    expect(answeredAfterSignal).toBeGreaterThan(0);
    expect(readyRefusals).toBe(2);
    // It then stops listening and ends by itself.
    expect(await server.exited).toBe(0);
    expect(await send("GET", "/health")).toBe("refused");
    agent.destroy();
  }, 120_000);
});
