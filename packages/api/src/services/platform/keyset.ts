import type { RawBuilder } from "kysely";
import { sql } from "kysely";
import { calendarDate, id, INPUT_MESSAGES, isStorableText } from "@medlegal/domain";
import { AppError } from "../../errors";

/**
 * Keyset pagination helpers. A cursor is the sort key of the last row, opaque to clients.
 * Timestamps travel as text with microseconds: a JS Date keeps only milliseconds, and a cursor
 * rounded to them would repeat or skip rows written within the same millisecond.
 */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString("base64url");
}

const EXACT_TIME = /^(\d{4}-\d{2}-\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d\.\d{6}Z$/;
const uuid = id();
const realDate = calendarDate();

/**
 * What each part of a cursor may hold, checked strictly: a client can forge any cursor, and a
 * value PostgreSQL would refuse (a non-date as timestamptz, text with NUL) must stop here.
 */
const CURSOR_PARTS = {
  /** An `exactTime` timestamp. */
  time: (v: unknown) => typeof v === "string" && EXACT_TIME.test(v) && realDate.safeParse(v.slice(0, 10)).success,
  id: (v: unknown) => uuid.safeParse(v).success,
  text: (v: unknown) => typeof v === "string" && v.length <= 300 && isStorableText(v),
  rank: (v: unknown) => Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 100,
} as const;
type CursorPart = keyof typeof CURSOR_PARTS;
type CursorValues<Parts extends readonly CursorPart[]> = { [I in keyof Parts]: Parts[I] extends "rank" ? number : string };

/** Reads a cursor made by `encodeCursor` with parts of these kinds; anything else is 400. */
export function decodeCursor<const Parts extends readonly CursorPart[]>(cursor: string, parts: Parts): CursorValues<Parts> {
  let values: unknown;
  try {
    values = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    values = null;
  }
  if (Array.isArray(values) && values.length === parts.length && parts.every((kind, i) => CURSOR_PARTS[kind](values[i]))) {
    return values as CursorValues<Parts>;
  }
  throw new AppError("INVALID", INPUT_MESSAGES.pageLink, { cursor: INPUT_MESSAGES.pageLink });
}

/** A timestamptz column as exact UTC text, for a cursor. */
export function exactTime(column: string): RawBuilder<string> {
  return sql<string>`to_char(${sql.ref(column)} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/**
 * The rows after a (time, id) cursor of a list ordered by those two columns: `desc` lists
 * (newest first) continue below it, `asc` lists above it.
 */
export function afterTimeCursor(cursor: string, atColumn: string, idColumn: string, order: "asc" | "desc"): RawBuilder<boolean> {
  const [at, id] = decodeCursor(cursor, ["time", "id"]);
  const past = order === "desc" ? sql`<` : sql`>`;
  return sql<boolean>`(${sql.ref(atColumn)}, ${sql.ref(idColumn)}) ${past} (${at}::timestamptz, ${id}::uuid)`;
}

/** A keyset page of a list ordered by (at, id). */
export function pageOf<R extends { id: string; cursor_at: string }>(rows: R[], limit: number): { page: R[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { page, nextCursor: rows.length > limit && last ? encodeCursor([last.cursor_at, last.id]) : null };
}
