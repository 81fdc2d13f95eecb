import type { QueryListInput } from "@medlegal/domain";

/** /admin/query-management's URL filters (the page's validateSearch reads the same names). */
export interface QueryManagementSearch {
  q?: string;
  status?: NonNullable<QueryListInput>["status"];
  priority?: NonNullable<QueryListInput>["priority"];
  specialization?: string;
  assignee?: string;
  from?: string;
  to?: string;
  sort?: NonNullable<QueryListInput>["sort"];
  view?: "board";
}

type QueryFilters = Omit<NonNullable<QueryListInput>, "cursor" | "limit">;

/** The list's input for the URL's filters: what the page lists and what a saved view keeps. */
export function queryFiltersOf(search: QueryManagementSearch): QueryFilters {
  return {
    search: search.q || undefined,
    status: search.status,
    priority: search.priority,
    specializationId: search.specialization,
    assignedEmployeeId: search.assignee && search.assignee !== "unassigned" ? search.assignee : undefined,
    unassigned: search.assignee === "unassigned" ? true : undefined,
    from: search.from,
    to: search.to,
    sort: search.sort ?? "newest",
  };
}

/** The URL filters a saved query view opens with (the inverse of queryFiltersOf). */
export function queryManagementSearchOf(filters: QueryFilters): QueryManagementSearch {
  const search: QueryManagementSearch = {
    q: filters.search || undefined,
    status: filters.status,
    priority: filters.priority,
    specialization: filters.specializationId,
    assignee: filters.unassigned ? "unassigned" : filters.assignedEmployeeId,
    from: filters.from,
    to: filters.to,
    sort: filters.sort && filters.sort !== "newest" ? filters.sort : undefined,
  };
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined)) as QueryManagementSearch;
}

/** /queries' URL filters for a saved view (its search and status). */
export function myQueriesSearchOf(filters: QueryFilters): { q?: string; status?: QueryManagementSearch["status"] } {
  return Object.fromEntries(Object.entries({ q: filters.search || undefined, status: filters.status }).filter(([, v]) => v !== undefined));
}
