import { join, resolve } from "node:path";
import { BackupRefused, restoreBackup } from "@medlegal/api";
import { defaultDataDir } from "@medlegal/db";
import { ConfigError, resolveConfig } from "../config";
import { configuredFileStore } from "../file-storage";

/**
 * `pnpm restore ARCHIVE`: into an empty data folder, or the empty database DATABASE_URL names
 * (docs/operations.md, "Backups"). The whole archive is checked first; then the rows of every table
 * are printed beside the manifest's, and the app starts on the restored data.
 */
const archive = process.argv[2];
if (!archive) {
  console.error("Usage: pnpm restore ARCHIVE   (BACKUP_KEY must be the key the backup was made with)");
  process.exit(1);
}

try {
  const config = resolveConfig(process.env);
  const store = configuredFileStore(config);
  // The data folder's files/ is part of the empty place a restore needs; a chosen store may hold other things.
  const filesFolder = config.fileStorageUrl ? null : config.databaseUrl ? null : join(defaultDataDir(), "files");
  const target = config.databaseUrl
    ? ({ kind: "pg", url: config.databaseUrl } as const)
    : ({ kind: "pglite", dataDir: join(defaultDataDir(), "pglite") } as const);
  const result = await restoreBackup(
    resolve(process.env.INIT_CWD ?? process.cwd(), archive),
    process.env.BACKUP_KEY ?? "",
    target,
    store,
    filesFolder,
  );
  const width = Math.max(...result.counts.map((c) => c.table.length), 5);
  console.log(
    `Restored a backup of MedLegal ${result.manifest.appVersion} made ${result.manifest.createdAt} (database at ${result.manifest.migration}).`,
  );
  console.log(`${"table".padEnd(width)}  ${"archive".padStart(9)}  ${"restored".padStart(9)}`);
  for (const c of result.counts) {
    console.log(
      `${c.table.padEnd(width)}  ${String(c.archive).padStart(9)}  ${String(c.restored).padStart(9)}${c.archive === c.restored ? "" : "  differs"}`,
    );
  }
  console.log(`${result.manifest.files.length.toLocaleString("en-ZA")} stored files restored, each checked against its SHA-256.`);
  if (!result.same) {
    console.error("Some tables differ from the archive's counts: do not use this copy; report it with the lines above.");
    process.exitCode = 1;
  } else {
    console.log("pnpm start now runs on the restored data (an older backup is upgraded by its migrations at start).");
  }
} catch (error) {
  console.error(error instanceof BackupRefused || error instanceof ConfigError ? `pnpm restore: ${error.message}` : error);
  process.exitCode = 1;
}
