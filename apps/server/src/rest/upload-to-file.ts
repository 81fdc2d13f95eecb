import { createHash } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { FastifyRequest } from "fastify";
import { AppError } from "@medlegal/api";

/** An upload written to a temporary file while it arrived, with its size, SHA-256 and first bytes. */
export interface UploadedFile {
  fileName: string;
  path: string;
  size: number;
  sha256: string;
  head: Uint8Array;
  fields: Record<string, string>;
  /** Removes the temporary file; call it whatever happened next. */
  discard(): Promise<void>;
}

const HEAD_BYTES = 1024;
const UNREADABLE = "The upload could not be read. Send the file as multipart/form-data in a field named file.";

/**
 * The one file of a large upload (received records, up to 100 MB), streamed to a temporary file
 * and hashed on the way, so it never sits whole in the server's memory (docs/decisions.md,
 * "Received records"). Too large, malformed or missing: a 400 with a sentence, nothing left behind.
 */
export async function readUploadToFile(request: FastifyRequest, maxBytes: number): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new AppError("INVALID", UNREADABLE);
  const folder = await mkdtemp(join(tmpdir(), "medlegal-upload-"));
  const discard = () => rm(folder, { recursive: true, force: true });
  try {
    const file = await request.file({ limits: { fileSize: maxBytes } });
    if (!file) throw new AppError("INVALID", "Choose a file to upload.");
    const path = join(folder, "upload");
    const hash = createHash("sha256");
    let size = 0;
    const heads: Buffer[] = [];
    let headSize = 0;
    const counting = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        if (headSize < HEAD_BYTES) {
          heads.push(chunk.subarray(0, HEAD_BYTES - headSize));
          headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
        }
        done(null, chunk);
      },
    });
    await pipeline(file.file, counting, createWriteStream(path));
    if (file.file.truncated) throw new AppError("INVALID", `Files can be at most ${maxBytes / 1024 / 1024} MB.`);
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(file.fields)) {
      const one = Array.isArray(field) ? field[0] : field;
      if (one && one.type === "field" && typeof one.value === "string") fields[name] = one.value;
    }
    return { fileName: file.filename, path, size, sha256: hash.digest("hex"), head: Buffer.concat(heads), fields, discard };
  } catch (error) {
    await discard();
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("INVALID", `Files can be at most ${maxBytes / 1024 / 1024} MB.`);
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT" || code === "FST_FIELDS_LIMIT") {
      throw new AppError("INVALID", "Upload one file at a time.");
    }
    throw new AppError("INVALID", UNREADABLE);
  }
}
