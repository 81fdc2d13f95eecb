import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

export type AppErrorCode = "INVALID" | "UNAUTHORIZED" | "FORBIDDEN" | "NOT_FOUND" | "CONFLICT" | "TOO_MANY_REQUESTS";

/**
 * The one error type services throw. Its message is a sentence a person can act on; it is shown
 * as is, so it never carries SQL, stack traces or internal names.
 */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = "AppError";
  }
}

/** The one 404 sentence for a thing that is missing or not the caller's to see: the same answer for both, so nothing leaks. */
export const notFoundMessage = (thing: string) => `That ${thing} does not exist or is not yours to see.`;
export const notFound = (thing: string) => new AppError("NOT_FOUND", notFoundMessage(thing));

const TRPC_CODES: Record<AppErrorCode, TRPC_ERROR_CODE_KEY> = {
  INVALID: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
};

const HTTP_STATUSES: Record<AppErrorCode, number> = {
  INVALID: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
};

export function toTrpcCode(code: AppErrorCode): TRPC_ERROR_CODE_KEY {
  return TRPC_CODES[code];
}

export function toHttpStatus(code: AppErrorCode): number {
  return HTTP_STATUSES[code];
}

/**
 * A failure of ours, as the user reads it: a sentence and the reference support finds the request's
 * log line by (the first 8 characters of its id, upper case; docs/decisions.md, "Support references").
 */
export function supportReference(requestId: string): string {
  return requestId.replace(/-/g, "").slice(0, 8).toUpperCase();
}

export function unexpectedErrorMessage(requestId: string | null | undefined): string {
  const sentence = "Something went wrong on our side. Please try again.";
  return requestId ? `${sentence} If it keeps happening, quote reference ${supportReference(requestId)}.` : sentence;
}

export const SERVICE_UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again in a moment.";

/** node-postgres and Node network codes, and PostgreSQL SQLSTATEs, that mean "no database now". */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "57P01", // admin_shutdown
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up, shutting down, recovery)
  "53300", // too_many_connections
]);
/** Messages of the pool, client and driver errors that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /^Connection terminated/i,
  /Client was closed and is not queryable/i,
  /Client has encountered a connection error/i,
  /Cannot use a pool after calling end/i,
  /driver has already been destroyed/i,
  /PGlite (instance )?is (already )?closed/i,
];

/**
 * Whether an error means the database cannot be reached right now (refused, dropped, shutting
 * down, pool exhausted): answered 503 with a sentence instead of 500 (docs/decisions.md).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 5) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
  if (UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  if (error instanceof AggregateError && error.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(error.cause, depth + 1);
}
