import type { GlobalSearchResult, globalSearchInputSchema, SearchKind } from "@medlegal/domain";
import { can, looksLikeIdentityNumber, SEARCH_KINDS, SEARCH_MIN_LENGTH } from "@medlegal/domain";
import type { z } from "zod";
import type { Deps } from "../platform/deps";
import { searchTerms } from "../platform/search-terms";
import type { Finder, Terms } from "./search-hits";
import { findCases, findClaimants, findQueries } from "./find-case-files";
import { findBookings, findInvoices, findMeetings, findReports } from "./find-work";
import { findPeople } from "./find-people";

/** Each kind, and whether the caller's role may find it at all; the rows are then the list's own. */
const FINDERS: Record<SearchKind, { allowed: (deps: Deps) => boolean; find: Finder }> = {
  claimant: { allowed: ({ actor }) => can(actor.user.role, "patients.read"), find: findClaimants },
  case: { allowed: ({ actor }) => can(actor.user.role, "cases.read"), find: findCases },
  query: { allowed: ({ actor }) => can(actor.user.role, "queries.read"), find: findQueries },
  booking: { allowed: ({ actor }) => can(actor.user.role, "bookings.read"), find: findBookings },
  meeting: { allowed: ({ actor }) => can(actor.user.role, "meetings.read"), find: findMeetings },
  report: { allowed: ({ actor }) => can(actor.user.role, "reports.read"), find: findReports },
  invoice: { allowed: ({ actor }) => can(actor.user.role, "invoices.read"), find: findInvoices },
  expert: { allowed: ({ actor }) => can(actor.user.role, "consultants.read"), find: findPeople(true) },
  user: { allowed: ({ actor }) => can(actor.user.role, "users.find"), find: findPeople(false) },
};

/**
 * The command palette's search: every kind the caller's role may find, each scoped with the row
 * rule of its list, grouped and limited per group. A term shorter than three characters (or one
 * nobody can see a match for) is an empty answer, never an error.
 */
export async function globalSearch(deps: Deps, input: z.output<typeof globalSearchInputSchema>): Promise<GlobalSearchResult> {
  const typed = searchTerms(input.term);
  if (typed.words.length < SEARCH_MIN_LENGTH) return { groups: [] };
  const terms: Terms = {
    ...typed,
    hasDigit: /\d/.test(typed.key),
    looksNumeric: /\d{4}/.test(typed.key),
    byIdentity: looksLikeIdentityNumber(typed.words),
  };
  const kinds = SEARCH_KINDS.filter((kind) => FINDERS[kind].allowed(deps));
  const found = await Promise.all(kinds.map((kind) => FINDERS[kind].find(deps, terms)));
  return { groups: kinds.map((kind, i) => ({ kind, hits: found[i]!.map((h) => ({ kind, ...h })) })).filter((g) => g.hits.length > 0) };
}
