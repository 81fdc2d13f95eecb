import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    /** Where `signedInPage` keeps each demo user's session for the run (browser.ts). */
    sessionsDir: string;
    /** Where the server writes each mail as an .eml file (it runs without SMTP, as `pnpm start` does). */
    mailDir: string;
    /** Where the server writes each text to a claimant as a .json file (it runs without SMS_GATEWAY_URL). */
    textsDir: string;
  }
}

const root = resolve(import.meta.dirname, "..");

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolvePort(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Starts the real app, as `pnpm start` does, on a free port with a fresh embedded database, so
 * every run begins from the demo data. The web app must be built first (the test:e2e script does).
 */
export default async function setup(project: TestProject) {
  if (!existsSync(join(root, "apps/web/dist/index.html"))) {
    throw new Error("apps/web/dist is missing: run `pnpm test:e2e`, which builds the web app first");
  }
  const dataDir = mkdtempSync(join(tmpdir(), "medlegal-e2e-"));
  const sessionsDir = mkdtempSync(join(tmpdir(), "medlegal-e2e-sessions-"));
  const port = await freePort();
  let output = "";
  // `pnpm start`'s own launcher: the compiled server (rebuilt first if its sources changed).
  const server: ChildProcess = spawn(process.execPath, [join(root, "scripts/start.mjs")], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: process.env.E2E_SERVER_LOG ? "info" : "silent",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  // E2E_SERVER_LOG=<file>: the server's request log, to see what a stalled page waited for.
  const log = process.env.E2E_SERVER_LOG ? createWriteStream(process.env.E2E_SERVER_LOG) : null;
  if (log) server.stdout?.pipe(log);
  server.stdout?.on("data", (chunk) => (output += chunk));
  server.stderr?.on("data", (chunk) => (output += chunk));

  const baseUrl = `http://127.0.0.1:${port}`;
  // The first start answers at once and then plays the demo story through the services (some 250
  // calls): the tests begin once it says the demo data is complete.
  // Five minutes: the demo story takes about 10 s on a quiet machine and far longer on a loaded one.
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The server stopped while starting:\n${output}`);
    try {
      if (output.includes("Demo data created") && (await fetch(`${baseUrl}/ready`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`The server did not start in 300 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide("baseUrl", baseUrl);
  project.provide("sessionsDir", sessionsDir);
  project.provide("mailDir", join(dataDir, "mail"));
  project.provide("textsDir", join(dataDir, "texts"));

  return async () => {
    server.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(sessionsDir, { recursive: true, force: true });
  };
}
