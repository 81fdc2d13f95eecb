import type { QueryListInput, Role, SavedView, SavedViewFilters } from "@medlegal/domain";
import {
  BOOKING_SORTS,
  BOOKING_STATUSES,
  CASE_SORTS,
  INVOICE_LIST_KINDS,
  INVOICE_SORTS,
  INVOICE_STATUSES,
  REPORT_KINDS,
  REPORT_SORTS,
  REPORT_STATUSES,
} from "@medlegal/domain/constants";
import { definedOnly, searchParam } from "@/lib/search-params";

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

const STAFF: readonly Role[] = ["administrator", "employee"];
const isStaffRole = (role: Role) => STAFF.includes(role);

/*
 * The case, booking, report and invoice lists keep their filters in the URL too (issue 30): for each,
 * the page's `validateSearch` (zod-free, docs/decisions.md "Performance"), the list's input for the URL
 * (what the page and its loader ask for, and what "Save view" keeps) and the URL a saved view opens.
 */

/* ---------- /cases ---------- */

export interface CasesSearch {
  /** Opens the new-case form for this claimant (from the claimants list). */
  newFor?: string;
  q?: string;
  /** Left out: newest first. */
  sort?: Exclude<(typeof CASE_SORTS)[number], "newest">;
}
type CaseFilters = SavedViewFilters<"cases">;

/** A sort in the URL, the list's default left out (so the plain URL stays plain). */
const sortParam = <S extends string, D extends S>(value: unknown, sorts: readonly S[], fallback: D) => {
  const sort = searchParam.oneOf(value, sorts);
  return sort === fallback ? undefined : (sort as Exclude<S, D> | undefined);
};

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

/* ---------- /admin/bookings (staff's list of bookings) ---------- */

export interface BookingManagementSearch {
  q?: string;
  status?: (typeof BOOKING_STATUSES)[number];
  specialization?: string;
  expert?: string;
  venue?: string;
  /** A day, or "any" for no lower bound: without it the list starts today, as the page always has. */
  from?: string;
  to?: string;
  /** Left out: soonest first. */
  sort?: Exclude<(typeof BOOKING_SORTS)[number], "soonest">;
}
type BookingViewFilters = SavedViewFilters<"bookings">;

export const parseBookingManagementSearch = (search: Record<string, unknown>): BookingManagementSearch =>
  definedOnly({
    q: searchParam.text(search.q, 100),
    status: searchParam.oneOf(search.status, BOOKING_STATUSES),
    specialization: searchParam.uuid(search.specialization),
    expert: searchParam.uuid(search.expert),
    venue: searchParam.text(search.venue, 200),
    from: search.from === "any" ? "any" : searchParam.day(search.from),
    to: searchParam.day(search.to),
    sort: sortParam(search.sort, BOOKING_SORTS, "soonest"),
  });

export function bookingFiltersOf(search: BookingManagementSearch, today: string): BookingViewFilters {
  return {
    search: search.q || undefined,
    status: search.status,
    specializationId: search.specialization,
    consultantId: search.expert,
    venue: search.venue || undefined,
    from: search.from === "any" ? undefined : (search.from ?? today),
    to: search.to,
    // Left out, the list's default: soonest first.
    sort: search.sort,
  };
}

export function bookingManagementSearchOf(filters: BookingViewFilters): BookingManagementSearch {
  return definedOnly({
    q: filters.search || undefined,
    status: filters.status,
    specialization: filters.specializationId,
    expert: filters.consultantId,
    venue: filters.venue || undefined,
    from: filters.from ?? "any",
    to: filters.to,
    sort: sortParam(filters.sort, BOOKING_SORTS, "soonest"),
  });
}

/* ---------- /reports ---------- */

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
    tab: isStaffRole(role) ? ("all" as const) : undefined,
    q: filters.search || undefined,
    status: filters.status,
    kind: filters.kind,
    overdue: filters.overdue ? (true as const) : undefined,
    sort: sortParam(filters.sort, REPORT_SORTS, "due"),
  });
}

/* ---------- /invoices ---------- */

export interface InvoicesSearch {
  q?: string;
  status?: (typeof INVOICE_STATUSES)[number];
  kind?: (typeof INVOICE_LIST_KINDS)[number];
  attorney?: string;
  from?: string;
  to?: string;
  /** Left out: newest first. */
  sort?: Exclude<(typeof INVOICE_SORTS)[number], "newest">;
}
type InvoiceViewFilters = SavedViewFilters<"invoices">;

export const parseInvoicesSearch = (search: Record<string, unknown>): InvoicesSearch =>
  definedOnly({
    q: searchParam.text(search.q, 100),
    status: searchParam.oneOf(search.status, INVOICE_STATUSES),
    kind: searchParam.oneOf(search.kind, INVOICE_LIST_KINDS),
    attorney: searchParam.uuid(search.attorney),
    from: searchParam.day(search.from),
    to: searchParam.day(search.to),
    sort: sortParam(search.sort, INVOICE_SORTS, "newest"),
  });

/**
 * The invoice list's input for the URL. Drafts, the kind and the recipient are staff's filters: the page
 * offers them to no one else, so for anyone else a link naming them lists as if it did not.
 */
export function invoiceFiltersOf(search: InvoicesSearch, role: Role): InvoiceViewFilters {
  const staff = isStaffRole(role);
  return {
    status: staff || search.status !== "draft" ? search.status : undefined,
    kind: staff ? search.kind : undefined,
    attorneyId: staff ? search.attorney : undefined,
    from: search.from,
    to: search.to,
    search: search.q?.trim() || undefined,
    sort: search.sort,
  };
}

export function invoicesSearchOf(filters: InvoiceViewFilters): InvoicesSearch {
  return definedOnly({
    q: filters.search || undefined,
    status: filters.status,
    kind: filters.kind,
    attorney: filters.attorneyId,
    from: filters.from,
    to: filters.to,
    sort: sortParam(filters.sort, INVOICE_SORTS, "newest"),
  });
}

/**
 * Where a saved view opens: its list with its filters in the URL. Query views open Query Management
 * (staff) or My Queries; booking views open Booking Management for staff, whose filters they are
 * (everyone else's bookings page has none, so it opens as it is).
 */
export function savedViewLink(view: Pick<SavedView, "list" | "filters">, role: Role) {
  const staff = isStaffRole(role);
  switch (view.list) {
    case "queries":
      if (staff) return { to: "/admin/query-management", search: queryManagementSearchOf(view.filters as QueryFilters) } as const;
      // My Queries filters by search and status only.
      return { to: "/queries", search: myQueriesSearchOf(view.filters as QueryFilters) } as const;
    case "cases":
      return { to: "/cases", search: casesSearchOf(view.filters as CaseFilters) } as const;
    case "bookings":
      return staff
        ? ({ to: "/admin/bookings", search: bookingManagementSearchOf(view.filters as BookingViewFilters) } as const)
        : ({ to: "/bookings" } as const);
    case "reports":
      return { to: "/reports", search: reportsSearchOf(view.filters as ReportFilters, role) } as const;
    case "invoices":
      return { to: "/invoices", search: invoicesSearchOf(view.filters as InvoiceViewFilters) } as const;
  }
}
