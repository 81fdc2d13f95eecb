import type { BookingStatus } from "@medlegal/domain";
import { BOOKING_STATUS_LABEL, BOOKING_STATUSES, dateRangeError } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarCheck, CalendarPlus } from "lucide-react";
import * as React from "react";
import { BookingRowActions } from "@/components/bookings/booking-actions";
import { BookingList } from "@/components/bookings/booking-list";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import {
  ClearFiltersButton,
  FilterBar,
  FilterField,
  SearchField,
  SelectFilter,
  SpecializationExpertFilters,
  useSpecializationExpertFilter,
} from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { useCurrentUser } from "@/hooks/use-auth";
import { type BookingFilters, useBookingActions, useBookingPages } from "@/hooks/use-bookings";
import { prefetchPage } from "@/lib/route-data";
import { useDebounced } from "@/hooks/use-debounced";
import { saToday } from "@/lib/booking-time";

export const Route = createFileRoute("/_app/admin/bookings")({
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.bookings.list.prefetchInfinite(firstPage(saToday())),
      ({ trpc }) => trpc.specializations.listActive.prefetch(),
      ({ trpc }) => trpc.consultants.list.prefetch({}),
    ),
  component: BookingManagementPage,
});

/** The list as the page first shows it (from today on, every other filter empty): what the loader prefetches. */
const firstPage = (today: string): BookingFilters => ({ from: today, limit: 25 });

function BookingManagementPage() {
  const me = useCurrentUser().data;
  const today = saToday();
  const [search, setSearch] = React.useState("");
  const [status, setStatus] = React.useState<BookingStatus | "">("");
  const expert = useSpecializationExpertFilter();
  const { specializationId, consultantId } = expert;
  const [venue, setVenue] = React.useState("");
  const [from, setFrom] = React.useState(today);
  const [to, setTo] = React.useState("");
  const debouncedSearch = useDebounced(search.trim());
  const debouncedVenue = useDebounced(venue.trim());
  const filters: BookingFilters = {
    search: debouncedSearch || undefined,
    status: status || undefined,
    specializationId: specializationId || undefined,
    consultantId: consultantId || undefined,
    venue: debouncedVenue || undefined,
    from: from || undefined,
    to: to || undefined,
    limit: 25,
  };
  const list = useBookingPages(filters);
  const actions = useBookingActions();
  const filtered = !!(debouncedSearch || status || specializationId || consultantId || debouncedVenue || from !== today || to);
  const rangeError = dateRangeError(from, to);

  const clear = () => {
    setSearch("");
    setStatus("");
    expert.clear();
    setVenue("");
    setFrom(today);
    setTo("");
  };

  return (
    <>
      <PageHeader
        title="Booking Management"
        description="Every assessment booking: confirm requests, cancel with a cancellation class, and find any booking by claimant, expert, venue or date."
        actions={
          <Button asChild>
            <Link to="/expert-appointment-scheduler">
              <CalendarPlus aria-hidden />
              Schedule assessments
            </Link>
          </Button>
        }
      />

      <FilterBar className="mb-5 sm:grid-cols-2 lg:grid-cols-4">
        <SearchField id="bookings-search" className="sm:col-span-2" placeholder="Reference, claimant or expert" value={search} onChange={setSearch} />
        <SelectFilter
          label="Status"
          id="bookings-status"
          value={status}
          onChange={setStatus}
          allLabel="All statuses"
          options={BOOKING_STATUSES}
          labels={BOOKING_STATUS_LABEL}
        />
        <FilterField label="Venue" htmlFor="bookings-venue">
          <Input id="bookings-venue" placeholder="e.g. Sandton, or video" value={venue} onChange={(e) => setVenue(e.target.value)} />
        </FilterField>
        <SpecializationExpertFilters idPrefix="bookings" filter={expert} />
        <FilterField label="From" htmlFor="bookings-from">
          <Input id="bookings-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </FilterField>
        <FilterField label="To" htmlFor="bookings-to">
          <Input
            id="bookings-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? "bookings-to-error" : undefined}
          />
          {rangeError && <FieldError id="bookings-to-error">{rangeError}</FieldError>}
        </FilterField>
        {filtered && (
          <div className="flex items-end sm:col-span-2 lg:col-span-4">
            <ClearFiltersButton size="sm" onClick={clear} />
          </div>
        )}
      </FilterBar>

      <LoadState
        query={list}
        loadingLabel="Loading bookings"
        errorTitle="Could not load the bookings"
        isEmpty={list.items.length === 0}
        emptyIcon={CalendarCheck}
        emptyTitle={filtered ? "No booking matches" : "No upcoming bookings"}
        emptyText={
          filtered
            ? "Try another search, status or date range, or clear the filters."
            : "Assessments booked by attorneys or the agency will be listed here from today on, with the claimant, expert, venue and status."
        }
      >
        {me && (
          <BookingList
            items={list.items}
            label="Bookings"
            showAttorney
            linkToBooking
            renderActions={(b) => <BookingRowActions booking={b} role={me.role} actions={actions} showOpen={false} />}
            hasMore={list.hasNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            loadingMore={list.isFetchingNextPage}
          />
        )}
      </LoadState>
    </>
  );
}
