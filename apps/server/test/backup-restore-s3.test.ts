import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RestoreTarget } from "@medlegal/api";
import {
  createFileMailer,
  fileStoreFromUrl,
  moveFilesToStore,
  newBackupKey,
  readStoredFile,
  restoreBackup,
  STORED_BYTES,
  useFileStore,
  writeBackup,
} from "@medlegal/api";
import type { DialectKind } from "@medlegal/db";
import { createDatabase } from "@medlegal/db";
import { createEmptyPostgresDatabase, testDialects } from "@medlegal/db/testing";
import { buildApp } from "../src/app";
import { createTestApp, login, multipart, RELAXED_LIMITS, TEST_SECRET } from "./helpers";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";
import { startS3Server } from "./s3-server";

/**
 * The restore drill after `pnpm files:migrate` to S3 (issue 39, "Done means"): an older install's
 * demo data with every file in the database; files:migrate moves them to a bucket (an S3 API server
 * on loopback, s3rver); a backup; the database and the bucket's objects wiped; a restore into an
 * empty database and an empty place in the bucket. Then the same rows in every table, the same
 * audit trail, the same bytes for every file, none of them back in the database, and the app serving them.
 */
const scratch = mkdtempSync(join(tmpdir(), "medlegal-drill-s3-"));
let s3: Awaited<ReturnType<typeof startS3Server>>;
beforeAll(async () => {
  s3 = await startS3Server(scratch);
});
afterAll(async () => {
  await s3.close();
  useFileStore(null);
  rmSync(scratch, { recursive: true, force: true });
});
const bucket = (prefix: string) => fileStoreFromUrl(s3.urlFor(prefix));

type Db = ReturnType<typeof createDatabase>["db"];
/** Every file's SHA-256 as read through its row (the store or the database), and the audit trail. */
async function snapshot(db: Db) {
  const files: Record<string, string> = {};
  for (const row of await db.selectFrom("files").select(STORED_BYTES).where("destroyed_at", "is", null).execute()) {
    files[row.id] = createHash("sha256")
      .update(await readStoredFile(row))
      .digest("hex");
  }
  const audit = await db.selectFrom("audit_log").select(["id", "at", "action", "entity_id"]).orderBy("id").execute();
  return { files, audit };
}

describe.each(testDialects())("the restore drill after files:migrate to S3 on %s", (kind: DialectKind) => {
  // The demo with its workflow, files:migrate, a backup and a restore: minutes on a busy machine.
  it("restores every file from the bucket with its bytes, and the app serves them", { timeout: 300_000 }, async () => {
    const key = await newBackupKey();
    const archive = join(scratch, `${kind}.age`);
    const before = bucket(`${kind}-before`);
    // Files in the database, as an install before FILE_STORAGE_URL kept them.
    useFileStore(null);
    const t = await createTestApp(kind, {}, { workflow: true });
    let expected: Awaited<ReturnType<typeof snapshot>>;
    let tables: Record<string, number>;
    let storageKeys: string[];
    let documentId = "";
    try {
      // A scan an attorney sent in, kept in the database like the demo's files.
      const employee = (await login(t.app, "employee")).cookie;
      const query = await t.db.selectFrom("queries").select("id").orderBy("reference").executeTakeFirstOrThrow();
      const form = multipart("hospital-notes.pdf", Buffer.from(await demoReportPdf("Hospital notes for the drill", 2)));
      const uploaded = await t.app.inject({
        method: "POST",
        url: `/api/queries/${query.id}/documents`,
        headers: { cookie: employee, ...form.headers },
        payload: form.payload,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      documentId = (uploaded.json() as { id: string }).id;
      const inDatabase = await t.db.selectFrom("files").select("id").where("data", "is not", null).execute();
      expect(inDatabase.length).toBeGreaterThan(0);
      const moved = await moveFilesToStore(t.db, before);
      expect(moved).toMatchObject({ moved: inDatabase.length, damaged: [] });
      expect(await t.db.selectFrom("files").select("id").where("data", "is not", null).execute()).toEqual([]);
      useFileStore(before);
      expected = await snapshot(t.db);
      const manifest = await writeBackup({ db: t.db, dump: t.dump, store: before }, key, archive);
      expect(manifest.files.length).toBe(inDatabase.length);
      tables = manifest.tables;
      storageKeys = manifest.files.map((f) => f.key);
    } finally {
      await t.close();
    }
    // The wipe: the database went with the suite's app; the bucket's objects go now.
    for (const storageKey of storageKeys) await before.remove(storageKey);
    await expect(before.open(storageKeys[0]!)).rejects.toThrow(/has nothing under/);

    const after = bucket(`${kind}-restored`);
    let target: RestoreTarget;
    let drop = async () => {};
    if (kind === "pg") {
      const database = await createEmptyPostgresDatabase();
      target = { kind: "pg", url: database.url };
      drop = database.drop;
    } else {
      target = { kind: "pglite", dataDir: join(scratch, "pglite-restored") };
    }
    try {
      const result = await restoreBackup(archive, key, target, after, null);
      expect(result.same).toBe(true);
      expect(Object.fromEntries(result.counts.map((c) => [c.table, c.restored]))).toEqual(tables);
      useFileStore(after);
      const handle = target.kind === "pg" ? createDatabase({ url: target.url }) : createDatabase({ dataDir: target.dataDir });
      try {
        expect(await snapshot(handle.db)).toEqual(expected);
        expect(await handle.db.selectFrom("files").select("id").where("data", "is not", null).execute()).toEqual([]);
        const app = await buildApp({
          db: handle.db,
          mailer: createFileMailer(join(scratch, "mail")),
          sessionSecret: TEST_SECRET,
          appUrl: "http://localhost:3000",
          rateLimits: RELAXED_LIMITS,
        });
        try {
          const employee = (await login(app, "employee")).cookie;
          const served = await app.inject({ method: "GET", url: `/api/files/${documentId}`, headers: { cookie: employee } });
          expect(served.statusCode).toBe(200);
          expect(createHash("sha256").update(served.rawPayload).digest("hex")).toBe(expected.files[documentId]);
        } finally {
          await app.close();
        }
      } finally {
        await handle.close();
      }
    } finally {
      await drop();
    }
  });
});
