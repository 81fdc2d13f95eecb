import zlib from "node:zlib";
import { negotiate } from "@fastify/accept-negotiator";
import type { FastifyReply, FastifyRequest } from "fastify";

/** What answers may be compressed with, in the server's order of preference. */
export const ENCODINGS = ["br", "gzip"] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Answers smaller than this leave as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Brotli at quality 2 for answers made on the fly: a few kilobytes of JSON come out about 5%
 * larger than at the plugin's quality 4, in under half the time (docs/decisions.md, "Compression").
 */
export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 2 },
};

/**
 * The encoding `@fastify/compress` chooses for a request, so an answer compressed ahead is sent
 * exactly as the plugin would have sent it: none on `x-no-compression`, "*" and x-gzip read as gzip.
 */
export function acceptedEncoding(request: FastifyRequest): Encoding | null {
  const header = request.headers["accept-encoding"];
  if (!header || request.headers["x-no-compression"] !== undefined) return null;
  return negotiate(header.toLowerCase().replace(/\*|x-gzip/gu, "gzip"), [...ENCODINGS]) as Encoding | null;
}

/** Every encoding's compressor: one for each, so an encoding added to ENCODINGS cannot go without. */
const COMPRESSORS: Record<Encoding, (json: string) => Buffer> = {
  br: (json) => zlib.brotliCompressSync(json, BROTLI_OPTIONS),
  gzip: (json) => zlib.gzipSync(json),
};

/**
 * A JSON answer sent many times unchanged (the bell's list, kept by the session cache): each
 * encoding is made once, the first time a client asks for it, instead of once per request.
 */
export class JsonAnswer {
  private readonly encoded = new Map<Encoding, Buffer>();
  /** The JSON's size in bytes. */
  readonly bytes: number;

  constructor(readonly json: string) {
    this.bytes = Buffer.byteLength(json);
  }

  /** Sends the answer in the encoding the client accepts; the compression plugin leaves it alone. */
  send(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.type("application/json; charset=utf-8");
    const encoding = this.bytes >= COMPRESSION_THRESHOLD ? acceptedEncoding(request) : null;
    if (!encoding) return reply.send(this.json);
    let bytes = this.encoded.get(encoding);
    if (!bytes) {
      bytes = COMPRESSORS[encoding](this.json);
      this.encoded.set(encoding, bytes);
    }
    const vary = String(reply.getHeader("Vary") ?? "");
    if (!/\baccept-encoding\b/i.test(vary)) reply.header("Vary", vary ? `${vary}, accept-encoding` : "accept-encoding");
    return reply.header("Content-Encoding", encoding).header("Content-Length", bytes.length).send(bytes);
  }
}
