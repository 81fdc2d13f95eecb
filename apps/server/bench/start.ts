/**
 * `pnpm bench:start`: how long `pnpm start` takes to answer, as a user meets it after `pnpm install`
 * (docs/decisions.md, "Start-up"): a first start on an empty data directory, then a restart on the
 * data it left. Each run is a real `pnpm start` in its own process group, on a free port and a
 * throw-away DATA_DIR; the figure is the time from spawning it to the first 200 from /ready.
 * Nothing here passes or fails: it prints each figure next to its target.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { machine, row } from "./report";
import { DEMO_CREATED, demoInProgress } from "./server";

const root = resolve(import.meta.dirname, "../../..");
const RUNS = Number(process.env.BENCH_START_RUNS ?? 2);

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? done(address.port) : fail(new Error("no port"))));
    });
  });
}

interface Start {
  /** Seconds from spawn to the first 200 from /ready. */
  ready: number;
  /** Seconds from spawn to the demo data being complete (first start only), when the server said so. */
  demo?: number;
}

/** One `pnpm start` on `dataDir`: times it, then stops it (SIGTERM to its process group) and waits. */
async function timeStart(dataDir: string): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn("pnpm", ["start"], {
    cwd: root,
    detached: true,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      SHUTDOWN_GRACE_SECONDS: "0",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let demo: number | undefined;
  const seconds = () => (performance.now() - started) / 1000;
  child.stdout!.on("data", (chunk) => {
    output += chunk;
    if (demo === undefined && output.includes(DEMO_CREATED)) demo = seconds();
  });
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((done) => child.on("exit", () => done()));
  try {
    let ready: number | undefined;
    while (ready === undefined) {
      if (child.exitCode !== null) throw new Error(`pnpm start stopped:\n${output}`);
      if (seconds() > 300) throw new Error(`pnpm start did not answer in 300 s:\n${output}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/ready`)).ok) ready = seconds();
      } catch {
        // not listening yet
      }
      if (ready === undefined) await new Promise((r) => setTimeout(r, 25));
    }
    // The first start also reports when its demo data is complete; wait for it (bounded) so the
    // restart finds the data a user would have.
    while (demoInProgress(output) && seconds() < 300) await new Promise((r) => setTimeout(r, 100));
    return { ready, demo };
  } finally {
    process.kill(-child.pid!, "SIGTERM");
    await exited;
  }
}

// As `pnpm install` leaves a fresh clone: the web app and the server built, the PGlite template made.
const prepared = spawnSync(process.execPath, [join(root, "scripts/prepare.mjs")], { cwd: root, stdio: "ignore" });
if (prepared.status !== 0) throw new Error("scripts/prepare.mjs failed: run `pnpm install` first");

console.log(`\nStart: \`pnpm start\` to the first 200 from /ready\n${machine()}\n`);
for (let run = 1; run <= RUNS; run++) {
  const dataDir = mkdtempSync(join(tmpdir(), "medlegal-bench-start-"));
  try {
    const first = await timeStart(dataDir);
    const again = await timeStart(dataDir);
    row(`first start, empty data directory (run ${run})`, `${first.ready.toFixed(1)} s`, "<= 10 s", first.ready <= 10);
    if (first.demo !== undefined) row(`  demo data complete (run ${run})`, `${first.demo.toFixed(1)} s`, "-", null);
    row(`restart with existing data (run ${run})`, `${again.ready.toFixed(1)} s`, "<= 3 s", again.ready <= 3);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
