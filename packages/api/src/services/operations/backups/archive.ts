import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rename, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Writable } from "node:stream";
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { pipeline } from "node:stream/promises";
import { Decrypter, Encrypter, generateX25519Identity, identityToRecipient } from "age-encryption";
import { extract, pack } from "tar-stream";
import type { Kysely } from "kysely";
import type { Database, DumpFormat } from "@medlegal/db";
import { APP_VERSION } from "@medlegal/domain";
import type { FileStore } from "../../files/storage";
import { openStoredFile } from "../../files/stored-files";
import type { BackupManifest } from "./manifest";
import { BACKUP_FORMAT, lastMigration, manifestProblem, rowCounts } from "./manifest";

/**
 * Backups (issue 39 items 1 and 2; docs/operations.md, "Backups"): one file, encrypted with age
 * (BACKUP_KEY, an `AGE-SECRET-KEY-1…` identity: authenticated, chunked, and readable by the `age`
 * tool too), holding a tar of the manifest first, then the database's dump, then every stored
 * file's bytes under `files/<key>`. Nothing of it is ever whole in memory but PGlite's own dump.
 */

/** A backup or restore refused for a reason the operator can act on: the message says it. */
export class BackupRefused extends Error {}

const MANIFEST_ENTRY = "manifest.json";
const DATABASE_ENTRY = "database";
const FILE_PREFIX = "files/";

/** Checks BACKUP_KEY's shape before anything is read or written. */
export function assertBackupKey(key: string | undefined): asserts key is string {
  if (!key || !/^AGE-SECRET-KEY-1[0-9A-Z]+$/.test(key.trim())) {
    throw new BackupRefused(
      "BACKUP_KEY is not set to an age secret key (AGE-SECRET-KEY-1…): make one with `pnpm backup:key` and keep it apart from the backups. Without it no backup can be read.",
    );
  }
}

/** A new BACKUP_KEY (`pnpm backup:key`): an age X25519 identity; `age -d -i` reads the backups too. */
export function newBackupKey(): Promise<string> {
  return generateX25519Identity();
}

async function sha256Of(path: string): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of createReadStream(path)) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest("hex"), size };
}

/** One entry of an archive being written: its name, size, and where its bytes come from. */
export interface ArchiveEntry {
  name: string;
  size: number;
  open(): Promise<Readable>;
}

/**
 * Writes manifest and entries as an encrypted tar to `outPath`, through `<outPath>.partial`, so a
 * backup that fails half-way never looks like one that succeeded.
 */
export async function writeArchive(outPath: string, key: string, manifest: BackupManifest, entries: ArchiveEntry[]): Promise<void> {
  const encrypter = new Encrypter();
  encrypter.addRecipient(await identityToRecipient(key.trim()));
  const tar = pack();
  // tar-stream's streams are streamx's: Node's Readable takes them as async iterables.
  const encrypted = await encrypter.encrypt(Readable.toWeb(Readable.from(tar)) as ReadableStream<Uint8Array>);
  const partial = `${outPath}.partial`;
  const written = pipeline(Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>), createWriteStream(partial));
  try {
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2));
    tar.entry({ name: MANIFEST_ENTRY, size: manifestBytes.length }, manifestBytes);
    for (const entry of entries) {
      const source = await entry.open();
      await new Promise<void>((done, fail) => {
        const sink = tar.entry({ name: entry.name, size: entry.size }, (error) => (error ? fail(error) : done()));
        source.once("error", (error) => {
          sink.destroy(error);
          fail(error);
        });
        // streamx's writable takes Node's pipe.
        source.pipe(sink as unknown as Writable);
      });
    }
    tar.finalize();
    await written;
    await rename(partial, outPath);
  } catch (error) {
    tar.destroy();
    await written.catch(() => {});
    await rm(partial, { force: true });
    throw error;
  }
}

/** What a backup reads: the database (and its dump), and the store its files are in. */
export interface BackupSource {
  db: Kysely<Database>;
  dump(path: string): Promise<DumpFormat>;
  store: FileStore | null;
}

