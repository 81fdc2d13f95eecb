import type { SavedViewFilters } from "@medlegal/domain";
import { CASE_SORTS } from "@medlegal/domain/constants";
import { definedOnly, searchParam, sortParam } from "@/lib/search-params";

/** /cases' URL filters (issue 30): the page's `validateSearch`, the list's input for the URL and the URL a saved view opens. */

export interface CasesSearch {
  /** Opens the new-case form for this claimant (from the claimants list). */
  newFor?: string;
  q?: string;
  /** Left out: newest first. */
  sort?: Exclude<(typeof CASE_SORTS)[number], "newest">;
}
type CaseFilters = SavedViewFilters<"cases">;

export const parseCasesSearch = (search: Record<string, unknown>): CasesSearch =>
  definedOnly({
    newFor: searchParam.uuid(search.newFor),
    q: searchParam.text(search.q, 100),
    sort: sortParam(search.sort, CASE_SORTS, "newest"),
  });

export function caseFiltersOf(search: CasesSearch): CaseFilters {
  // Left out, the list's default: newest first.
  return { search: search.q || undefined, sort: search.sort };
}

export function casesSearchOf(filters: CaseFilters): CasesSearch {
  return definedOnly({ q: filters.search || undefined, sort: sortParam(filters.sort, CASE_SORTS, "newest") });
}
