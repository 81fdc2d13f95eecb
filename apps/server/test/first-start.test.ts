import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, migrateToLatest } from "@medlegal/db";
import { demoDataUnfinished, seedDemoData } from "@medlegal/api";
import { startServer } from "./server-process";

const dataDirs: string[] = [];
function newDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "medlegal-first-start-"));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

/** Runs `use` on the embedded database the server keeps in `dataDir` (only while no server has it open). */
async function withEmbeddedDatabase<T>(dataDir: string, use: (db: ReturnType<typeof createDatabase>["db"]) => Promise<T>): Promise<T> {
  const handle = createDatabase({ dataDir: join(dataDir, "pglite") });
  try {
    await migrateToLatest(handle.db);
    return await use(handle.db);
  } finally {
    await handle.close();
  }
}

const INCOMPLETE = (dataDir: string) =>
  `The demo data is incomplete: an earlier first start was stopped while creating it. For the whole demo, stop the server, delete ${dataDir} and start again.`;

describe("a first start stopped while it creates the demo data", () => {
  it("is not finished by the next start, which says so and how to get the whole demo", async () => {
    const dataDir = newDataDir();
    // The story stopped right after the accounts, as a stop there leaves it. Made here rather than
    // by a signal, which would race the story (on a fast machine the story wins and nothing is left to find).
    const stopped = new Error("stopped once the accounts exist");
    await withEmbeddedDatabase(dataDir, async (db) => {
      const stopAfterAccounts = () => {
        throw stopped;
      };
      await expect(seedDemoData(db, { onAccounts: stopAfterAccounts })).rejects.toBe(stopped);
      expect(await demoDataUnfinished(db)).toBe(true);
    });

    const next = startServer(dataDir);
    try {
      await next.printed("MedLegal is running");
      await next.printed(INCOMPLETE(dataDir));
      // It does not try to tell the story again over what is there.
      expect(next.output()).not.toContain("Creating the demo data");
    } finally {
      next.child.kill("SIGINT");
      await next.exited;
    }
  }, 120_000);

  it("stops on Ctrl+C during the story, and the next start tells exactly what the stop left", async () => {
    const dataDir = newDataDir();
    const first = startServer(dataDir);
    await first.printed("The demo accounts can sign in now");
    first.child.kill("SIGINT");
    await first.exited;
    // Whether the story ended before the signal landed is timing; what it left is observable.
    const unfinished = await withEmbeddedDatabase(dataDir, (db) => demoDataUnfinished(db));
    expect(first.output().includes("Demo data created"), "the mark agrees with what the first start said").toBe(!unfinished);

    const next = startServer(dataDir);
    try {
      await next.printed("MedLegal is running");
      if (unfinished) await next.printed(INCOMPLETE(dataDir));
      expect(next.output()).not.toContain("Creating the demo data");
    } finally {
      next.child.kill("SIGINT");
      await next.exited;
    }
  }, 120_000);
});
