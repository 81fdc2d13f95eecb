import type { Readable } from "node:stream";
import type { FastifyReply } from "fastify";
import { safeFileName } from "@medlegal/domain";

/** RFC 5987 value: UTF-8, percent-encoded except its attr-chars (encodeURIComponent leaves ' ( ) * too). */
function rfc5987(value: string): string {
  return encodeURIComponent(value).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** For browsers that ignore filename*: accents dropped, anything else outside printable ASCII (and %) as "_". */
function asciiFallback(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7E]|%/g, "_");
}

/**
 * `attachment` with a cleaned name, as a quoted ASCII fallback and the exact UTF-8 name
 * (RFC 6266): the browser saves the file rather than showing it, under a name that cannot
 * reorder its text, break the header or name a folder.
 */
export function attachmentDisposition(fileName: string): string {
  const name = safeFileName(fileName);
  return `attachment; filename="${asciiFallback(name)}"; filename*=UTF-8''${rfc5987(name)}`;
}

/**
 * Every download (documents, calendar files, the audit CSV) leaves through here. A stored file
 * streams with its length; one found damaged on the way breaks off rather than arriving whole
 * (docs/decisions.md, "File storage").
 */
export function sendDownload(
  reply: FastifyReply,
  file: { fileName: string; contentType: string; body: string | Buffer | Readable; size?: number | null },
) {
  if (typeof file.size === "number") reply.header("Content-Length", file.size);
  return reply.header("Content-Type", file.contentType).header("Content-Disposition", attachmentDisposition(file.fileName)).send(file.body);
}
