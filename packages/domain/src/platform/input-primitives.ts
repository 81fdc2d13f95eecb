import { z } from "zod";

/**
 * The building blocks of every input schema (docs/decisions.md "Input contracts"): text that
 * PostgreSQL can store, ids that are uuids, dates that exist, bounded lengths and numbers, and page
 * links that are exactly what the server handed out. Bad input is refused at the door with a
 * sentence, so PostgreSQL never sees it.
 */

export const INPUT_MESSAGES = {
  badText: "Text may not contain NUL characters or broken Unicode (a lone surrogate).",
  invalidId: "That is not a valid id",
  pageLink: "That page link is not valid; please reload the list.",
  tooDeep: "The request is nested too deeply.",
  tooLarge: "The request has too many items.",
  vatNumber: "A VAT number has 10 digits and starts with 4.",
} as const;

/** A UTF-16 surrogate without its partner: not valid Unicode, and refused by PostgreSQL. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Every lone surrogate, to drop them where text is cleaned rather than refused (file names). */
export const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/** Whether a string can be stored as text: no NUL character, no lone surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

/** A string that PostgreSQL can store; `error` is the sentence for a missing or non-string value. */
export function text(error?: string) {
  return z.string(error ? { error } : undefined).refine(isStorableText, INPUT_MESSAGES.badText);
}

/** Optional free text, trimmed and bounded. */
export function optionalText(max: number, label = "Text") {
  return text().trim().max(max, `${label} must be at most ${max} characters`).optional();
}

/** Optional free text where an empty answer means "none" (stored as null). */
export function optionalTextOrNull(max: number, label = "Text") {
  return optionalText(max, label).transform((v) => v || null);
}

/**
 * A South African VAT number as SARS issues it, 10 digits starting with 4, or "" for someone who is
 * not a VAT vendor (docs/decisions.md "Invoices").
 */
export const vatNumber = text()
  .trim()
  .regex(/^(4\d{9})?$/, INPUT_MESSAGES.vatNumber);

/** A record id; PostgreSQL's uuid type refuses anything else with an error, so it is checked here. */
export function id(message: string = INPUT_MESSAGES.invalidId) {
  return z.string({ error: message }).uuid(message);
}

/** Search text of the list screens. */
export const searchText = optionalText(100, "Search");

/** Years PostgreSQL and people agree on; a year 275760 parses in JavaScript but means nothing here. */
const MIN_YEAR = 1900;
const MAX_YEAR = 2100;

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  const year = Number(value.slice(0, 4));
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && year >= MIN_YEAR && year <= MAX_YEAR;
}

/** A calendar date, YYYY-MM-DD, that exists (2026-02-30 does not). */
export function calendarDate(label = "Date") {
  return z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
    .refine(isRealDate, `${label} is not a real date`);
}

/**
 * A calendar date not in the future (birth dates, incident dates, consent dates). "Today" is the
 * South African day (UTC+2, no daylight saving): from 22:00 UTC the agency's date is already the next.
 */
export function pastCalendarDate(label: string) {
  return z
    .string({ error: `${label} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} is required`)
    .refine(
      (value) => isRealDate(value) && new Date(`${value}T00:00:00+02:00`).getTime() <= Date.now(),
      `Please enter a valid ${label.toLowerCase()}`,
    );
}

/** An ISO 8601 instant with an offset ("2026-03-02T08:00:00+02:00"), within sane years. */
export function instant(message = "Choose a valid date and time") {
  return z
    .string({ error: message })
    .datetime({ offset: true, message })
    .refine((value) => {
      const year = new Date(value).getUTCFullYear();
      return year >= MIN_YEAR && year <= MAX_YEAR;
    }, message);
}

/** A clock time of day, HH:MM. */
export const clockTime = z.string({ error: "Times are HH:MM" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Times are HH:MM");

/** How many rows one page of a list holds. */
export function pageLimit(max = 100) {
  const message = `The page size must be a whole number from 1 to ${max}`;
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
}

/**
 * A page link as the server hands it out: base64url text. What it holds is checked value by value
 * when it is read (`readCursor`), so a forged one is refused before any SQL.
 */
export const pageCursor = z
  .string({ error: INPUT_MESSAGES.pageLink })
  .max(500, INPUT_MESSAGES.pageLink)
  .regex(/^[A-Za-z0-9_-]*$/, INPUT_MESSAGES.pageLink)
  .nullish();

/** A list's optional filters: nothing sent means no filter (every field of `shape` is optional). */
export function listInput<Shape extends z.ZodRawShape>(shape: Shape) {
  const schema = z.object(shape);
  return schema.prefault({} as z.input<typeof schema>);
}

/** `{ id }`, the input of every procedure that names one record. */
export const idInputSchema = z.object({ id: id() });
/** One case, named by its id (the case page's sections). */
export const caseIdInputSchema = z.object({ caseId: id() });
export type IdInput = z.output<typeof idInputSchema>;

const MAX_DEPTH = 20;
const MAX_ITEMS = 10_000;

/**
 * The first problem with raw input as a whole, before any schema: text PostgreSQL cannot store
 * anywhere in it (also in keys a schema would drop), or junk nested deeper or wider than any form
 * sends. Returns the path and sentence, or null when the input is fine.
 */
export function rawInputProblem(value: unknown): { path: string; message: string } | null {
  let items = 0;
  const walk = (node: unknown, path: string[], depth: number): { path: string; message: string } | null => {
    if (typeof node === "string") return isStorableText(node) ? null : { path: path.join("."), message: INPUT_MESSAGES.badText };
    if (node === null || typeof node !== "object") return null;
    if (depth > MAX_DEPTH) return { path: path.join("."), message: INPUT_MESSAGES.tooDeep };
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    items += entries.length;
    if (items > MAX_ITEMS) return { path: path.join("."), message: INPUT_MESSAGES.tooLarge };
    for (const [key, child] of entries) {
      if (!isStorableText(key)) return { path: path.join("."), message: INPUT_MESSAGES.badText };
      const problem = walk(child, [...path, key], depth + 1);
      if (problem) return problem;
    }
    return null;
  };
  return walk(value, [], 0);
}

/** A reason that must be given, trimmed and bounded; the reason dialogs check the same schema. */
export const givenReason = (message: string) => text(message).trim().min(1, message).max(1000, "Reason must be at most 1000 characters");

/** The reason's own sentence on `reason` when a move needs one (an optional field checked by the schema a dialog uses). */
export function requireReason(schema: z.ZodType, reason: string | undefined, ctx: z.RefinementCtx) {
  const checked = schema.safeParse(reason ?? "");
  if (!checked.success) ctx.addIssue({ code: "custom", path: ["reason"], message: checked.error.issues[0]?.message ?? "Give a reason" });
}
