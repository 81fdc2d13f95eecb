import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer as startServerIn } from "./server-process";

const dataDir = mkdtempSync(join(tmpdir(), "medlegal-first-start-"));

/** The real server on the embedded database in `dataDir`. */
const startServer = () => startServerIn(dataDir);

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