/** Makes a backup of everything at `outPath`; returns its manifest. */
export async function writeBackup(source: BackupSource, key: string, outPath: string): Promise<BackupManifest> {
  assertBackupKey(key);
  const scratch = await mkdtemp(join(tmpdir(), "medlegal-backup-"));
  try {
    const tables = await rowCounts(source.db);
    const migration = await lastMigration(source.db);
    const files = await source.db
      .selectFrom("files")
      .select(["id", "storage_key", "size", "sha256"])
      .where("storage_key", "is not", null)
      .orderBy("id")
      .execute();
    if (files.length && !source.store) {
      throw new BackupRefused("Some files are in a file store, and none is configured: set FILE_STORAGE_URL as the server has it.");
    }
    const dumpPath = join(scratch, DATABASE_ENTRY);
    const format = await source.dump(dumpPath);
    const dumped = await sha256Of(dumpPath);
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      appVersion: APP_VERSION,
      migration,
      createdAt: new Date().toISOString(),
      database: { format, entry: DATABASE_ENTRY, ...dumped },
      tables,
      files: files.map((f) => ({ key: f.storage_key!, size: f.size, sha256: f.sha256 })),
    };
    await writeArchive(outPath, key, manifest, [
      { name: DATABASE_ENTRY, size: dumped.size, open: async () => createReadStream(dumpPath) },
      ...files.map((f) => ({
        name: `${FILE_PREFIX}${f.storage_key}`,
        size: f.size,
        // Each file checked against its row on the way in, as any download is.
        open: () => openStoredFile({ id: f.id, data: null, storage_key: f.storage_key, size: f.size, sha256: f.sha256 }),
      })),
    ]);
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const UNREADABLE =
  "The archive could not be read: it is damaged (a byte changed or missing), or it was not made with this BACKUP_KEY. Nothing was restored.";

/**
 * Reads an archive entry by entry, decrypting and authenticating as it goes: the manifest first,
 * then each entry's bytes to `onEntry`, which must consume them. Any damage is a BackupRefused.
 */
async function readArchive(
  path: string,
  key: string,
  onManifest: (manifest: BackupManifest) => void,
  onEntry: (name: string, bytes: Readable) => Promise<void>,
): Promise<void> {
  const decrypter = new Decrypter();
  decrypter.addIdentity(key.trim());
  try {
    const decrypted = await decrypter.decrypt(Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>);
    const entries = extract();
    const feeding = pipeline(Readable.fromWeb(decrypted as unknown as WebReadableStream<Uint8Array>), entries);
    // Awaited at the end; a refusal half-way stops reading, which is no further error.
    feeding.catch(() => {});
    let first = true;
    for await (const entry of entries) {
      if (first) {
        if (entry.header.name !== MANIFEST_ENTRY) throw new BackupRefused(UNREADABLE);
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        onManifest(JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupManifest);
        first = false;
        continue;
      }
      await onEntry(entry.header.name, Readable.from(entry));
    }
    await feeding;
    if (first) throw new BackupRefused(UNREADABLE);
  } catch (error) {
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(UNREADABLE);
  }
}

/** Consumes a stream, hashing it, optionally copying it on. */
async function hashWhileCopying(bytes: Readable, to?: Writable): Promise<{ sha256: string; size: number }> {
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of bytes) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
    if (to && !to.write(chunk)) await new Promise((resume) => to.once("drain", resume));
  }
  if (to) await new Promise<void>((done, fail) => to.end((error?: Error | null) => (error ? fail(error) : done())));
  return { sha256: hash.digest("hex"), size };
}

/**
 * Reads the whole archive and checks it against its manifest (every checksum and size, every file
 * present), writing nothing: a restore runs only on an archive that passed.
 */
export async function verifyBackup(path: string, key: string): Promise<BackupManifest> {
  assertBackupKey(key);
  let manifest: BackupManifest | null = null;
  const seen = new Map<string, { sha256: string; size: number }>();
  await readArchive(
    path,
    key,
    (m) => {
      const problem = manifestProblem(m);
      if (problem) throw new BackupRefused(problem);
      manifest = m;
    },
    async (name, bytes) => {
      seen.set(name, await hashWhileCopying(bytes));
    },
  );
  const m = manifest as BackupManifest | null;
  if (!m) throw new BackupRefused(UNREADABLE);
  const expected = [
    { name: m.database.entry, sha256: m.database.sha256, size: m.database.size },
    ...m.files.map((f) => ({ name: `${FILE_PREFIX}${f.key}`, sha256: f.sha256, size: f.size })),
  ];
  for (const entry of expected) {
    const got = seen.get(entry.name);
    if (!got || got.sha256 !== entry.sha256 || got.size !== entry.size) {
      throw new BackupRefused(
        `The archive does not match its manifest (${entry.name} is ${got ? "changed" : "missing"}). Nothing was restored.`,
      );
    }
  }
  return m;
}

/**
 * Restores a verified archive's files into `store` and its database dump to a file for the caller
 * to load (restore.ts: PGlite or pg_restore), which it gets with the manifest.
 */
export async function unpackBackup(
  path: string,
  key: string,
  store: FileStore | null,
  loadDatabase: (dumpPath: string, manifest: BackupManifest) => Promise<void>,
): Promise<BackupManifest> {
  const manifest = await verifyBackup(path, key);
  if (manifest.files.length && !store)
    throw new BackupRefused("The archive holds stored files, and no file store is configured: set FILE_STORAGE_URL.");
  const scratch = await mkdtemp(join(tmpdir(), "medlegal-restore-"));
  try {
    const dumpPath = join(scratch, DATABASE_ENTRY);
    await readArchive(
      path,
      key,
      () => {},
      async (name, bytes) => {
        if (name === manifest.database.entry) await hashWhileCopying(bytes, createWriteStream(dumpPath));
        else if (name.startsWith(FILE_PREFIX)) await store!.put(name.slice(FILE_PREFIX.length), bytes);
        else await hashWhileCopying(bytes);
      },
    );
    if ((await stat(dumpPath)).size !== manifest.database.size) throw new BackupRefused(UNREADABLE);
    await loadDatabase(dumpPath, manifest);
    return manifest;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The manifest's row counts beside the restored database's, and whether every table matches. */
export async function compareCounts(
  manifest: BackupManifest,
  db: Kysely<Database>,
): Promise<{ rows: { table: string; archive: number; restored: number }[]; same: boolean }> {
  const restored = await rowCounts(db);
  const tables = [...new Set([...Object.keys(manifest.tables), ...Object.keys(restored)])].sort();
  const rows = tables.map((table) => ({ table, archive: manifest.tables[table] ?? 0, restored: restored[table] ?? 0 }));
  return { rows, same: rows.every((r) => r.archive === r.restored) };
}
