import type { FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { LogController } from "fastify";
import pino from "pino";

/**
 * The server's log as `pnpm start` writes it (docs/decisions.md, "Request log"): JSON lines at
 * LOG_LEVEL (info unless said; "silent" writes none) to an asynchronous standard output, which
 * gathers lines and writes them in chunks off the request's path instead of one blocking write per
 * line. What is still buffered is written when the process exits.
 */
export function serverLogger(level = process.env.LOG_LEVEL || "info"): FastifyServerOptions["logger"] {
  if (level === "silent") return false;
  const stream = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  process.once("exit", () => {
    try {
      stream.flushSync();
    } catch {
      // Nothing left to write, or standard output is gone.
    }
  });
  return { level, stream };
}

/** Answers a load balancer or a poll asks for again and again: logged at debug, not info. */
const ROUTINE_PATHS = new Set(["/health", "/ready"]);

/** Addresses whose path is a secret (a calendar feed's token) are logged without it. */
export const loggedUrl = (url: string) => url.replace(/^\/api\/calendar\/feed\/[^/?.]+/, "/api/calendar/feed/[token]");

/**
 * One line per request, written when the answer is sent, instead of Fastify's two ("incoming
 * request", "request completed"): method, address, status and milliseconds. Health checks and
 * unchanged polls (304) are debug lines, so a busy server's log shows its work rather than its
 * polling. Fastify's other lines (stream and header errors) stay as they are.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const status = reply.statusCode;
    const line = { method: request.method, url: loggedUrl(request.url), status, ms: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) return reply.log.error({ ...line, err: error }, "request");
    if (status === 304 || ROUTINE_PATHS.has(request.url.split("?", 1)[0]!)) reply.log.debug(line, "request");
    else reply.log.info(line, "request");
  }
}
