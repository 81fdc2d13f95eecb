import { existsSync, readdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { sql } from "kysely";
import { createDatabase, pgRestore } from "@medlegal/db";
import type { FileStore } from "../../files/storage";
import type { BackupManifest } from "./manifest";
import { BackupRefused, compareCounts, unpackBackup } from "./archive";

/** Where a restore writes the database: an embedded data folder, or a PostgreSQL database. */
export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "pg"; url: string };

const holdsSomething = (folder: string) => existsSync(folder) && readdirSync(folder).length > 0;

/**
 * A restore only ever fills an empty place (docs/operations.md, "Backups"): it refuses, with a
 * sentence, a data folder or database that holds anything, and a files folder that does.
 */
export async function assertEmptyTarget(target: RestoreTarget, filesFolder: string | null): Promise<void> {
  if (target.kind === "pglite" && holdsSomething(target.dataDir)) {
    throw new BackupRefused(
      `${target.dataDir} already holds a database: a restore never overwrites one. Move it away (or set DATA_DIR to an empty folder) and restore again.`,
    );
  }
  if (filesFolder && holdsSomething(filesFolder)) {
    throw new BackupRefused(`${filesFolder} already holds files: a restore never mixes them. Move it away and restore again.`);
  }
  if (target.kind === "pg") {
    const handle = createDatabase({ url: target.url, poolSize: 1 });
    try {
      const tables = await sql<{ n: number }>`
        select count(*)::int8 as n from information_schema.tables where table_schema = 'public'`.execute(handle.db);
      if (Number(tables.rows[0]!.n) > 0) {
        throw new BackupRefused(
          "The database DATABASE_URL names already has tables: a restore never overwrites one. Restore into a new, empty database.",
        );
      }
    } finally {
      await handle.close();
    }
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  counts: { table: string; archive: number; restored: number }[];
  same: boolean;
}

/**
 * Checks the whole archive first (nothing is written if any byte is wrong), then puts its files in
 * the store and its database in the target, and compares every table's rows with the manifest.
 */
export async function restoreBackup(
  archivePath: string,
  key: string,
  target: RestoreTarget,
  store: FileStore | null,
  filesFolder: string | null,
): Promise<RestoreResult> {
  await assertEmptyTarget(target, filesFolder);
  let result: RestoreResult | null = null;
  await unpackBackup(archivePath, key, store, async (dumpPath, manifest) => {
    if ((manifest.database.format === "pg-custom") !== (target.kind === "pg")) {
      throw new BackupRefused(
        manifest.database.format === "pg-custom"
          ? "This archive holds a PostgreSQL database: restore it with DATABASE_URL set to an empty database."
          : "This archive holds an embedded database: restore it without DATABASE_URL, into an empty data folder.",
      );
    }
    if (target.kind === "pg") await pgRestore(target.url, dumpPath);
    const handle =
      target.kind === "pg"
        ? createDatabase({ url: target.url, poolSize: 1 })
        : createDatabase({ dataDir: target.dataDir, loadDataDir: new Blob([await readFile(dumpPath)]) });
    try {
      const compared = await compareCounts(manifest, handle.db);
      result = { manifest, counts: compared.rows, same: compared.same };
    } finally {
      await handle.close();
    }
  });
  return result!;
}
