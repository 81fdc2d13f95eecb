import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DataDirLockedError } from "../src";
import { lockDataDir } from "../src/data-dir-lock";

const root = mkdtempSync(join(tmpdir(), "medlegal-lock-"));
let count = 0;
const dataDir = () => join(root, `pglite-${++count}`);

afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the embedded database's data directory lock", () => {
  it("is held with this process's pid, refuses a second holder and is gone once released", () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir)();
  });

  it("refuses while another live process holds it, naming that process and PostgreSQL", () => {
    const dir = dataDir();
    writeFileSync(`${dir}.lock`, `${process.ppid}\n`);
    expect(() => lockDataDir(dir)).toThrow(`already in use by another process (pid ${process.ppid})`);
    expect(() => lockDataDir(dir)).toThrow("use PostgreSQL (set DATABASE_URL) to run several processes");
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.ppid));
  });

  it("takes over a lock left by a process that is gone (a crash)", () => {
    const dir = dataDir();
    const gone = spawnSync(process.execPath, ["-e", "0"]).pid!;
    writeFileSync(`${dir}.lock`, `${gone}\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(`${dir}.lock`, "utf8").trim()).toBe(String(process.pid));
    release();
  });
});
