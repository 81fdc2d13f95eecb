import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { NightlyBackupConfig } from "@medlegal/api";
import {
  backupSettled,
  backupsToKeep,
  folderStore,
  newBackupKey,
  nightlyBackupsTick,
  runAt,
  useNightlyBackups,
  verifyBackup,
} from "@medlegal/api";
import type { BackupStatus } from "@medlegal/domain";
import type { DialectKind } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

/**
 * Nightly backups of the embedded database (issue 39 item 1; docs/operations.md, "Nightly
 * backups"): made once a night at their time, kept 7 days and 4 weeks, shown in Settings, and
 * reported to administrators when one fails, is cut short, or a night is missed.
 */
describe("which backups retention keeps", () => {
  const name = (day: string, time = "02-00-00") => `medlegal-${day}-${time}.age`;

  it("keeps the newest of each of the last 7 days and of each of the last 4 weeks, and leaves other files alone", () => {
    // 40 nights of backups, from Monday 26 Oct to Friday 4 Dec 2026, and a second one on 4 Dec.
    const names: string[] = [];
    for (let i = 0; i < 40; i++) names.push(name(new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10)));
    names.push(name("2026-12-04", "14-30-10"), "notes.txt", "medlegal-2026-12-01-02-00-00.age.partial");
    const kept = [...backupsToKeep(names, 7, 4)].sort();
    expect(kept).toEqual([
      // The newest of each of four weeks: Sunday 15, 22 and 29 Nov, and Friday 4 Dec's later one.
      name("2026-11-15"),
      name("2026-11-22"),
      name("2026-11-28"),
      name("2026-11-29"),
      name("2026-11-30"),
      name("2026-12-01"),
      name("2026-12-02"),
      name("2026-12-03"),
      name("2026-12-04", "14-30-10"),
    ]);
  });

  it("reads a backup's day in South African time: 23:30 UTC is the next day's backup", () => {
    expect([...backupsToKeep([name("2026-12-05", "01-30-00"), name("2026-12-04", "23-59-00")], 1, 0)]).toEqual([
      name("2026-12-05", "01-30-00"),
    ]);
  });
});

