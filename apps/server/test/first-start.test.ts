import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const serverDir = join(import.meta.dirname, "..");
const dataDir = mkdtempSync(join(tmpdir(), "medlegal-first-start-"));

/** The real server on the embedded database in `dataDir`, with a way to wait for a line it prints. */
function startServer() {
  const child = spawn(join(serverDir, "node_modules/.bin/tsx"), ["src/main.ts"], {
    cwd: serverDir,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, DATABASE_URL: "", SMTP_URL: "", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" },
  });
  let output = "";
  const waiters: { text: string; resolve: () => void }[] = [];
  const read = (chunk: Buffer) => {
    output += chunk.toString();
    for (const w of waiters.filter((w) => output.includes(w.text))) w.resolve();
  };
  child.stdout.on("data", read);
  child.stderr.on("data", read);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    printed: (text: string) =>
      Promise.race([
        new Promise<void>((resolve) => (output.includes(text) ? resolve() : waiters.push({ text, resolve }))),
        exited.then(() => {
          if (!output.includes(text)) throw new Error(`The server ended without printing "${text}":\n${output}`);
        }),
      ]),
  };
}

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe("a first start stopped while it creates the demo data", () => {
  it("is not finished by the next start, which says so and how to get the whole demo", async () => {
    // Stopped as a person stops it (Ctrl+C) once the accounts exist, while the records are still being made.
    const first = startServer();
    await first.printed("The demo accounts can sign in now");
    first.child.kill("SIGINT");
    await first.exited;
    expect(first.output()).not.toContain("Demo data created");

    const second = startServer();
    try {
      await second.printed("MedLegal is running");
      await second.printed(`The demo data is incomplete: an earlier first start was stopped while creating it. For the whole demo, stop the server, delete ${dataDir} and start again.`);
      // It does not try to tell the story again over what is there.
      expect(second.output()).not.toContain("Creating the demo data");
    } finally {
      second.child.kill("SIGINT");
      await second.exited;
    }
  }, 120_000);
});
