import { byField } from "@/lib/form-errors";

const NETWORK_ERROR = "Could not reach the server. Check your connection and try again.";
const FALLBACK = "Something went wrong. Please try again.";

/** The server's sentence for a failed tRPC call (or a plain one when the network failed). */
export function trpcErrorMessage(error: unknown, fallback = FALLBACK): string {
  if (!(error instanceof Error)) return fallback;
  if (/failed to fetch|networkerror|network request failed|load failed/i.test(error.message)) return NETWORK_ERROR;
  if (/^Unexpected token|is not valid JSON/i.test(error.message)) return fallback;
  return error.message || fallback;
}

/** The server's field errors of a failed tRPC call, by form field; undefined when there are none. */
export function trpcFieldErrors(error: unknown): Record<string, string> | undefined {
  if (!error || typeof error !== "object" || !("data" in error)) return undefined;
  const data = (error as { data?: { fieldErrors?: unknown } }).data;
  const fieldErrors = data?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== "object") return undefined;
  const entries = Object.entries(fieldErrors as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === "string");
  return entries.length > 0 ? byField(Object.fromEntries(entries)) : undefined;
}

/** The server's field errors under one nested object of the input (`newClaimant.idNumber` -> `idNumber`). */
export function trpcNestedFieldErrors(error: unknown, prefix: string): Record<string, string> | undefined {
  const fieldErrors = (error as { data?: { fieldErrors?: unknown } } | null)?.data?.fieldErrors;
  if (!fieldErrors || typeof fieldErrors !== "object") return undefined;
  const entries = Object.entries(fieldErrors as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === "string" && e[0].startsWith(`${prefix}.`))
    .map(([path, message]) => [path.slice(prefix.length + 1), message] as const);
  return entries.length > 0 ? byField(Object.fromEntries(entries)) : undefined;
}
