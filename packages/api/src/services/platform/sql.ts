import { sql } from "kysely";

/**
 * SQL pieces every area writes the same way, written once.
 */

/** A person's "First Last" from a table's (or alias's) first_name and last_name; no table for an unqualified select. */
export const fullName = <T extends string | null = string>(table?: string) =>
  table ? sql<T>`${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}` : sql<T>`first_name || ' ' || last_name`;

/**
 * How an attorney's firm is named on invoices, payments, bank statements and the books: the firm's
 * name, or the attorney's own "First Last" when no firm is recorded. `table` is the users alias.
 */
export const firmLabel = <T extends string | null = string>(table: string) =>
  sql<T>`coalesce(nullif(${sql.ref(`${table}.firm_name`)}, ''), ${fullName(table)})`;

/**
 * A LIKE pattern that matches the search text literally (its %, _ and \ escaped), anywhere in the
 * value or at its start. Use it with `ilike`: people expect search to ignore case.
 */
export function likePattern(search: string, where: "anywhere" | "start" = "anywhere"): string {
  const escaped = search.replace(/[\\%_]/g, (c) => `\\${c}`);
  return where === "start" ? `${escaped}%` : `%${escaped}%`;
}
