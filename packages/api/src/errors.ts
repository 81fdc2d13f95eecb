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
