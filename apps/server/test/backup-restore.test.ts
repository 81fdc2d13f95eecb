import { createHash, randomBytes } from "node:crypto";
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BackupManifest, RestoreTarget } from "@medlegal/api";
import {
  BackupRefused,
  createFileMailer,
  folderStore,
  newBackupKey,
  readStoredFile,
  restoreBackup,
  STORED_BYTES,
  useFileStore,
  verifyBackup,
  writeArchive,
  writeBackup,
} from "@medlegal/api";
import type { DialectKind } from "@medlegal/db";
import { createDatabase } from "@medlegal/db";
import { createEmptyPostgresDatabase, testDialects } from "@medlegal/db/testing";
import { buildApp } from "../src/app";
import { createTestApp, login, multipart, RELAXED_LIMITS, TEST_SECRET } from "./helpers";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";

/**
 * The restore drill (issue 39 items 1 and 2; docs/operations.md, "Backups"): demo data with files
 * in the store, a backup, a wipe, a restore into an empty place; then the same rows in every
 * table, the same audit trail, the same file bytes, and the app serving them. A damaged archive,
 * one made with another key and one from a newer version are refused with a sentence.
 */
type Snapshot = { audit: unknown[]; files: Record<string, string>; documentId: string };

async function snapshot(db: ReturnType<typeof createDatabase>["db"], documentId: string): Promise<Snapshot> {
  const audit = await db
    .selectFrom("audit_log")
    .select(["id", "at", "action", "entity_type", "entity_id", "actor_id"])
    .orderBy("id")
    .execute();
  const files: Record<string, string> = {};
  for (const row of await db.selectFrom("files").select(STORED_BYTES).where("destroyed_at", "is", null).execute()) {
    files[row.id] = createHash("sha256")
      .update(await readStoredFile(row))
      .digest("hex");
  }
  return { audit, files, documentId };
}

