/**
 * `pnpm bench:http`: the signed-in polls against a bare Fastify hello-world, each in its own
 * process on this machine, as ratios measured in one run (docs/decisions.md, "Performance"). The
 * app is what a user runs: `pnpm start` itself (pnpm, then scripts/start.mjs), its first start on
 * an empty data directory, its output to a file at the default log level, the demo attorney signed
 * in, 20 connections for 8 s. Rows marked "restart" come from later starts with one setting changed.
 * PGlite by default; PostgreSQL when BENCH_DATABASE_URL names a server (a throw-away database is
 * created on it). Nothing here passes or fails: it prints each figure next to its target.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createTestDatabase } from "@medlegal/db/testing";
import { machine } from "./report";
import { startApp, startListening } from "./server";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONNECTIONS ?? 20);
/** Each figure's seconds are taken in this many slices, in turn with the baseline's (see `compare`). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const ticksPerSecond = 100; // USER_HZ on Linux

/** CPU seconds a process and its descendants (tsx runs the server in a child) have used, from /proc. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  let total = (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
    for (const child of children ? children.split(" ") : []) total += cpuSeconds(Number(child));
  }
  return total;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function request(port: number, path: string, headers: Record<string, string>, method = "GET", body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((done, fail) => {
    const req = http.request({ host: "127.0.0.1", port, path, method, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("latin1");
      res.on("data", (c) => (text += c));
      res.on("end", () => done({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", fail);
    req.end(body);
  });
}

/** Requests answered per second by CONCURRENCY loops for `seconds`, and the server's CPU per request. */
async function load(port: number, pid: number, path: string, headers: Record<string, string>, expectStatus: number, seconds: number) {
  const until = Date.now() + seconds * 1000;
  let count = 0;
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < until) {
        const answer = await request(port, path, headers);
        if (answer.status !== expectStatus) throw new Error(`${path}: ${answer.status}, expected ${expectStatus}`);
        count++;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  return { perSecond: count / elapsed, cpuPerRequest: (cpuSeconds(pid) - cpuBefore) / count };
}

type Probe = { path: string; headers: Record<string, string>; status: number };
/** `ratio`: requests a second against the baseline's; `cpuRatio`: the baseline's CPU per request against the app's (what the ratio is on a machine with a core to spare for each). */
type Figure = { ratio: number; cpuRatio: number; perSecond: number; cpuPerRequest: number };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Each probe against the bare baseline, in ROUNDS rounds of a baseline slice followed by a slice of
 * every probe; a figure is the median of its rounds' ratios. On a machine whose load changes while
 * the bench runs (two cores, shared), a change falls on the baseline and the app alike instead of
 * on whichever was measured at that moment.
 */
async function compare(
  port: number,
  pid: number,
  probes: Record<string, Probe>,
): Promise<{ baseline: number; figures: Record<string, Figure> }> {
  const slice = SECONDS / ROUNDS;
  const baselines: number[] = [];
  const rounds: Record<string, Figure[]> = {};
  for (let round = 0; round < ROUNDS; round++) {
    const base = await load(basePort, bare.pid!, "/", {}, 200, slice);
    baselines.push(base.perSecond);
    for (const [name, probe] of Object.entries(probes)) {
      const measured = await load(port, pid, probe.path, probe.headers, probe.status, slice);
      (rounds[name] ??= []).push({
        ratio: measured.perSecond / base.perSecond,
        cpuRatio: base.cpuPerRequest / measured.cpuPerRequest,
        ...measured,
      });
    }
  }
  const figures = Object.fromEntries(
    Object.entries(rounds).map(([name, list]) => [
      name,
      {
        ratio: median(list.map((r) => r.ratio)),
        cpuRatio: median(list.map((r) => r.cpuRatio)),
        perSecond: median(list.map((r) => r.perSecond)),
        cpuPerRequest: median(list.map((r) => r.cpuPerRequest)),
      },
    ]),
  );
  return { baseline: median(baselines), figures };
}

const basePort = 39_400 + Math.floor(Math.random() * 500);
const dataDir = mkdtempSync(join(tmpdir(), "medlegal-bench-"));
let database = "PGlite";
const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "" };
let dropDatabase: (() => Promise<void>) | null = null;
if (process.env.BENCH_DATABASE_URL) {
  process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // A throw-away database on that server; the app seeds the demo data into it on start.
  const handle = await createTestDatabase("pg");
  Object.assign(env, { DATABASE_URL: handle.url!, SEED_DEMO: "true" });
  database = `PostgreSQL (${new URL(process.env.BENCH_DATABASE_URL).host})`;
  dropDatabase = () => handle.close();
}

