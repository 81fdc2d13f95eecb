/** Starting the processes the benches measure, each in its own process on this machine. */
import { spawn, type ChildProcess } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import { createTestDatabase } from "@medlegal/db/testing";
import { join, resolve } from "node:path";

export const serverDir = resolve(import.meta.dirname, "..");

/** The server's own lines around the demo story of a first start (src/main.ts). */
export const DEMO_STARTED = "Creating the demo data";
export const DEMO_CREATED = "Demo data created";

/** True while a first start is still telling its demo story: it answers before the story is complete. */
export function demoInProgress(output: string): boolean {
  return output.includes(DEMO_STARTED) && !output.includes(DEMO_CREATED);
}

/**
 * Starts `command` listening on `port` and resolves once `path` answers and, on a first start, the
 * whole demo is there (a bench measures the app a user meets). Its output goes to a file, as a
 * server's log does, not through the bench. LOG_LEVEL is "silent" unless `env` says otherwise; a
 * stop (SIGTERM) does not drain. Fails with the process's output when it stops or takes over 3 minutes.
 */
export function startListening(
  command: string,
  args: string[],
  env: Record<string, string>,
  port: number,
  path = "/",
): Promise<ChildProcess> {
  const logDir = mkdtempSync(join(tmpdir(), "medlegal-bench-log-"));
  const logFile = join(logDir, "output.log");
  const out = openSync(logFile, "w");
  const child = spawn(command, args, {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: "silent", SHUTDOWN_GRACE_SECONDS: "0", ...env, PORT: String(port), HOST: "127.0.0.1" },
    stdio: ["ignore", out, out],
  });
  closeSync(out);
  child.once("exit", () => rmSync(logDir, { recursive: true, force: true }));
  const output = () => {
    try {
      return readFileSync(logFile, "utf8");
    } catch {
      return "";
    }
  };
  return new Promise((done, fail) => {
    const deadline = Date.now() + 180_000;
    const probe = () => {
      const request = http.get({ host: "127.0.0.1", port, path }, (res) => {
        res.resume();
        if (demoInProgress(output())) setTimeout(probe, 200);
        else done(child);
      });
      request.on("error", () => {
        if (child.exitCode !== null || Date.now() > deadline) return fail(new Error(`${args.join(" ")} did not start:\n${output()}`));
        setTimeout(probe, 200);
      });
    };
    probe();
  });
}

/**
 * The app as `pnpm start` runs it (scripts/start.mjs: the compiled server, rebuilt when its sources
 * changed) with its default logging (LOG_LEVEL unset: info, one line per request), on the database
 * `env` names. `env.LOG_LEVEL` changes the logging.
 */
export function startApp(env: Record<string, string>, port: number, path = "/"): Promise<ChildProcess> {
  return startListening(process.execPath, [join(serverDir, "../../scripts/start.mjs")], { LOG_LEVEL: "", ...env }, port, path);
}

/**
 * The databases a bench runs the app on: the embedded PGlite in `dataDir`, then, when
 * BENCH_DATABASE_URL names a server, a throw-away database there (the app seeds the demo into it).
 */
export async function benchDatabases(dataDir: string): Promise<{ name: string; env: Record<string, string>; drop: () => Promise<void> }[]> {
  const databases: { name: string; env: Record<string, string>; drop: () => Promise<void> }[] = [
    { name: "PGlite", env: { DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "" }, drop: async () => {} },
  ];
  if (process.env.BENCH_DATABASE_URL) {
    process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
    const handle = await createTestDatabase("pg");
    databases.push({
      name: `PostgreSQL (${new URL(process.env.BENCH_DATABASE_URL).host})`,
      env: { DATA_DIR: dataDir, DATABASE_URL: handle.url!, SEED_DEMO: "true", SMTP_URL: "" },
      drop: () => handle.close().catch(() => {}),
    });
  }
  return databases;
}
