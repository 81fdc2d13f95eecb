import type { BookingItem, Role } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import type { LucideIcon } from "lucide-react";
import * as React from "react";
import type { BookingFilters } from "@/hooks/use-bookings";
import { upcomingPastInputs, useBookingActions, useBookingPages, useBookingsInRange } from "@/hooks/use-bookings";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../ui/tabs";
import { BookingRowActions } from "./booking-actions";
import { BookingList } from "./booking-list";
import { LoadState } from "../load-state";

/**
 * A user's bookings in two tabs: upcoming (soonest first, a page at a time) and past (the last
 * six months, newest first), with the moves their role allows on each. Past bookings whose
 * attendance is still to be recorded are counted on the tab and highlighted.
 */
export function UpcomingPastBookings({
  role,
  filters = {},
  label,
  icon,
  showConsultant = true,
  showAttorney = false,
  emptyUpcoming,
  emptyPast,
  upcomingAction,
  attendedNote,
}: {
  role: Role;
  filters?: BookingFilters;
  label: string;
  icon: LucideIcon;
  showConsultant?: boolean;
  showAttorney?: boolean;
  emptyUpcoming: React.ReactNode;
  emptyPast: React.ReactNode;
  /** A call to action under the empty upcoming state (e.g. "Book an assessment"). */
  upcomingAction?: React.ReactNode;
  /** Shown above the past assessments with the number attended (e.g. where an expert invoices them). */
  attendedNote?: (attended: number) => React.ReactNode;
}) {
  const [tab, setTab] = React.useState("upcoming");
  const now = new Date();
  const inputs = upcomingPastInputs(filters);
  const upcoming = useBookingPages(inputs.upcoming);
  const past = useBookingsInRange(inputs.past);
  const actions = useBookingActions();
  const canAttend = can(role, "bookings.attendance");

  const upcomingItems = upcoming.items.filter((b) => new Date(b.startsAt) > now);
  const pastItems = (past.data ?? []).filter((b) => new Date(b.startsAt) <= now).reverse();
  const needsAttendance = (b: BookingItem) => canAttend && b.status === "confirmed" && new Date(b.startsAt) <= now;
  const toRecord = pastItems.filter(needsAttendance).length;
  const linkToBooking = can(role, "bookings.book");

  const renderActions = (b: BookingItem) => <BookingRowActions booking={b} role={role} actions={actions} now={now} showOpen={false} />;

  return (
    <Tabs value={tab} onValueChange={setTab}>
      <TabsList className="sm:w-80">
        <TabsTrigger value="upcoming">Upcoming</TabsTrigger>
        <TabsTrigger value="past">
          Past
          {toRecord > 0 && (
            <span
              className="ml-1.5 rounded-full bg-amber-500 px-1.5 text-[11px] font-semibold text-white"
              aria-label={`${toRecord} to record`}
            >
              {toRecord}
            </span>
          )}
        </TabsTrigger>
      </TabsList>
      <TabsContent value="upcoming">
        <LoadState
          query={upcoming}
          loadingLabel="Loading upcoming bookings"
          errorTitle="Could not load the bookings"
          isEmpty={upcomingItems.length === 0}
          emptyIcon={icon}
          emptyTitle="No upcoming assessments"
          emptyText={
            <>
              {emptyUpcoming}
              {upcomingAction && <div className="mt-4">{upcomingAction}</div>}
            </>
          }
        >
          <BookingList
            items={upcomingItems}
            label={`Upcoming ${label}`}
            showConsultant={showConsultant}
            showAttorney={showAttorney}
            linkToBooking={linkToBooking}
            renderActions={renderActions}
            hasMore={upcoming.hasNextPage}
            onLoadMore={() => void upcoming.fetchNextPage()}
            loadingMore={upcoming.isFetchingNextPage}
          />
        </LoadState>
      </TabsContent>
      <TabsContent value="past">
        {attendedNote?.(pastItems.filter((b) => b.status === "attended").length)}
        {toRecord > 0 && (
          <p className="mb-3 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {toRecord === 1 ? "One assessment is" : `${toRecord} assessments are`} waiting for attendance: mark each attended or a no-show.
          </p>
        )}
        <LoadState
          query={past}
          loadingLabel="Loading past bookings"
          errorTitle="Could not load the bookings"
          isEmpty={pastItems.length === 0}
          emptyIcon={icon}
          emptyTitle="No past assessments"
          emptyText={emptyPast}
        >
          <BookingList
            items={pastItems}
            label={`Past ${label}`}
            showConsultant={showConsultant}
            showAttorney={showAttorney}
            linkToBooking={linkToBooking}
            renderActions={renderActions}
            highlight={needsAttendance}
          />
        </LoadState>
      </TabsContent>
    </Tabs>
  );
}
