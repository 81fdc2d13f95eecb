import type { SavedViewFilters } from "@medlegal/domain";
import { BOOKING_SORTS, BOOKING_STATUSES } from "@medlegal/domain/constants";
import { definedOnly, searchParam, sortParam } from "@/lib/search-params";

/** /admin/bookings' URL filters, staff's list of bookings (issue 30). */

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
