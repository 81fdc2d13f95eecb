/** Starting the processes the benches measure, each in its own process on this machine. */
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
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
 * whole demo is there (a bench measures the app a user meets). Fails with the process's output
 * when it stops or takes over 3 minutes.
 */
export function startListening(command: string, args: string[], env: Record<string, string>, port: number, path = "/"): Promise<ChildProcess> {
  const child = spawn(command, args, { cwd: serverDir, env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "silent" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout!.on("data", (c) => (output += c));
  child.stderr!.on("data", (c) => (output += c));
  return new Promise((done, fail) => {
    const deadline = Date.now() + 180_000;
    const probe = () => {
      const request = http.get({ host: "127.0.0.1", port, path }, (res) => {
        res.resume();
        if (demoInProgress(output)) setTimeout(probe, 200);
        else done(child);
      });
      request.on("error", () => {
        if (child.exitCode !== null || Date.now() > deadline) return fail(new Error(`${args.join(" ")} did not start:\n${output}`));
        setTimeout(probe, 200);
      });
    };
    probe();
  });
}

/** The app from its sources (tsx), on the database `env` names. */
export function startApp(env: Record<string, string>, port: number, path = "/"): Promise<ChildProcess> {
  return startListening(join(serverDir, "node_modules/.bin/tsx"), ["src/main.ts"], env, port, path);
}
