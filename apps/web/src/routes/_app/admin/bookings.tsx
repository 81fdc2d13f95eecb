import { BOOKING_STATUS_LABEL, BOOKING_STATUSES, can, dateRangeError } from "@medlegal/domain";
import { BOOKING_SORTS } from "@medlegal/domain/constants";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { BookmarkPlus, CalendarCheck, CalendarPlus } from "lucide-react";
import * as React from "react";
import { BookingRowActions } from "@/components/bookings/booking-actions";
import { BookingList } from "@/components/bookings/booking-list";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { SaveViewDialog } from "@/components/saved-views/save-view-dialog";
import {
  bookingFiltersOf,
  type BookingManagementSearch,
  parseBookingManagementSearch,
} from "@/components/bookings/booking-management-search";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field";
import {
  ClearFiltersButton,
  FilterBar,
  FilterField,
  SearchField,
  SelectFilter,
  SortFilter,
  SpecializationExpertFilters,
  useSpecializationExpertFilter,
} from "@/components/ui/filter-bar";
import { Input } from "@/components/ui/input";
import { useCurrentUser } from "@/hooks/use-auth";
import { type BookingFilters, useBookingActions, useBookingPages } from "@/hooks/use-bookings";
import { prefetchPage } from "@/lib/route-data";
import { useUrlText } from "@/hooks/use-url-text";
import { saToday } from "@/lib/booking-time";
import { withChanges } from "@/lib/search-params";

/** The filters live in the URL, so a saved view (issue 30), a reload and back/forward open the same list. */
export const Route = createFileRoute("/_app/admin/bookings")({
  validateSearch: parseBookingManagementSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.bookings.list.prefetchInfinite(listInput(deps, saToday())),
      ({ trpc }) => trpc.specializations.listActive.prefetch(),
      ({ trpc }) => trpc.consultants.list.prefetch(deps.specialization ? { specializationId: deps.specialization } : {}),
    ),
  component: BookingManagementPage,
});

const BOOKING_SORT_LABEL: Record<(typeof BOOKING_SORTS)[number], string> = {
  soonest: "Date, soonest first",
  latest: "Date, latest first",
  reference: "Reference",
};

/** The list's input for the URL (from today on when it names no From day): what the page and its loader ask for. */
const listInput = (search: BookingManagementSearch, today: string): BookingFilters => ({ ...bookingFiltersOf(search, today), limit: 25 });

function BookingManagementPage() {
  const me = useCurrentUser().data;
  const today = saToday();
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const set = (changes: Partial<BookingManagementSearch>) => void navigate({ search: (prev) => withChanges(prev, changes) });
  const [text, setText] = useUrlText(search.q, (q) => set({ q }));
  const [venue, setVenue] = useUrlText(search.venue, (venue) => set({ venue }));
  const status = search.status ?? "";
  const expert = useSpecializationExpertFilter(true, {
    specializationId: search.specialization ?? "",
    consultantId: search.expert ?? "",
    onChange: (next) => set({ specialization: next.specializationId || undefined, expert: next.consultantId || undefined }),
  });
  const filters = bookingFiltersOf(search, today);
  const from = filters.from ?? "";
  const to = filters.to ?? "";
  const list = useBookingPages(listInput(search, today));
  const actions = useBookingActions();
  const [saving, setSaving] = React.useState(false);
  const filtered = Object.keys(search).some((key) => key !== "sort");
  const rangeError = dateRangeError(from, to);

  const clear = () => void navigate({ search: search.sort ? { sort: search.sort } : {} });

  return (
    <>
      <PageHeader
        title="Booking Management"
        description="Every assessment booking: confirm requests, cancel with a cancellation class, and find any booking by claimant, expert, venue or date."
        actions={
          <>
            <Button variant="outline" onClick={() => setSaving(true)}>
              <BookmarkPlus aria-hidden /> Save view
            </Button>
            <Button asChild>
              <Link to="/expert-appointment-scheduler">
                <CalendarPlus aria-hidden />
                Schedule assessments
              </Link>
            </Button>
          </>
        }
      />
      {me && (
        <SaveViewDialog
          open={saving}
          onClose={() => setSaving(false)}
          list="bookings"
          filters={filters}
          canShare={can(me.role, "views.share")}
        />
      )}

      <FilterBar className="mb-5 sm:grid-cols-2 lg:grid-cols-4">
        <SearchField
          id="bookings-search"
          className="sm:col-span-2"
          placeholder="Reference, claimant, expert or file reference"
          value={text}
          onChange={setText}
        />
        <SelectFilter
          label="Status"
          id="bookings-status"
          value={status}
          onChange={(next) => set({ status: next || undefined })}
          allLabel="All statuses"
          options={BOOKING_STATUSES}
          labels={BOOKING_STATUS_LABEL}
        />
        <FilterField label="Venue" htmlFor="bookings-venue">
          <Input id="bookings-venue" placeholder="e.g. Sandton, or video" value={venue} onChange={(e) => setVenue(e.target.value)} />
        </FilterField>
        <SpecializationExpertFilters idPrefix="bookings" filter={expert} />
        <FilterField label="From" htmlFor="bookings-from">
          <Input id="bookings-from" type="date" value={from} onChange={(e) => set({ from: e.target.value || "any" })} />
        </FilterField>
        <FilterField label="To" htmlFor="bookings-to">
          <Input
            id="bookings-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => set({ to: e.target.value || undefined })}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? "bookings-to-error" : undefined}
          />
          {rangeError && <FieldError id="bookings-to-error">{rangeError}</FieldError>}
        </FilterField>
        <SortFilter
          id="bookings-sort"
          sorts={BOOKING_SORTS}
          labels={BOOKING_SORT_LABEL}
          value={search.sort}
          onChange={(sort) => set({ sort: sort as BookingManagementSearch["sort"] })}
        />
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