describe.each(testDialects())("backups and restores on %s", (kind: DialectKind) => {
  const scratch = mkdtempSync(join(tmpdir(), "medlegal-backups-"));
  const filesFolder = join(scratch, "files");
  const archive = join(scratch, "medlegal.age");
  const drops: (() => Promise<void>)[] = [];
  let key = "";
  let manifest: BackupManifest;
  let before: Snapshot;

  beforeAll(async () => {
    key = await newBackupKey();
    useFileStore(folderStore(filesFolder));
    const t = await createTestApp(kind, {}, { workflow: true });
    try {
      const employee = (await login(t.app, "employee")).cookie;
      const query = await t.db.selectFrom("queries").select("id").orderBy("reference").executeTakeFirstOrThrow();
      const form = multipart("orthopaedic-notes.pdf", Buffer.from(await demoReportPdf("Orthopaedic notes for the drill", 2)));
      const uploaded = await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: employee, ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      before = await snapshot(t.db, (uploaded.json() as { id: string }).id);
      manifest = await writeBackup({ db: t.db, dump: t.dump, store: folderStore(filesFolder) }, key, archive);
    } finally {
      // The wipe: the database goes with the suite's app, the files folder by hand.
      await t.close();
      rmSync(filesFolder, { recursive: true, force: true });
    }
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
    useFileStore(null);
    rmSync(scratch, { recursive: true, force: true });
  });

  async function emptyTarget(): Promise<RestoreTarget> {
    if (kind === "pglite") return { kind: "pglite", dataDir: join(scratch, `pglite-${randomBytes(4).toString("hex")}`) };
    const database = await createEmptyPostgresDatabase();
    drops.push(database.drop);
    return { kind: "pg", url: database.url };
  }
  const open = (target: RestoreTarget) =>
    target.kind === "pg" ? createDatabase({ url: target.url }) : createDatabase({ dataDir: target.dataDir });

  it("restores into an empty place with the same rows in every table, the same audit trail and the same file bytes, and the app serves them", async () => {
    expect(manifest.database.format).toBe(kind === "pg" ? "pg-custom" : "pglite-datadir");
    expect(manifest.files.map((f) => f.key)).toContain(before.documentId);
    expect(manifest.tables.audit_log).toBe(before.audit.length);

    const target = await emptyTarget();
    const restoredFiles = join(scratch, `files-${randomBytes(4).toString("hex")}`);
    useFileStore(folderStore(restoredFiles));
    const result = await restoreBackup(archive, key, target, folderStore(restoredFiles), restoredFiles);
    expect(result.same).toBe(true);
    expect(Object.fromEntries(result.counts.map((c) => [c.table, c.restored]))).toEqual(manifest.tables);

    const handle = open(target);
    try {
      expect(await snapshot(handle.db, before.documentId)).toEqual(before);
      const app = await buildApp({
        db: handle.db,
        mailer: createFileMailer(join(scratch, "mail")),
        sessionSecret: TEST_SECRET,
        appUrl: "http://localhost:3000",
        rateLimits: RELAXED_LIMITS,
      });
      try {
        expect((await app.inject({ method: "GET", url: "/ready" })).statusCode).toBe(200);
        const employee = (await login(app, "employee")).cookie;
        const document = await app.inject({ method: "GET", url: `/api/files/${before.documentId}`, headers: { cookie: employee } });
        expect(document.statusCode).toBe(200);
        expect(createHash("sha256").update(document.rawPayload).digest("hex")).toBe(before.files[before.documentId]);
      } finally {
        await app.close();
      }
    } finally {
      await handle.close();
    }
  });

  it("refuses an archive with one byte changed, or read with another key, with a sentence, and writes nothing", async () => {
    const damaged = join(scratch, "damaged.age");
    copyFileSync(archive, damaged);
    const bytes = readFileSync(damaged);
    bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
    writeFileSync(damaged, bytes);
    const target = await emptyTarget();
    const restoredFiles = join(scratch, `files-${randomBytes(4).toString("hex")}`);
    const damage =
      /The archive could not be read: it is damaged \(a byte changed or missing\), or it was not made with this BACKUP_KEY\. Nothing was restored\./;
    await expect(restoreBackup(damaged, key, target, folderStore(restoredFiles), restoredFiles)).rejects.toThrow(damage);
    await expect(restoreBackup(archive, await newBackupKey(), target, folderStore(restoredFiles), restoredFiles)).rejects.toThrow(damage);
    await expect(restoreBackup(archive, key, target, folderStore(restoredFiles), restoredFiles)).resolves.toMatchObject({ same: true });
  });

  it("refuses an archive made by a newer version of MedLegal, and one whose files do not match its manifest", async () => {
    const newer = join(scratch, "newer.age");
    await writeArchive(newer, key, { ...manifest, migration: "2099-01-01-00-from-the-future", appVersion: "9.0.0" }, []);
    await expect(verifyBackup(newer, key)).rejects.toThrow(
      /This archive was made by a newer version of MedLegal \(9\.0\.0, database at 2099-01-01-00-from-the-future\) than this one \(.+\): upgrade MedLegal, then restore it\./,
    );
    const short = join(scratch, "short.age");
    await writeArchive(short, key, manifest, []);
    await expect(verifyBackup(short, key)).rejects.toThrow(
      /The archive does not match its manifest \(database is missing\)\. Nothing was restored\./,
    );
  });

  it("never restores over a database or a files folder that holds something", async () => {
    const target = await emptyTarget();
    const restoredFiles = join(scratch, `files-${randomBytes(4).toString("hex")}`);
    await restoreBackup(archive, key, target, folderStore(restoredFiles), restoredFiles);
    const again = restoreBackup(archive, key, target, folderStore(join(scratch, "unused")), null);
    await expect(again).rejects.toBeInstanceOf(BackupRefused);
    await expect(again).rejects.toThrow(
      target.kind === "pg"
        ? /already has tables: a restore never overwrites one/
        : /already holds a database: a restore never overwrites one/,
    );
    const fresh = await emptyTarget();
    await expect(restoreBackup(archive, key, fresh, folderStore(restoredFiles), restoredFiles)).rejects.toThrow(
      /already holds files: a restore never mixes them/,
    );
  });
});