describe.each(testDialects())("nightly backups on %s", (kind: DialectKind) => {
  let t: TestApp;
  let admin = "";
  let key = "";
  let config: NightlyBackupConfig;
  const scratch = mkdtempSync(join(tmpdir(), "medlegal-nightly-"));

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = (await login(t.app, "admin")).cookie;
    key = await newBackupKey();
  });
  afterAll(async () => {
    useNightlyBackups(null);
    await t.close();
  });

  // Each test: its own folder, no earlier runs, no notices.
  beforeEach(async () => {
    await backupSettled();
    await t.db.deleteFrom("backup_runs").execute();
    await t.db.deleteFrom("notifications").where("type", "=", "system_alert").execute();
    config = {
      folder: mkdtempSync(join(scratch, "backups-")),
      key,
      at: "02:00",
      keepDaily: 7,
      keepWeekly: 4,
      dump: (path) => t.dump(path),
      store: folderStore(join(scratch, "files")),
    };
    useNightlyBackups(config);
  });

  const tickAt = (instant: string) => runAt(new Date(instant), () => nightlyBackupsTick(t.db));
  const runs = () => t.db.selectFrom("backup_runs").selectAll().orderBy("started_at").execute();
  const adminNotices = async () =>
    (
      await t.db
        .selectFrom("notifications")
        .innerJoin("users", "users.id", "notifications.user_id")
        .select(["users.username", "notifications.title", "notifications.message", "notifications.link"])
        .where("notifications.type", "=", "system_alert")
        .execute()
    ).map((n) => ({ ...n }));

  it("makes one backup a night once its time has passed, which restore can read, and shows it in Settings", async () => {
    // The first start makes one at once (Sunday's 02:00 had passed); the next night's waits for 02:00.
    await tickAt("2026-12-06T09:00:00+02:00");
    await tickAt("2026-12-07T01:59:00+02:00");
    expect((await runs()).map((r) => r.file_name)).toEqual(["medlegal-2026-12-06-09-00-00.age"]);
    await tickAt("2026-12-07T02:00:30+02:00");
    await tickAt("2026-12-07T02:01:30+02:00");
    const [, run, ...more] = await runs();
    expect(more).toEqual([]);
    expect(run).toMatchObject({ trigger: "nightly", status: "succeeded", file_name: "medlegal-2026-12-07-02-00-30.age" });
    expect(Number(run!.row_count)).toBeGreaterThan(0);
    expect(readdirSync(config.folder).sort()).toEqual(["medlegal-2026-12-06-09-00-00.age", "medlegal-2026-12-07-02-00-30.age"]);
    const manifest = await verifyBackup(join(config.folder, run!.file_name!), key);
    expect(manifest.tables.users).toBeGreaterThan(0);

    const status = await trpc<BackupStatus>(t.app, admin, "operations.backupStatus");
    expect(status.status).toBe(200);
    expect(status.data).toMatchObject({
      enabled: true,
      offReason: null,
      at: "02:00",
      keepDaily: 7,
      keepWeekly: 4,
      running: false,
      lastSucceededAt: new Date(run!.finished_at!).toISOString(),
    });
    expect(status.data!.kept.map((k) => k.fileName)).toEqual(["medlegal-2026-12-07-02-00-30.age", "medlegal-2026-12-06-09-00-00.age"]);
    expect(await adminNotices()).toEqual([]);
  });

  it("prunes the folder to what retention keeps after each backup", async () => {
    for (let day = 1; day <= 30; day++) {
      writeFileSync(join(config.folder, `medlegal-2026-11-${String(day).padStart(2, "0")}-02-00-00.age`), "old");
    }
    writeFileSync(join(config.folder, "keep-me.txt"), "not a backup");
    await tickAt("2026-12-01T02:00:05+02:00");
    expect(readdirSync(config.folder).sort()).toEqual([
      "keep-me.txt",
      // Newest of the weeks of 9, 16 and 23 Nov (the week of 30 Nov has 1 Dec's).
      "medlegal-2026-11-15-02-00-00.age",
      "medlegal-2026-11-22-02-00-00.age",
      "medlegal-2026-11-25-02-00-00.age",
      "medlegal-2026-11-26-02-00-00.age",
      "medlegal-2026-11-27-02-00-00.age",
      "medlegal-2026-11-28-02-00-00.age",
      "medlegal-2026-11-29-02-00-00.age",
      "medlegal-2026-11-30-02-00-00.age",
      "medlegal-2026-12-01-02-00-05.age",
    ]);
  });

  it("reports a night the server was not running to administrators, and makes the backup at once", async () => {
    await tickAt("2026-12-05T02:00:10+02:00");
    // The server was stopped from Saturday to Monday morning.
    await tickAt("2026-12-07T08:15:00+02:00");
    const all = await runs();
    expect(all.map((r) => [r.status, r.trigger])).toEqual([
      ["succeeded", "nightly"],
      ["missed", "nightly"],
      ["succeeded", "nightly"],
    ]);
    expect(all[1]!.error).toBe("No backup was made at 7 Dec 02:00: the server was not running. One is being made now.");
    const notices = await adminNotices();
    expect(notices).toEqual([
      { username: "admin", title: "A nightly backup was missed", message: all[1]!.error, link: "/settings?tab=backups" },
    ]);
    // Administrators only; the mail carries the sentence (backups name no claimant).
    expect(notices.every((n) => n.username === "admin")).toBe(true);
  });

  it("tells administrators when a backup fails, with the reason, and Settings shows it", async () => {
    // The folder cannot be made: a file stands where it should be.
    const blocked = join(config.folder, "not-a-folder");
    writeFileSync(blocked, "x");
    useNightlyBackups({ ...config, folder: join(blocked, "backups") });
    await tickAt("2026-12-07T02:00:00+02:00");
    const [run] = await runs();
    expect(run).toMatchObject({ status: "failed", file_name: null });
    expect(run!.error).toMatch(/^It could not be written to .*not-a-folder\/backups: ENOTDIR/);
    const notices = await adminNotices();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ username: "admin", title: "The backup failed" });
    expect(notices[0]!.message).toBe(`The backup started 7 Dec 02:00 failed. ${run!.error}`);
    const status = await trpc<BackupStatus>(t.app, admin, "operations.backupStatus");
    expect(status.data!.lastSucceededAt).toBeNull();
    expect(status.data!.runs[0]).toMatchObject({ status: "failed", error: run!.error });
  });

  it("marks a backup a stopped server left unfinished as failed, and says so", async () => {
    await t.db
      .insertInto("backup_runs")
      .values({ trigger: "nightly", status: "running", started_at: new Date("2026-12-07T02:00:00+02:00") })
      .execute();
    await tickAt("2026-12-07T09:00:00+02:00");
    const all = await runs();
    expect(all.map((r) => r.status)).toEqual(["failed"]);
    expect(all[0]!.error).toBe("The server stopped before the backup was finished.");
    expect((await adminNotices()).map((n) => n.message)).toEqual([
      "The backup started 7 Dec 02:00 was not finished: the server stopped while making it.",
    ]);
  });

  it("backs up now when an administrator asks, records who asked, and refuses a second at once", async () => {
    const asked = await trpc<BackupStatus>(t.app, admin, "operations.backUpNow");
    expect(asked.status).toBe(200);
    expect(asked.data!.running).toBe(true);
    const again = await trpc(t.app, admin, "operations.backUpNow");
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe("A backup is being made now. Wait for it to finish.");
    await backupSettled();
    const all = await runs();
    expect(all.map((r) => [r.trigger, r.status])).toEqual([["manual", "succeeded"]]);
    const audit = await t.db.selectFrom("audit_log").select(["action", "actor_id"]).where("entity_id", "=", all[0]!.id).execute();
    expect(audit).toEqual([{ action: "backup.start", actor_id: all[0]!.started_by }]);
    expect(readdirSync(config.folder)).toEqual([all[0]!.file_name]);
  });

  it("says why there are no backups without BACKUP_KEY, and refuses to back up now", async () => {
    useNightlyBackups({ ...config, key: undefined });
    await tickAt("2026-12-07T02:00:00+02:00");
    const status = await trpc<BackupStatus>(t.app, admin, "operations.backupStatus");
    expect(status.data).toMatchObject({ enabled: false, runs: [] });
    expect(status.data!.offReason).toMatch(/^Nightly backups are off: BACKUP_KEY is not set\./);
    const asked = await trpc(t.app, admin, "operations.backUpNow");
    expect(asked.status).toBe(409);
    expect(asked.error?.message).toBe(status.data!.offReason);
    expect(await runs()).toEqual([]);
  });
});
