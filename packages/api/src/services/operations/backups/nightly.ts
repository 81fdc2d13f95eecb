import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import type { Kysely } from "kysely";
import type { Database, DumpFormat } from "@medlegal/db";
import type { BackupStatus } from "@medlegal/domain";
import { addDays, isoWeekday, PERMISSIONS, SAST_OFFSET_MINUTES, saDayTimeLabel, sastDate, sastTime, sastToUtc } from "@medlegal/domain";
import type { Deps } from "../../platform/deps";
import { AppError } from "../../../errors";
import { recordAudit } from "../../audit/audit";
import type { FileStore } from "../../files/storage";
import { notifyMany } from "../../notifications/notifications";
import * as clock from "../../platform/clock";
import type { SweepJob } from "../../platform/sweeper";
import { BackupRefused, writeBackup } from "./archive";

/**
 * Nightly backups (issue 39 item 1; docs/operations.md, "Nightly backups"): on the embedded
 * database the server itself writes `pnpm backup`'s archive to a folder every night, keeps the
 * newest of each of the last 7 days and 4 weeks, says in Settings how the last one went, and tells
 * administrators when one fails or a night was missed. On PostgreSQL an operator schedules
 * `pnpm backup` beside the database's own backups, as several servers share it.
 */
export interface NightlyBackupConfig {
  folder: string;
  /** BACKUP_KEY; without it no backup is attempted and Settings says what to set. */
  key: string | undefined;
  /** South African time of day, HH:MM. */
  at: string;
  keepDaily: number;
  keepWeekly: number;
  dump(path: string): Promise<DumpFormat>;
  store: FileStore | null;
}

/** A night's backup started later than this after its time counts as missed (the server was not running). */
const MISSED_AFTER_MS = 60 * 60_000;

let nightly: NightlyBackupConfig | null = null;

/** Set once at start (main.ts): the embedded database's backups; null on PostgreSQL and in tests that make none. */
export function useNightlyBackups(config: NightlyBackupConfig | null): void {
  nightly = config;
}

/** The one backup this process is making (or the tick deciding whether to): never two at once. */
let busy: Promise<void> | null = null;

function exclusively(work: () => Promise<void>): Promise<void> | null {
  if (busy) return null;
  const run = work().finally(() => {
    busy = null;
  });
  busy = run;
  return run;
}

const FILE_NAME = /^medlegal-(\d{4}-\d{2}-\d{2})-(\d{2})-(\d{2})-(\d{2})\.age$/;

/** A backup's file name says when it was made, in South African time: medlegal-2026-12-07-02-00-04.age. */
export function backupFileName(madeAt: Date): string {
  const seconds = new Date(madeAt.getTime() + SAST_OFFSET_MINUTES * 60_000).toISOString().slice(17, 19);
  return `medlegal-${sastDate(madeAt)}-${sastTime(madeAt).replace(":", "-")}-${seconds}.age`;
}

/** When a backup file was made, from its name; null for any other file. */
export function backupMadeAt(name: string): Date | null {
  const match = FILE_NAME.exec(name);
  return match ? new Date(`${match[1]}T${match[2]}:${match[3]}:${match[4]}+02:00`) : null;
}

/** The Monday (YYYY-MM-DD) of the South African week a day is in. */
const weekOf = (day: string) => addDays(day, 1 - isoWeekday(day));

/**
 * Which backups retention keeps, as restic's `--keep-daily N --keep-weekly M` do: the newest of
 * each of the newest N days that have one, and the newest of each of the newest M weeks; any other
 * file of the folder is not a backup and is left alone.
 */
export function backupsToKeep(names: string[], keepDaily: number, keepWeekly: number): Set<string> {
  const dated = names
    .map((name) => ({ name, at: backupMadeAt(name) }))
    .filter((b): b is { name: string; at: Date } => b.at !== null)
    .sort((a, b) => b.at.getTime() - a.at.getTime());
  const keep = new Set<string>();
  const days = new Set<string>();
  const weeks = new Set<string>();
  for (const backup of dated) {
    const day = sastDate(backup.at);
    if (!days.has(day) && days.size < keepDaily) {
      days.add(day);
      keep.add(backup.name);
    }
    const week = weekOf(day);
    if (!weeks.has(week) && weeks.size < keepWeekly) {
      weeks.add(week);
      keep.add(backup.name);
    }
  }
  return keep;
}

