import { z } from "zod";
import { id, text } from "../platform/input-primitives";

/**
 * Global search (issue 30; docs/decisions.md "Global search"): what the command palette finds, in
 * the order its groups are shown. Each kind is searched with the row rules of its list.
 */
export const SEARCH_KINDS = ["claimant", "case", "query", "booking", "meeting", "report", "invoice", "expert", "user"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const SEARCH_GROUP_LABELS: Record<SearchKind, string> = {
  claimant: "Claimants",
  case: "Cases",
  query: "Queries",
  booking: "Bookings",
  meeting: "Meetings",
  report: "Reports",
  invoice: "Invoices and credit notes",
  expert: "Experts",
  user: "Users",
};

/** Rows per group: the palette is for finding one record, the lists are for browsing many. */
export const SEARCH_GROUP_LIMIT = 5;
/** Shorter terms find pages and commands only: a trigram index needs three characters to help. */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;

export const globalSearchInputSchema = z.object({
  term: text("Type what you are looking for").trim().max(SEARCH_MAX_LENGTH, `Search must be at most ${SEARCH_MAX_LENGTH} characters`),
});

/**
 * The key references are compared on: lower case, letters and digits only, so a reference matches
 * with or without its dashes (the database's `search_key` does the same to the stored value).
 */
export function searchKey(value: string): string {
  return value.toLowerCase().replace(/[^a-z0-9]+/g, "");
}

/** Whether a term is an SA ID or passport number: opening a claimant found by one is logged (POPIA). */
export function looksLikeIdentityNumber(term: string): boolean {
  return /^[A-Za-z]?\d{6,13}$/.test(term.replace(/\s+/g, ""));
}

export const searchHitSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  id: z.string(),
  title: z.string(),
  detail: z.string(),
  /** The record a result opens when it is not the row itself: a claimant's latest case, a credit note's invoice. */
  targetId: z.string().nullable(),
  /** The claimant was found by ID or passport number: opening it is written to the access log. */
  byIdentity: z.boolean(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const globalSearchOutputSchema = z.object({
  groups: z.array(z.object({ kind: z.enum(SEARCH_KINDS), hits: z.array(searchHitSchema) })),
});
export type GlobalSearchResult = z.infer<typeof globalSearchOutputSchema>;

export const searchOpenedInputSchema = z.object({ patientId: id("Choose a claimant") });
