import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileStore } from "@medlegal/api";
import { fileStoreFromUrl, moveFilesToStore, readStoredFile, STORED_BYTES, sweepFileDeletions, useFileStore } from "@medlegal/api";
import { testDialects } from "@medlegal/db/testing";
import type { TestApp } from "./helpers";
import { createTestApp, login, multipart } from "./helpers";
import { pdfText } from "./pdf-text";
import { startS3Server } from "./s3-server";
import { demoReportPdf } from "../../../packages/api/src/seed/reports";

/**
 * Files in a store outside the database (issue 39 item 3; docs/decisions.md, "File storage"): a
 * folder and an S3 API server on loopback (s3rver), each on every test database. Uploads land in
 * the store with their size and SHA-256 in the row; downloads come back checked; a changed or
 * missing object is never served; files:migrate moves what the database still holds.
 */
const scratch = mkdtempSync(join(tmpdir(), "medlegal-files-"));
let s3: Awaited<ReturnType<typeof startS3Server>>;
let s3Url = "";

beforeAll(async () => {
  s3 = await startS3Server(scratch);
  s3Url = s3.urlFor("agency-files");
});
afterAll(async () => {
  await s3.close();
  rmSync(scratch, { recursive: true, force: true });
});

const stores = [
  { name: "a folder", url: () => `file://${join(scratch, "folder")}` },
  { name: "an S3 bucket", url: () => s3Url },
];

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.each(testDialects().flatMap((kind) => stores.map((store) => [kind, store.name, store] as const)))(
  "files of %s in %s",
  (kind, _name, where) => {
    let t: TestApp;
    let store: FileStore;
    let employee = "";
    let queryId = "";

    beforeAll(async () => {
      store = fileStoreFromUrl(where.url());
      useFileStore(store);
      t = await createTestApp(kind, {}, { workflow: true });
      employee = (await login(t.app, "employee")).cookie;
      queryId = (
        await t.db
          .selectFrom("queries")
          .select("id")
          .where("status", "not in", ["completed", "cancelled"])
          .orderBy("reference")
          .executeTakeFirstOrThrow()
      ).id;
    });
    afterAll(async () => {
      await t.close();
      useFileStore(null);
    });

    async function upload(name: string, data: Buffer) {
      const form = multipart(name, data);
      const answer = await t.app.inject({
        method: "POST",
        url: `/api/queries/${queryId}/documents`,
        headers: { cookie: employee, ...form.headers },
        payload: form.payload,
      });
      expect(answer.statusCode, answer.body).toBe(201);
      return (answer.json() as { id: string }).id;
    }
    const download = (id: string) => t.app.inject({ method: "GET", url: `/api/files/${id}`, headers: { cookie: employee } });

    it("keeps an uploaded document's bytes in the store, with its size and SHA-256 in the database, and serves them back whole", async () => {
      const pdf = Buffer.from(await demoReportPdf(`Hospital records ${kind} ${where.name}`, 3));
      const id = await upload("hospital-records.pdf", pdf);

      const row = await t.db
        .selectFrom("files")
        .select(["data", "storage_key", "size", "sha256"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ data: null, storage_key: id, size: pdf.length, sha256: createHash("sha256").update(pdf).digest("hex") });
      expect((await bytesOf(await store.open(id))).equals(pdf)).toBe(true);

      const answer = await download(id);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers["content-length"]).toBe(String(pdf.length));
      expect(answer.rawPayload.equals(pdf)).toBe(true);
      expect(await pdfText(answer.rawPayload)).toContain(`Hospital records ${kind} ${where.name}`);
    });

    it("never serves a stored file whose bytes changed or went missing: the user gets a sentence with a support reference", async () => {
      const pdf = Buffer.from(await demoReportPdf("Radiology report", 1));
      const id = await upload("radiology.pdf", pdf);
      const changed = Buffer.from(pdf);
      changed[changed.length - 10]! ^= 0xff;
      await store.put(id, Readable.from([changed]));

      const damaged = await download(id);
      expect(damaged.statusCode).toBe(500);
      expect(damaged.json()).toEqual({
        message: expect.stringMatching(/^Something went wrong on our side\. .*quote reference [0-9A-F]{8}\.$/),
        reference: expect.any(String),
      });
      expect(damaged.headers["content-disposition"]).toBeUndefined();
      expect(damaged.body).not.toContain("%PDF");

      await store.remove(id);
      const missing = await download(id);
      expect(missing.statusCode).toBe(500);
      expect(missing.body).not.toContain("%PDF");
    });

    it("removes a let-go object from the store through the deletion queue, and empties the queue", async () => {
      const pdf = Buffer.from(await demoReportPdf("Discharge summary", 1));
      const id = await upload("discharge.pdf", pdf);
      await t.db.insertInto("file_deletions").values({ storage_key: id }).execute();

      expect(await sweepFileDeletions(t.db)).toEqual({ removed: 1, failed: 0 });
      await expect(store.open(id)).rejects.toThrow(/has nothing under/);
      expect(await t.db.selectFrom("file_deletions").select("storage_key").where("storage_key", "=", id).execute()).toEqual([]);
    });

    it("moves files kept in the database into the store (files:migrate), leaves a damaged one where it is, and a second run moves nothing", async () => {
      const kept = Buffer.from(await demoReportPdf("Kept in the database", 1));
      const sha256 = createHash("sha256").update(kept).digest("hex");
      const owner = await t.db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
      const [good, bad] = await t.db
        .insertInto("files")
        .values(
          [sha256, "0".repeat(64)].map((hash, i) => ({
            owner_kind: "query_document" as const,
            owner_id: queryId,
            uploaded_by: owner.id,
            file_name: `old-${i}.pdf`,
            content_type: "application/pdf",
            size: kept.length,
            sha256: hash,
            data: kept,
          })),
        )
        .returning("id")
        .execute();

      const first = await moveFilesToStore(t.db, store);
      expect(first.moved).toBeGreaterThanOrEqual(1);
      expect(first.damaged).toContain(bad!.id);
      const moved = await t.db.selectFrom("files").select(STORED_BYTES).where("id", "=", good!.id).executeTakeFirstOrThrow();
      expect(moved).toMatchObject({ data: null, storage_key: good!.id });
      expect((await readStoredFile(moved)).equals(kept)).toBe(true);
      expect((await download(good!.id)).rawPayload.equals(kept)).toBe(true);

      const again = await moveFilesToStore(t.db, store);
      expect(again.moved).toBe(0);
      expect(again.damaged).toEqual(first.damaged);
      expect(again.alreadyStored).toBe(first.alreadyStored + first.moved);
    });
  },
);
