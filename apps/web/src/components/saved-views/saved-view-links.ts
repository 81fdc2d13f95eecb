import type { QueryListInput, Role, SavedView, SavedViewFilters } from "@medlegal/domain";
import { bookingManagementSearchOf } from "@/components/bookings/booking-management-search";
import { casesSearchOf } from "@/components/cases/case-list-search";
import { invoicesSearchOf } from "@/components/invoices/invoice-list-search";
import { myQueriesSearchOf, queryManagementSearchOf } from "@/components/queries/query-list-search";
import { reportsSearchOf } from "@/components/reports/report-list-search";
import { audienceOf } from "@/lib/audience";

/*
 * Each list's URL contract (its page's `validateSearch`, the list's input for the URL, the URL a saved
 * view opens) lives beside its list, in `components/<list>/…-search.ts`. This file only picks the page.
 */

type QueryFilters = Omit<NonNullable<QueryListInput>, "cursor" | "limit">;
type CaseFilters = SavedViewFilters<"cases">;
type BookingViewFilters = SavedViewFilters<"bookings">;
type ReportFilters = SavedViewFilters<"reports">;
type InvoiceViewFilters = SavedViewFilters<"invoices">;

/**
 * Where a saved view opens: its list with its filters in the URL. Query views open Query Management
 * (staff) or My Queries; booking views open Booking Management for staff, whose filters they are
 * (everyone else's bookings page has none, so it opens as it is).
 */
export function savedViewLink(view: Pick<SavedView, "list" | "filters">, role: Role) {
  const staff = audienceOf(role) === "staff";
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