/** The newest time the nightly backup was due at or before `now`: today's time, or yesterday's before it. */
export function lastDueAt(now: Date, at: string): Date {
  const today = sastToUtc(sastDate(now), at);
  return today.getTime() <= now.getTime() ? today : sastToUtc(addDays(sastDate(now), -1), at);
}

async function notifyAdministrators(db: Kysely<Database>, title: string, message: string): Promise<void> {
  const admins = await db
    .selectFrom("users")
    .select("id")
    .where("is_active", "=", true)
    .where("role", "in", [...PERMISSIONS["operations.backups"]])
    .execute();
  // Backups name no claimant, so the e-mail may carry the reason.
  await notifyMany(
    db,
    admins.map((a) => ({ userId: a.id, type: "system_alert" as const, title, message, link: "/settings?tab=backups", textInEmail: true })),
  );
}

/** Removes backups retention no longer keeps, and archives a stopped backup left half-written. */
async function prune(config: NightlyBackupConfig): Promise<number> {
  const names = await readdir(config.folder);
  const keep = backupsToKeep(names, config.keepDaily, config.keepWeekly);
  const gone = names.filter((n) => (backupMadeAt(n) && !keep.has(n)) || (n.endsWith(".age.partial") && backupMadeAt(n.slice(0, -8))));
  for (const name of gone) await rm(join(config.folder, name), { force: true });
  return gone.length;
}

/** Makes one backup into the folder for the run `runId` (a row already "running") and records how it ended. */
async function makeBackup(db: Kysely<Database>, config: NightlyBackupConfig, runId: string): Promise<void> {
  const name = backupFileName(clock.now());
  try {
    await mkdir(config.folder, { recursive: true });
    const manifest = await writeBackup({ db, dump: config.dump, store: config.store }, config.key ?? "", join(config.folder, name));
    const { size } = await stat(join(config.folder, name));
    await db
      .updateTable("backup_runs")
      .set({
        status: "succeeded",
        finished_at: clock.now(),
        file_name: name,
        size_bytes: size,
        row_count: Object.values(manifest.tables).reduce((a, b) => a + b, 0),
        file_count: manifest.files.length,
      })
      .where("id", "=", runId)
      .execute();
    await prune(config);
  } catch (error) {
    const reason =
      error instanceof BackupRefused ? error.message : `It could not be written to ${config.folder}: ${(error as Error).message}.`;
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("backup_runs")
        .set({ status: "failed", finished_at: clock.now(), error: reason })
        .where("id", "=", runId)
        .execute();
      await notifyAdministrators(trx, "The backup failed", `The backup started ${saDayTimeLabel(clock.now())} failed. ${reason}`);
    });
  }
}

/**
 * The sweeper's step, every minute: a backup left "running" by a stopped server is marked failed;
 * once the night's time has passed and no backup was started for it, one is made, and a night the
 * server was not running at its time is recorded as missed and reported.
 */
export async function nightlyBackupsTick(db: Kysely<Database>): Promise<void> {
  const config = nightly;
  if (!config?.key) return;
  await exclusively(async () => {
    const now = clock.now();
    const stale = await db
      .updateTable("backup_runs")
      .set({ status: "failed", finished_at: now, error: "The server stopped before the backup was finished." })
      .where("status", "=", "running")
      .returning("started_at")
      .execute();
    for (const run of stale) {
      await notifyAdministrators(
        db,
        "The backup failed",
        `The backup started ${saDayTimeLabel(new Date(run.started_at))} was not finished: the server stopped while making it.`,
      );
    }
    const due = lastDueAt(now, config.at);
    const started = await db
      .selectFrom("backup_runs")
      .select("id")
      .where("trigger", "=", "nightly")
      .where("started_at", ">=", due)
      .executeTakeFirst();
    if (started) return;
    const earlier = await db.selectFrom("backup_runs").select("id").where("trigger", "=", "nightly").executeTakeFirst();
    const run = await db.transaction().execute(async (trx) => {
      // A first start after the time has no night to have missed; a later one does.
      if (earlier && now.getTime() - due.getTime() > MISSED_AFTER_MS) {
        const message = `No backup was made at ${saDayTimeLabel(due)}: the server was not running. One is being made now.`;
        await trx
          .insertInto("backup_runs")
          .values({ trigger: "nightly", status: "missed", started_at: due, finished_at: due, error: message })
          .execute();
        await notifyAdministrators(trx, "A nightly backup was missed", message);
      }
      return trx
        .insertInto("backup_runs")
        .values({ trigger: "nightly", status: "running", started_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
    });
    await makeBackup(db, config, run.id);
  });
}

export const nightlyBackupsJob = (db: Kysely<Database>): SweepJob => ({
  name: "nightly-backups",
  everyMs: 60_000,
  run: () => nightlyBackupsTick(db),
});

/**
 * "Back up now" in Settings: records who asked and starts a backup, which goes on after the answer;
 * Settings shows it running, then how it ended. Refused with a sentence when backups are off or one
 * is being made.
 */
export async function startBackupNow({ db, actor }: Deps): Promise<BackupStatus> {
  const config = nightly;
  if (!config) throw new AppError("CONFLICT", BACKUPS_OFF_POSTGRES);
  if (!config.key) throw new AppError("CONFLICT", BACKUPS_OFF_NO_KEY);
  let started!: (ok: boolean) => void;
  const recorded = new Promise<boolean>((resolve) => (started = resolve));
  const work = exclusively(async () => {
    let runId: string;
    try {
      runId = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto("backup_runs")
          .values({ trigger: "manual", status: "running", started_at: clock.now(), started_by: actor.user!.id })
          .returning("id")
          .executeTakeFirstOrThrow();
        await recordAudit(trx, actor, { action: "backup.start", entityType: "backup_run", entityId: row.id, after: { trigger: "manual" } });
        return row.id;
      });
    } catch (error) {
      started(false);
      throw error;
    }
    started(true);
    // The backup goes on after the answer (a large one takes minutes), holding the lock till it ends.
    await makeBackup(db, config, runId);
  });
  if (!work) throw new AppError("CONFLICT", "A backup is being made now. Wait for it to finish.");
  work.catch(() => {});
  if (!(await recorded)) await work;
  return backupStatus({ db, actor });
}

