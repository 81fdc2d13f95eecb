import type { RawBuilder } from "kysely";
import { sql } from "kysely";
import { AppError } from "../errors";

/**
 * Keyset pagination helpers. A cursor is the sort key of the last row, opaque to clients.
 * Timestamps travel as text with microseconds: a JS Date keeps only milliseconds, and a cursor
 * rounded to them would repeat or skip rows written within the same millisecond.
 */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

export function decodeCursor(cursor: string, length: number): (string | number)[] {
  try {
    const values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (Array.isArray(values) && values.length === length && values.every((v) => typeof v === "string" || typeof v === "number")) {
      return values;
    }
  } catch {
    // fall through
  }
  throw new AppError("INVALID", "That page link is no longer valid; please reload the list.");
}

/** A timestamptz column as exact UTC text, for a cursor. */
export function exactTime(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** A keyset page of a newest-first list ordered by (at, id). */
export function pageOf<R extends { id: string; cursor_at: string }>(rows: R[], limit: number): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? encodeCursor([last.cursor_at, last.id]) : null };
}
