import { spawn } from "node:child_process";

/**
 * PostgreSQL's own client tools for backups (docs/operations.md, "Backups"): pg_dump and
 * pg_restore from the machine's PostgreSQL client, which must be at least the server's version.
 * Errors carry the tool's last lines of stderr, never the connection string.
 */
function run(tool: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(tool, args, { stdio: ["ignore", "ignore", "pipe"] });
    // Typed as the emitter it is (the web app's type check sees other typings of child processes).
    const events = child as unknown as NodeJS.EventEmitter;
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    events.on("error", (error: NodeJS.ErrnoException) =>
      fail(
        new Error(
          error.code === "ENOENT"
            ? `${tool} is not installed: install PostgreSQL's client tools (apt-get install postgresql-client).`
            : error.message,
        ),
      ),
    );
    events.on("close", (code: number | null) =>
      code === 0 ? done() : fail(new Error(`${tool} failed (exit ${code}): ${stderr.trim().split("\n").slice(-3).join(" ")}`)),
    );
  });
}

/** The whole database in pg_dump's custom format, without owners or grants (the restoring role owns what it restores). */
export function pgDump(url: string, path: string): Promise<void> {
  return run("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", `--file=${path}`, `--dbname=${url}`]);
}

/** Loads a custom-format dump into an empty database, in one transaction: all of it or nothing. */
export function pgRestore(url: string, path: string): Promise<void> {
  return run("pg_restore", ["--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${url}`, path]);
}
