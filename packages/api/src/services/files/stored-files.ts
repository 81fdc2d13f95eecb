import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { readFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { Db } from "../platform/deps";
import type { SweepJob } from "../platform/sweeper";
import { fileStore, streamOf } from "./storage";

/** What a `files` row says about its bytes: where they are, and what they must add up to. */
export interface StoredBytes {
  id: string;
  data: Uint8Array | null;
  storage_key: string | null;
  size: number;
  sha256: string;
}

/** Columns of `files` that openStoredFile reads (a query on `files` under its own name). */
export const STORED_BYTES = ["files.id", "files.data", "files.storage_key", "files.size", "files.sha256"] as const;

/** A stored file on its way to the caller: streamed, so a 100 MB scan never sits whole in memory. */
export interface FileDownload {
  fileName: string;
  contentType: string;
  /** Known when the bytes are one stored file; a recording's chunks add up as they stream. */
  size: number | null;
  body: Readable;
}

/** A file whose bytes do not match its row: never served, and said in the server's log (a 500 with a reference to the user). */
export class DamagedStoredFile extends Error {}

/**
 * Where a new file's bytes go (docs/decisions.md, "File storage"): into the configured store
 * under the file's id, written before the row's transaction commits; or into the row itself.
 * A transaction that then rolls back leaves an object no row points at, which nothing serves.
 */
export async function placeBytes(fileId: string, data: Uint8Array): Promise<{ data: Uint8Array | null; storage_key: string | null }> {
  const store = fileStore();
  if (!store) return { data, storage_key: null };
  await store.put(fileId, streamOf(data));
  return { data: null, storage_key: fileId };
}

/**
 * Passes the bytes on, one chunk behind, counting and hashing them: the last chunk leaves only
 * once size and SHA-256 match the row, so a client never receives a damaged file whole (the
 * download breaks off instead).
 */
/**
 * A file on disk (an upload streamed to a temporary file, a PDF a worker wrote) into the store as a
 * stream before its row commits, with its SHA-256 and size read on the way; without a store
 * (PostgreSQL alone), its bytes for the row.
 */
export async function placeFileFromDisk(
  fileId: string,
  path: string,
): Promise<{ data: Uint8Array | null; storage_key: string | null; sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  const store = fileStore();
  if (store) await store.put(fileId, createReadStream(path));
  const bytes = store ? { data: null, storage_key: fileId } : { data: await readFile(path), storage_key: null };
  return { ...bytes, sha256: hash.digest("hex"), size };
}

function checkedAgainst(row: StoredBytes): Transform {
  const hash = createHash("sha256");
  let seen = 0;
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      seen += chunk.length;
      const previous = held;
      held = chunk;
      done(null, previous ?? undefined);
    },
    flush(done) {
      const sha256 = hash.digest("hex");
      if (seen !== row.size || sha256 !== row.sha256) {
        done(new DamagedStoredFile(`Stored file ${row.id} does not match its record: ${seen} bytes, sha256 ${sha256}.`));
        return;
      }
      done(null, held ?? undefined);
    },
  });
}

/** The file's bytes as a checked stream, from the store or the row. */
export async function openStoredFile(row: StoredBytes): Promise<Readable> {
  if (row.data) return streamOf(row.data).pipe(checkedAgainst(row));
  if (!row.storage_key) throw new DamagedStoredFile(`Stored file ${row.id} has no bytes (destroyed, or never written).`);
  const store = fileStore();
  if (!store) throw new DamagedStoredFile(`Stored file ${row.id} is in a file store, and none is configured (FILE_STORAGE_URL).`);
  const source = await store.open(row.storage_key);
  const checked = checkedAgainst(row);
  source.once("error", (error) => checked.destroy(error));
  return source.pipe(checked);
}

/** The whole file, checked, for work that needs it in memory (stamping a report, a mail's attachment). */
export async function readStoredFile(row: StoredBytes): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await openStoredFile(row)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A download of one stored file. */
export async function storedFileDownload(row: StoredBytes, file: { fileName: string; contentType: string }): Promise<FileDownload> {
  return { ...file, size: row.size, body: await openStoredFile(row) };
}

/** A download of bytes made on the spot (a stamped report copy). */
export function bytesDownload(data: Uint8Array, file: { fileName: string; contentType: string }): FileDownload {
  return { ...file, size: data.byteLength, body: streamOf(data) };
}

/**
 * Lets go of files' bytes in the caller's transaction (a destruction): the row keeps no bytes, and
 * each stored object is queued for removal once the transaction commits (sweepFileDeletions).
 */
export async function queueStoredObjectRemoval(trx: Db, storageKeys: readonly string[]): Promise<void> {
  if (storageKeys.length === 0) return;
  await trx
    .insertInto("file_deletions")
    .values(storageKeys.map((storage_key) => ({ storage_key })))
    .onConflict((oc) => oc.column("storage_key").doNothing())
    .execute();
}

/** The sweeper's job: removes queued objects from the store; one that fails stays queued with its error. */
export async function sweepFileDeletions(db: Db, batch = 100): Promise<{ removed: number; failed: number }> {
  const store = fileStore();
  if (!store) return { removed: 0, failed: 0 };
  const queued = await db.selectFrom("file_deletions").select("storage_key").orderBy("created_at").limit(batch).execute();
  let removed = 0;
  let failed = 0;
  for (const { storage_key } of queued) {
    try {
      await store.remove(storage_key);
      await db.deleteFrom("file_deletions").where("storage_key", "=", storage_key).execute();
      removed += 1;
    } catch (error) {
      failed += 1;
      await db
        .updateTable("file_deletions")
        .set((eb) => ({ attempts: eb("attempts", "+", 1), last_error: error instanceof Error ? error.message : String(error) }))
        .where("storage_key", "=", storage_key)
        .execute();
    }
  }
  return { removed, failed };
}

export const fileDeletionsJob = (db: Kysely<Database>): SweepJob => ({
  name: "file-deletions",
  everyMs: 60_000,
  run: () => sweepFileDeletions(db),
});
