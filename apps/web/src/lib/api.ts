/**
 * The REST request helper (docs/product-rules.md#client-behaviour and #errors): same-origin, cookies on every call,
 * JSON bodies with a JSON content type, FormData as is. Any non-OK answer throws an Error whose
 * message is `${status}: ${body || statusText}`; a 401 also starts the session-expired sign-out
 * (see session-expiry.ts), except where the caller says otherwise.
 */

/** What a 401 means to a call: "expire" (the session ended), "returnNull" (a read of who is signed in), "throw" (a failed sign-in). */
export type On401 = "expire" | "returnNull" | "throw";

export class HttpError extends Error {
  readonly status: number;
  readonly body: string;
  constructor(status: number, statusText: string, body: string) {
    super(httpErrorMessage(status, statusText, body));
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }
}

/** docs/product-rules.md#errors: the status code, a colon and a space, then the body text or else the status text. */
export function httpErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const body = await res.text().catch(() => "");
  throw new HttpError(res.status, res.statusText, body);
}

let unauthorizedHandler: () => void = () => {};

/** The app installs the session-expired sign-out here once at start-up. */
export function setUnauthorizedHandler(handler: () => void): void {
  unauthorizedHandler = handler;
}

let signingOut = false;

/**
 * Set while the user's own sign-out is under way (and until the next sign-in): the server then ends
 * the live stream and refuses any poll still in flight with 401, which is the sign-out the user
 * asked for, not an expired session, so it must not take them to the session-expired page.
 */
export function setSigningOut(value: boolean): void {
  signingOut = value;
}

export function notifyUnauthorized(): void {
  if (!signingOut) unauthorizedHandler();
}

export interface RequestOptions {
  on401?: Exclude<On401, "returnNull">;
  signal?: AbortSignal;
}

export async function apiRequest(method: string, url: string, body?: unknown, options: RequestOptions = {}): Promise<Response> {
  const init: RequestInit = { method, credentials: "include", signal: options.signal };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(body);
  }
  const res = await fetch(url, init);
  if (res.status === 401 && (options.on401 ?? "expire") === "expire") notifyUnauthorized();
  await throwIfResNotOk(res);
  return res;
}

/** Sends a request and parses the JSON answer (or undefined for 204 / an empty body). */
export async function apiJson<T>(method: string, url: string, body?: unknown, options?: RequestOptions): Promise<T> {
  const res = await apiRequest(method, url, body, options);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A data read: GET, parsed as JSON; with on401 "returnNull" a 401 answers null instead of failing. */
export async function getJson<T>(url: string, options: { on401?: On401; signal?: AbortSignal } = {}): Promise<T | null> {
  const on401 = options.on401 ?? "expire";
  const res = await fetch(url, { credentials: "include", signal: options.signal });
  if (res.status === 401) {
    if (on401 === "returnNull") return null;
    if (on401 === "expire") notifyUnauthorized();
  }
  await throwIfResNotOk(res);
  return (await res.json()) as T;
}

/**
 * A conditional read for a polled list: sends the ETag of the answer the caller holds and gets
 * `unchanged` back on 304, so the caller keeps what it has. The API's answers are never stored by
 * the browser (Cache-Control: no-store), so the tag travels by hand.
 */
export async function getJsonIfChanged<T>(
  url: string,
  options: { etag?: string; signal?: AbortSignal } = {},
): Promise<{ unchanged: true } | { unchanged: false; data: T; etag: string | null }> {
  const headers: Record<string, string> = options.etag ? { "If-None-Match": options.etag } : {};
  const res = await fetch(url, { credentials: "include", signal: options.signal, headers });
  if (res.status === 304) return { unchanged: true };
  if (res.status === 401) notifyUnauthorized();
  await throwIfResNotOk(res);
  return { unchanged: false, data: (await res.json()) as T, etag: res.headers.get("ETag") };
}

const NETWORK_ERROR = "Could not reach the server. Check your connection and try again.";

/**
 * The sentence to show a person for an error. The Error keeps the documented format (`401: {"message":"..."}`);
 * toasts show the server's `message` when the body is JSON, else the text after the status.
 */
export function readableErrorMessage(error: unknown, fallback = "Something went wrong. Please try again."): string {
  if (!(error instanceof Error)) return fallback;
  if (error.name === "TypeError" && /fetch|network/i.test(error.message)) return NETWORK_ERROR;
  const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
  if (!match) return error.message || fallback;
  const rest = (match[2] ?? "").trim();
  try {
    const parsed: unknown = JSON.parse(rest);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string" && parsed.message) {
      return parsed.message;
    }
  } catch {
    // Not JSON: fall through to the raw text.
  }
  if (!rest || rest.startsWith("<")) return fallback;
  return rest;
}
