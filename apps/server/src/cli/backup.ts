import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { BackupRefused, newBackupKey, writeBackup } from "@medlegal/api";
import { createDatabaseFromEnv, DataDirLockedError } from "@medlegal/db";
import { ConfigError, resolveConfig } from "../config";
import { configuredFileStore } from "../file-storage";

/**
 * `pnpm backup [--out FILE]`: one encrypted archive of the database and every stored file
 * (docs/operations.md, "Backups"). `pnpm backup:key` prints a new BACKUP_KEY.
 */
const { values } = parseArgs({ options: { out: { type: "string" }, "new-key": { type: "boolean" } } });

if (values["new-key"]) {
  console.log(await newBackupKey());
  console.error("Set BACKUP_KEY to this line and keep a copy apart from the backups: without it no backup can be read.");
  process.exit(0);
}

const stamp = new Date().toLocaleString("sv-SE", { timeZone: "Africa/Johannesburg" }).replace(/[: ]/g, "-").slice(0, 16);
// pnpm runs this in apps/server: a relative --out means where the command was typed.
const invokedIn = process.env.INIT_CWD ?? process.cwd();
const out = resolve(invokedIn, values.out ?? join(invokedIn, `medlegal-backup-${stamp}.age`));

try {
  const store = configuredFileStore(resolveConfig(process.env));
  const handle = createDatabaseFromEnv();
  try {
    const started = performance.now();
    const manifest = await writeBackup({ db: handle.db, dump: handle.dump, store }, process.env.BACKUP_KEY ?? "", out);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up ${rows.toLocaleString("en-ZA")} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.files.length.toLocaleString("en-ZA")} stored files ` +
        `(database at ${manifest.migration}) to ${out} in ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  if (error instanceof DataDirLockedError) {
    console.error(
      `pnpm backup cannot open the embedded database: ${error.message} The running server makes its own nightly backups; or stop it and run pnpm backup again.`,
    );
  } else if (error instanceof BackupRefused || error instanceof ConfigError) {
    console.error(`pnpm backup: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
}