const bare = await startListening(process.execPath, ["bench/bare-fastify.mjs"], {}, basePort);
// `pnpm start` as a user types it, in the repository (its output to a file, LOG_LEVEL unset).
let app = await startListening("pnpm", ["start"], { ...env, LOG_LEVEL: "" }, basePort + 1);
const appPort = basePort + 1;
/** A process and everything it started (pnpm, then the server), from /proc. */
function descendants(pid: number): number[] {
  const found: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) found.push(Number(child), ...descendants(Number(child)));
    }
  } catch {
    // Gone already.
  }
  return found;
}
const stop = async () => {
  // The server itself too, not only pnpm: the next start needs its port and its data directory.
  for (const pid of descendants(app.pid!).reverse()) {
    try {
      process.kill(pid, "SIGTERM");
    } catch {
      // Gone already.
    }
  }
  app.kill("SIGTERM");
  await new Promise((resolve) => (app.exitCode !== null ? resolve(null) : app.once("exit", resolve)));
};
const restart = async (extra: Record<string, string>) => {
  await stop();
  app = await startApp({ ...env, ...extra }, basePort + 1);
};
try {
  const origin = `http://127.0.0.1:${appPort}`;
  const login = await request(
    appPort,
    "/api/login",
    { "content-type": "application/json", origin },
    "POST",
    JSON.stringify({ username: "attorney", password: "Demo@Password1" }),
  );
  if (login.status !== 200) throw new Error(`login: ${login.status} ${login.body}`);
  const cookie = String(login.headers["set-cookie"]![0]).split(";")[0]!;
  const userId = (JSON.parse(login.body) as { id: string }).id;
  const signedIn = { cookie, "accept-encoding": "br, gzip" };
  const first = await request(appPort, `/api/notifications/${userId}`, signedIn);
  const etag = String(first.headers.etag);

  const poll = `/api/notifications/${userId}`;
  const unchangedPoll: Probe = { path: poll, headers: { ...signedIn, "if-none-match": etag }, status: 304 };
  const userProbe: Probe = { path: "/api/user", headers: signedIn, status: 200 };
  const asStarted = await compare(appPort, app.pid!, {
    unchanged: unchangedPoll,
    changed: { path: poll, headers: signedIn, status: 200 },
    user: userProbe,
  });
  const { unchanged, changed, user } = asStarted.figures as Record<"unchanged" | "changed" | "user", Figure>;
  // The same two figures with the request log off, to show what the log costs.
  await restart({ LOG_LEVEL: "silent" });
  const quiet = await compare(appPort, app.pid!, { unchanged: unchangedPoll, user: userProbe });
  const { unchanged: unchangedQuiet, user: userQuiet } = quiet.figures as Record<"unchanged" | "user", Figure>;
  // The first poll after a change finds no list in memory: the same server with none kept.
  await restart({ NOTIFICATION_LIST_CACHE_MB: "0" });
  const { firstRead } = (await compare(appPort, app.pid!, { firstRead: { path: poll, headers: signedIn, status: 200 } })).figures as Record<
    "firstRead",
    Figure
  >;

  const pollCores = 200 * unchanged.cpuPerRequest; // 1,000 users, one poll each per 5 s
  const row = (figure: string, value: string, target: string) => console.log(`| ${figure} | ${value} | ${target} |`);
  const measured = (f: Figure) => `${f.ratio.toFixed(2)}x (${f.perSecond.toFixed(0)} req/s; CPU ${f.cpuRatio.toFixed(2)}x)`;
  console.log(
    `\n${machine()}, ${database}; ${CONCURRENCY} connections, ${SECONDS} s each in ${ROUNDS} rounds with the baseline's (medians), the demo attorney signed in; ` +
      `the app as \`pnpm start\` runs it (its first start, request log on) unless the row says "restart". "CPU" is the baseline's server CPU per request against the app's: ` +
      `the ratio on a machine with a core to spare for each server, which the load of a shared machine does not move\n`,
  );
  console.log("| figure | measured | target |\n|---|---:|---:|");
  row("bare Fastify hello-world (baseline)", `${asStarted.baseline.toFixed(0)} req/s`, "1x");
  row("GET /api/notifications/{id}, unchanged (304)", measured(unchanged), ">= 0.4x");
  row("GET /api/notifications/{id}, changed (200, compressed; list in memory)", measured(changed), ">= 0.25x on PostgreSQL");
  row("  the same, first poll after a change (list read from the database; restart)", measured(firstRead), "-");
  row("GET /api/user", measured(user), ">= 0.4x");
  row("  unchanged poll, restart with the log off (LOG_LEVEL=silent)", measured(unchangedQuiet), "-");
  row("  GET /api/user, restart with the log off (LOG_LEVEL=silent)", measured(userQuiet), "-");
  row("1,000 users polling every 5 s (server CPU)", `${pollCores.toFixed(3)} of a core`, "<= 0.05");
} finally {
  bare.kill();
  await stop().catch(() => {});
  await new Promise((r) => setTimeout(r, 300));
  await dropDatabase?.().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
  agent.destroy();
}
