import type { RawBuilder } from "kysely";
import { sql } from "kysely";
import { searchKey } from "@medlegal/domain";
import { likePattern } from "./sql";

/**
 * The one search of the command palette and the lists (issue 38 item 4; docs/decisions.md "One
 * search"): what was typed, read two ways, and the one text each table is found by.
 */
export interface SearchTerms {
  /** The words as typed, lower case, spaces collapsed: for names as written. */
  words: string;
  /** Letters and digits only (`searchKey`): for references and numbers, with or without dashes. */
  key: string;
}

export function searchTerms(typed: string): SearchTerms {
  const words = typed.trim().toLowerCase().replace(/\s+/g, " ");
  return { words, key: searchKey(words) };
}

/**
 * The text each table is found by: exactly the expressions the trigram indexes of migrations
 * 2026-11-29-41 and 2026-12-08-10 hold (references and numbers as keys, names as written).
 */
export const SEARCH_TEXT = {
  patients: sql<string>`patients.search_text`,
  cases: sql<string>`case_search_text(cases.reference, cases.raf_claim_number, cases.court_case_number, cases.attorney_reference)`,
  users: sql<string>`user_search_text(users.first_name, users.last_name, users.username, users.email, users.firm_name)`,
  queries: sql<string>`search_key(queries.reference)`,
  bookings: sql<string>`search_key(bookings.reference)`,
  reports: sql<string>`search_key(reports.reference)`,
  invoices: sql<string>`invoice_search_text(invoices.number, invoices.attorney_reference, invoices.claim_number, invoices.claimant_name)`,
  credit_notes: sql<string>`search_key(credit_notes.number)`,
  meetings: sql<string>`search_key(meetings.reference)`,
} as const;
export type SearchTable = keyof typeof SEARCH_TEXT;

export interface MatchOptions {
  /** Compare the words as typed (names) as well as the key. */
  words?: boolean;
  /** Compare the key anywhere in the text (the lists) or at its start (the palette's issued references). */
  at?: "anywhere" | "start";
  /** A shorter key matches nothing (a term of punctuation, or under the palette's three characters). */
  minKey?: number;
}

/** Whether a table's search text holds the term: the one comparison every search makes. */
export function textMatches(
  table: SearchTable,
  t: SearchTerms,
  { words = true, at = "anywhere", minKey = 1 }: MatchOptions = {},
): RawBuilder<boolean> {
  const text = SEARCH_TEXT[table];
  const byKey = t.key.length >= minKey ? sql<boolean>`${text} LIKE ${likePattern(t.key, at)}` : null;
  const byWords = words && t.words ? sql<boolean>`${text} LIKE ${likePattern(t.words)}` : null;
  if (byKey && byWords) return sql<boolean>`(${byKey} OR ${byWords})`;
  return byKey ?? byWords ?? sql<boolean>`false`;
}

/** The ids of a table's rows whose own text holds the term (one trigram index scan). */
const idsMatching = (table: SearchTable, t: SearchTerms) =>
  sql`SELECT ${sql.ref(`${table}.id`)} FROM ${sql.table(table)} WHERE ${textMatches(table, t)}`;

/**
 * The cases a term finds: by their references and numbers and the attorney's file reference, by
 * their claimant (name, ID, passport, phone) and by their attorney (name, firm).
 */
const casesMatching = (t: SearchTerms) => sql`
  ${idsMatching("cases", t)}
  UNION SELECT cases.id FROM cases WHERE cases.patient_id IN (${idsMatching("patients", t)})
  UNION SELECT cases.id FROM cases WHERE cases.attorney_id IN (${idsMatching("users", t)})`;

/** A list's rows and how they hang together: the columns its search follows to the case, the query and the people. */
export interface ListSearch {
  /** The list's table (its own references are its search text). */
  table: "cases" | "queries" | "bookings" | "reports" | "invoices";
  /** The row's query, found by its reference (bookings, reports and invoices of that query). */
  query?: string;
  /** People on the row besides the case's attorney (the expert), found by name. */
  people?: string[];
}

/**
 * The one search of the five lists: the row by its own references, by its case (references, RAF
 * and court numbers, the attorney's file reference, claimant, attorney), by its query's reference
 * and by the people on it. One `IN` over a union of index scans, so each part uses its index and the
 * list keeps its own visibility, filters, sort and paging.
 */
export function listSearch(typed: string, list: ListSearch): RawBuilder<boolean> {
  const t = searchTerms(typed);
  const { table } = list;
  const parts = [idsMatching(table, t)];
  if (table === "cases") {
    parts.push(casesMatching(t), sql`SELECT queries.case_id FROM queries WHERE ${textMatches("queries", t)}`);
  } else {
    parts.push(
      sql`SELECT ${sql.ref(`${table}.id`)} FROM ${sql.table(table)} WHERE ${sql.ref(`${table}.case_id`)} IN (${casesMatching(t)})`,
    );
  }
  if (list.query)
    parts.push(
      sql`SELECT ${sql.ref(`${table}.id`)} FROM ${sql.table(table)} WHERE ${sql.ref(`${table}.${list.query}`)} IN (${idsMatching("queries", t)})`,
    );
  for (const person of list.people ?? []) {
    parts.push(
      sql`SELECT ${sql.ref(`${table}.id`)} FROM ${sql.table(table)} WHERE ${sql.ref(`${table}.${person}`)} IN (${idsMatching("users", t)})`,
    );
  }
  return sql<boolean>`${sql.ref(`${table}.id`)} IN (${sql.join(parts, sql` UNION `)})`;
}

/** Credit notes by their own number, or by anything that finds their invoice in the invoice list. */
export function creditNoteSearch(typed: string): RawBuilder<boolean> {
  const t = searchTerms(typed);
  return sql<boolean>`credit_notes.id IN (${idsMatching("credit_notes", t)}
    UNION SELECT credit_notes.id FROM credit_notes WHERE credit_notes.invoice_id IN (SELECT invoices.id FROM invoices WHERE ${invoiceSearchOf(typed)}))`;
}

/** The invoice list's search: an invoice's own numbers and claimant, its case, its query, its attorney and expert. */
export const invoiceSearchOf = (typed: string) =>
  listSearch(typed, { table: "invoices", query: "query_id", people: ["attorney_id", "consultant_id"] });
