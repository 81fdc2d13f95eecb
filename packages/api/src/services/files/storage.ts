import { randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { parseFileStorageUrl, type FileStorageLocation } from "./storage-url";

/**
 * Where files' bytes live when not in the database (docs/decisions.md, "File storage"): a folder
 * on this machine (the embedded default) or an S3-compatible bucket (FILE_STORAGE_URL). Keys are
 * the files' ids; the database keeps each file's size and SHA-256, and every read is checked
 * against them (stored-files.ts).
 */
export interface FileStore {
  /** What to tell an administrator: "the folder /srv/files", "the bucket medlegal at https://…". */
  readonly description: string;
  /** Writes the whole stream under `key`; nothing is visible under it until the write completed. */
  put(key: string, body: Readable): Promise<void>;
  /** The bytes under `key`; StoredObjectMissing when there are none. */
  open(key: string): Promise<Readable>;
  /** Removes `key`; removing one that is not there is not an error. */
  remove(key: string): Promise<void>;
}

export class StoredObjectMissing extends Error {
  constructor(readonly key: string) {
    super(`The file store has nothing under ${key}.`);
  }
}

/** A folder: each object a file, two levels of subfolders by the key's first characters, written whole then renamed into place. */
export function folderStore(root: string): FileStore {
  const folder = resolve(root);
  const pathOf = (key: string) => {
    if (!/^[0-9a-z-]{8,64}$/.test(key)) throw new Error(`Not a file key: ${key}`);
    return join(folder, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    description: `the folder ${folder}`,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(join(path, ".."), { recursive: true });
      const partial = `${path}.${randomUUID()}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: "wx" }));
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async open(key) {
      const stream = createReadStream(pathOf(key));
      // Opening fails (or not) before any bytes are asked for: a missing object is told apart from a broken read.
      await new Promise<void>((done, fail) => {
        stream.once("open", () => done());
        stream.once("error", (error: NodeJS.ErrnoException) => fail(error.code === "ENOENT" ? new StoredObjectMissing(key) : error));
      });
      return stream;
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

/** Parts of a streamed upload held in memory at once: partSize × queueSize (S3's smallest part is 5 MB). */
const S3_PART_BYTES = 8 * 1024 * 1024;
const S3_PARTS_AT_ONCE = 2;

/**
 * Any S3-compatible store through the official SDK, loaded on first use: a server on a folder
 * never loads it.
 */
export function s3Store(location: Extract<FileStorageLocation, { kind: "s3" }>): FileStore {
  const { bucket, prefix, endpoint } = location;
  const sdk = async () => {
    const [s3, storage] = await Promise.all([import("@aws-sdk/client-s3"), import("@aws-sdk/lib-storage")]);
    const client = new s3.S3Client({
      region: location.region,
      ...(endpoint ? { endpoint } : {}),
      forcePathStyle: location.forcePathStyle,
      ...(location.credentials ? { credentials: location.credentials } : {}),
      // Checksums only where S3 requires them: stores other than AWS (MinIO, R2, test servers) do not
      // all take the SDK's newer streamed trailers; the database's SHA-256 checks every read anyway.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    return { s3, Upload: storage.Upload, client };
  };
  let loaded: ReturnType<typeof sdk> | null = null;
  const use = () => (loaded ??= sdk());
  const keyOf = (key: string) => (prefix ? `${prefix}/${key}` : key);
  return {
    description: `the bucket ${bucket}${prefix ? `/${prefix}` : ""}${endpoint ? ` at ${new URL(endpoint).origin}` : ""}`,
    async put(key, body) {
      const { Upload, client } = await use();
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: keyOf(key), Body: body },
        partSize: S3_PART_BYTES,
        queueSize: S3_PARTS_AT_ONCE,
        leavePartsOnError: false,
      });
      await upload.done();
    },
    async open(key) {
      const { s3, client } = await use();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        return answer.Body as Readable;
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error instanceof s3.S3ServiceException && error.$metadata.httpStatusCode === 404)) {
          throw new StoredObjectMissing(key);
        }
        throw error;
      }
    },
    async remove(key) {
      const { s3, client } = await use();
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
  };
}

/** FILE_STORAGE_URL's store; an Error saying what is wrong with the URL (the server checks it at start). */
export function fileStoreFromUrl(value: string): FileStore {
  const location = parseFileStorageUrl(value);
  return location.kind === "folder" ? folderStore(location.path) : s3Store(location);
}

let configured: FileStore | null = null;

/**
 * The store new files go to, set once at start (apps/server: FILE_STORAGE_URL, or the data folder
 * on the embedded database); null keeps bytes in the database, as on PostgreSQL without a URL.
 */
export function useFileStore(store: FileStore | null): void {
  configured = store;
}

export function fileStore(): FileStore | null {
  return configured;
}

/** Bytes already in memory (a generated PDF, a recording's chunk) as a stream for put(). */
export function streamOf(data: Uint8Array): Readable {
  return Readable.from([Buffer.from(data.buffer, data.byteOffset, data.byteLength)]);
}
