import type { Role, SavedViewFilters } from "@medlegal/domain";
import { REPORT_KINDS, REPORT_SORTS, REPORT_STATUSES } from "@medlegal/domain/constants";
import { audienceOf } from "@/lib/audience";
import { definedOnly, searchParam, sortParam } from "@/lib/search-params";

/** /reports' URL filters (issue 30). */

export interface ReportsSearch {
  /** Staff's "All reports" tab (without it, staff open on the review queue). */
  tab?: "all";
  q?: string;
  status?: (typeof REPORT_STATUSES)[number];
  kind?: (typeof REPORT_KINDS)[number];
  overdue?: true;
  /** Left out: due date, soonest first. */
  sort?: Exclude<(typeof REPORT_SORTS)[number], "due">;
}
type ReportFilters = SavedViewFilters<"reports">;

export const parseReportsSearch = (search: Record<string, unknown>): ReportsSearch =>
  definedOnly({
    tab: search.tab === "all" ? ("all" as const) : undefined,
    q: searchParam.text(search.q, 100),
    status: searchParam.oneOf(search.status, REPORT_STATUSES),
    kind: searchParam.oneOf(search.kind, REPORT_KINDS),
    // The router reads `?overdue=true` as the boolean.
    overdue: search.overdue === true || search.overdue === "true" ? (true as const) : undefined,
    sort: sortParam(search.sort, REPORT_SORTS, "due"),
  });

/** The All reports list's input for the URL (the review queue has none). */
export function reportFiltersOf(search: ReportsSearch): ReportFilters {
  return { status: search.status, kind: search.kind, overdue: search.overdue, search: search.q || undefined, sort: search.sort };
}

export function reportsSearchOf(filters: ReportFilters, role: Role): ReportsSearch {
  // A view of the review queue opens it: staff's first tab.
  if (filters.queue) return {};
  return definedOnly({
    tab: audienceOf(role) === "staff" ? ("all" as const) : undefined,
    q: filters.search || undefined,
    status: filters.status,
    kind: filters.kind,
    overdue: filters.overdue ? (true as const) : undefined,
    sort: sortParam(filters.sort, REPORT_SORTS, "due"),
  });
}