export const BACKUPS_OFF_POSTGRES =
  "The server makes nightly backups of the embedded database only. On PostgreSQL, schedule pnpm backup (docs/operations.md, “Backups”).";
export const BACKUPS_OFF_NO_KEY =
  "Nightly backups are off: BACKUP_KEY is not set. Make one with pnpm backup:key, set it in the server's environment and keep a copy apart from the backups.";

/** What Settings shows administrators: whether backups run, where, the last success, and the newest runs. */
export async function backupStatus({ db }: Pick<Deps, "db" | "actor">): Promise<BackupStatus> {
  const config = nightly;
  const runs = await db
    .selectFrom("backup_runs")
    .select(["id", "trigger", "status", "started_at", "finished_at", "file_name", "size_bytes", "row_count", "file_count", "error"])
    .orderBy("started_at", "desc")
    .orderBy("id")
    .limit(10)
    .execute();
  const lastSuccess = await db
    .selectFrom("backup_runs")
    .select(["finished_at", "file_name", "size_bytes"])
    .where("status", "=", "succeeded")
    .orderBy("finished_at", "desc")
    .limit(1)
    .executeTakeFirst();
  const kept = config ? await keptBackups(config.folder) : [];
  return {
    enabled: Boolean(config?.key),
    offReason: !config ? BACKUPS_OFF_POSTGRES : !config.key ? BACKUPS_OFF_NO_KEY : null,
    folder: config?.folder ?? null,
    at: config?.at ?? null,
    keepDaily: config?.keepDaily ?? null,
    keepWeekly: config?.keepWeekly ?? null,
    lastSucceededAt: lastSuccess?.finished_at ? new Date(lastSuccess.finished_at).toISOString() : null,
    running: runs.some((r) => r.status === "running"),
    runs: runs.map((r) => ({
      id: r.id,
      trigger: r.trigger,
      status: r.status,
      startedAt: new Date(r.started_at).toISOString(),
      finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
      fileName: r.file_name,
      sizeBytes: r.size_bytes === null ? null : Number(r.size_bytes),
      rowCount: r.row_count,
      fileCount: r.file_count,
      error: r.error,
    })),
    kept,
  };
}

async function keptBackups(folder: string): Promise<{ fileName: string; madeAt: string; sizeBytes: number }[]> {
  const names = await readdir(folder).catch(() => [] as string[]);
  const backups = await Promise.all(
    names.flatMap((name) => {
      const madeAt = backupMadeAt(name);
      return madeAt ? [stat(join(folder, name)).then((s) => ({ fileName: name, madeAt: madeAt.toISOString(), sizeBytes: s.size }))] : [];
    }),
  );
  return backups.sort((a, b) => b.madeAt.localeCompare(a.madeAt));
}

/** For tests: waits for the backup this process is making, if any. */
export async function backupSettled(): Promise<void> {
  while (busy) await busy;
}
