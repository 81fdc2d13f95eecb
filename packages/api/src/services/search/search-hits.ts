import type { SearchHit } from "@medlegal/domain";
import { isAttorney, SEARCH_MIN_LENGTH } from "@medlegal/domain";
import type { Deps } from "../platform/deps";
import type { SearchTable, SearchTerms } from "../platform/search-terms";
import { textMatches } from "../platform/search-terms";

/* The pieces every finder of the global search shares (global-search.ts). */

/**
 * The terms of one search: the words as typed (lower case, for names) and the key (letters and
 * digits only, for references and numbers, docs/decisions.md "Global search").
 */
export interface Terms extends SearchTerms {
  /** Every reference and number the app issues holds a digit: without one, those finders are skipped. */
  hasDigit: boolean;
  /** Four digits in a row: a number, not a person's name, username or e-mail. */
  looksNumeric: boolean;
  byIdentity: boolean;
}

export type Hit = Omit<SearchHit, "kind">;
export type Finder = (deps: Deps, terms: Terms) => Promise<Hit[]>;

export const hit = (
  id: string,
  title: string,
  detail: (string | null | undefined)[],
  targetId: string | null = null,
  byIdentity = false,
): Hit => ({
  id,
  title,
  detail: detail.filter(Boolean).join(" · "),
  targetId,
  byIdentity,
});

/**
 * The palette's comparisons, the lists' own (`textMatches`, docs/decisions.md "One search"): a
 * record's references and numbers by key, anywhere (three characters at least, a trigram's worth),
 * the references the app issues by their start (a palette finds one record), names as written.
 */
export const byKey = (table: SearchTable, t: SearchTerms) => textMatches(table, t, { words: false, minKey: SEARCH_MIN_LENGTH });
export const byReference = (table: SearchTable, t: SearchTerms) => textMatches(table, t, { words: false, at: "start", minKey: 2 });
export const byText = (table: SearchTable, t: SearchTerms) => textMatches(table, t, { minKey: SEARCH_MIN_LENGTH });

/**
 * Rows matched before they are sorted: enough for a name or a number, and a bound for a term
 * thousands of rows share ("082", three letters of a common surname), whose matches are then not
 * all read and rechecked. The match runs in a materialized step, so the planner never walks an
 * ordered index hoping to meet a rare term (docs/decisions.md "Global search").
 */
export const MATCHES_BEFORE_SORTING = 200;

/** The attorney's own file reference in a hit's detail, as the reader names it (theirs, or the attorney's). */
export const fileReference = (user: Deps["actor"]["user"], reference: string | null) =>
  reference && `${isAttorney(user) ? "your ref." : "attorney's ref."} ${reference}`;
