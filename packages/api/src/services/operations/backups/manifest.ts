import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Database, DumpFormat } from "@medlegal/db";
import { migrations } from "@medlegal/db";
import { APP_VERSION } from "@medlegal/domain";

/** The archive's layout version: a restore refuses one it does not know. */
export const BACKUP_FORMAT = 1;

/**
 * What a backup holds and what it must add up to (docs/operations.md, "Backups"): the first entry
 * of every archive, so a restore knows before writing anything whether it may and can restore it.
 */
export interface BackupManifest {
  format: number;
  appVersion: string;
  /** The last migration the database had run. */
  migration: string | null;
  createdAt: string;
  database: { format: DumpFormat; entry: string; size: number; sha256: string };
  /** Rows per table of the public schema when the backup was made. */
  tables: Record<string, number>;
  /** Files whose bytes are in the store (the database dump holds those kept in the database). */
  files: { key: string; size: number; sha256: string }[];
}

/** Rows in every table of the public schema, by name (the migrations' own bookkeeping included). */
export async function rowCounts(db: Kysely<Database>): Promise<Record<string, number>> {
  const tables = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`.execute(db);
  const counts: Record<string, number> = {};
  for (const { name } of tables.rows) {
    const row = await sql<{ n: number }>`select count(*)::int8 as n from ${sql.table(name)}`.execute(db);
    counts[name] = Number(row.rows[0]!.n);
  }
  return counts;
}

export async function lastMigration(db: Kysely<Database>): Promise<string | null> {
  const row = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return row.rows[0]?.name ?? null;
}

/** Why this app cannot restore the archive, as a sentence; null when it can. */
export function manifestProblem(manifest: BackupManifest): string | null {
  if (manifest.format !== BACKUP_FORMAT) {
    return `This archive has layout ${manifest.format}; this version of MedLegal (${APP_VERSION}) reads layout ${BACKUP_FORMAT}. Restore it with the version that made it (${manifest.appVersion}).`;
  }
  if (manifest.migration && !Object.hasOwn(migrations, manifest.migration)) {
    return `This archive was made by a newer version of MedLegal (${manifest.appVersion}, database at ${manifest.migration}) than this one (${APP_VERSION}): upgrade MedLegal, then restore it.`;
  }
  return null;
}
