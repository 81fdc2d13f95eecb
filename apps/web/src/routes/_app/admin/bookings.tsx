import type { BookingStatus } from "@medlegal/domain";
import { BOOKING_STATUS_LABEL, BOOKING_STATUSES } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarCheck, CalendarPlus, FilterX } from "lucide-react";
import * as React from "react";
import { BookingRowActions } from "@/components/bookings/booking-actions";
import { BookingList } from "@/components/bookings/booking-list";
import { EmptyState, PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/error-state";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { SearchInput } from "@/components/ui/search-input";
import { ListSkeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/hooks/use-auth";
import { useBookingActions, useBookingPages } from "@/hooks/use-bookings";
import { useDebounced } from "@/hooks/use-debounced";
import { saToday } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";

export const Route = createFileRoute("/_app/admin/bookings")({
  component: BookingManagementPage,
});

function BookingManagementPage() {
  const me = useCurrentUser().data;
  const today = saToday();
  const [search, setSearch] = React.useState("");
  const [status, setStatus] = React.useState<BookingStatus | "">("");
  const [specializationId, setSpecializationId] = React.useState("");
  const [consultantId, setConsultantId] = React.useState("");
  const [venue, setVenue] = React.useState("");
  const [from, setFrom] = React.useState(today);
  const [to, setTo] = React.useState("");
  const debouncedSearch = useDebounced(search.trim());
  const debouncedVenue = useDebounced(venue.trim());
  const specializations = trpc.specializations.listActive.useQuery();
  const consultants = trpc.consultants.list.useQuery(specializationId ? { specializationId } : {});
  const filters = {
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
  const rangeError = from && to && to < from ? "The end date is before the start date." : null;

  const clear = () => {
    setSearch("");
    setStatus("");
    setSpecializationId("");
    setConsultantId("");
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

      <section aria-label="Filters" className="mb-5 grid gap-3 rounded-lg border bg-card p-3 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid gap-1.5 sm:col-span-2">
          <Label htmlFor="bookings-search">Search</Label>
          <SearchInput id="bookings-search" placeholder="Reference, claimant or expert" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="bookings-status">Status</Label>
          <NativeSelect id="bookings-status" value={status} onChange={(e) => setStatus(e.target.value as BookingStatus | "")}>
            <option value="">All statuses</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {BOOKING_STATUS_LABEL[s]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="bookings-venue">Venue</Label>
          <Input id="bookings-venue" placeholder="e.g. Sandton, or video" value={venue} onChange={(e) => setVenue(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="bookings-specialization">Specialization</Label>
          <NativeSelect
            id="bookings-specialization"
            value={specializationId}
            onChange={(e) => {
              setSpecializationId(e.target.value);
              setConsultantId("");
            }}
          >
            <option value="">All specializations</option>
            {(specializations.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="bookings-consultant">Expert</Label>
          <NativeSelect id="bookings-consultant" value={consultantId} onChange={(e) => setConsultantId(e.target.value)}>
            <option value="">All experts</option>
            {(consultants.data ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="bookings-from">From</Label>
          <Input id="bookings-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="bookings-to">To</Label>
          <Input
            id="bookings-to"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? "bookings-to-error" : undefined}
          />
          {rangeError && (
            <p id="bookings-to-error" className="text-xs font-medium text-destructive">
              {rangeError}
            </p>
          )}
        </div>
        {filtered && (
          <div className="flex items-end sm:col-span-2 lg:col-span-4">
            <Button variant="ghost" size="sm" onClick={clear}>
              <FilterX aria-hidden />
              Clear filters
            </Button>
          </div>
        )}
      </section>

      {list.isLoading ? (
        <ListSkeleton label="Loading bookings" />
      ) : list.isError ? (
        <ErrorState title="Could not load the bookings" message={trpcErrorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : list.items.length === 0 ? (
        <EmptyState icon={CalendarCheck} title={filtered ? "No booking matches" : "No upcoming bookings"}>
          {filtered
            ? "Try another search, status or date range, or clear the filters."
            : "Assessments booked by attorneys or the agency will be listed here from today on, with the claimant, expert, venue and status."}
        </EmptyState>
      ) : (
        me && (
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
        )
      )}
    </>
  );
}
