import { linkSync, mkdirSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/**
 * Another live process holds the embedded database's data directory. PGlite has no locking of its
 * own: two processes on one directory both answer, and one's writes are lost when they stop.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `the embedded database in ${dataDir} is already in use by another process (pid ${ownerPid}). ` +
        "Only one process can use the embedded database: stop the other one, or use PostgreSQL (set DATABASE_URL) to run several processes.",
    );
  }
}

/** Lock files this process holds, so a second handle in the same process is refused too. */
const held = new Set<string>();

function ownerOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id exists (EPERM: it does, under another user). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Takes the data directory's lock file (`<dataDir>.lock`, holding the owner's pid) or throws
 * DataDirLockedError. A lock whose pid is gone is taken over (a crash, SIGKILL); so is one with
 * this process's own pid that it does not hold (a container restarted with the same pid). The
 * lock appears whole in one step (a link of a written file), so nobody reads a half-written pid.
 * Returns the release, which also runs when the process exits.
 */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  mkdirSync(dirname(file), { recursive: true });
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`);
  try {
    for (;;) {
      try {
        linkSync(mine, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const owner = ownerOf(file);
      if (owner !== undefined && (held.has(file) || (owner !== process.pid && alive(owner)))) throw new DataDirLockedError(dataDir, owner);
      // Stale: remove it and try again. (Two starts taking over the same stale lock in the same
      // instant are not told apart; a stale lock needs a crash first.)
      rmSync(file, { force: true });
    }
  } finally {
    rmSync(mine, { force: true });
  }
  held.add(file);
  const release = () => {
    process.off("exit", release);
    if (!held.delete(file)) return;
    if (ownerOf(file) === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // Already gone: nothing to release.
      }
    }
  };
  process.on("exit", release);
  return release;
}
