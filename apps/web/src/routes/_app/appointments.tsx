import type { BookingItem, BookingStatus } from "@medlegal/domain";
import { BOOKING_STATUS_LABEL } from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import * as React from "react";
import { definedOnly, searchParam } from "@/lib/search-params";
import type { CalendarView } from "@/components/bookings/calendar-range";
import { BookingCalendar } from "@/components/bookings/booking-calendar";
import { calendarRange } from "@/components/bookings/calendar-range";
import { BookingDetailsDialog } from "@/components/bookings/booking-details-dialog";
import { BOOKING_STATUS_DOT } from "@/components/bookings/booking-status-badge";
import { PageHeader } from "@/components/page";
import { LoadState } from "@/components/load-state";
import { useCurrentUser } from "@/hooks/use-auth";
import { bookingsInRangeInput, useBookingsInRange } from "@/hooks/use-bookings";
import { prefetchPage } from "@/lib/route-data";
import { saToday } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { type Audience, forAudience } from "@/lib/audience";

export const Route = createFileRoute("/_app/appointments")({
  validateSearch: (search: Record<string, unknown>) =>
    definedOnly({ view: searchParam.oneOf(search.view, ["month", "week", "day"] as const), date: searchParam.day(search.date) }),
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => prefetchPage(context, ({ trpc }) => trpc.bookings.list.prefetch(bookingsInRangeInput(shownRange(deps)))),
  component: AppointmentsPage,
});

const DESCRIPTION: Record<Audience, string> = {
  staff: "Every assessment by month, week or day, in South African time.",
  attorney: "Your claimants' assessments by month, week or day. Open one to add it to your calendar.",
  consultant: "Your assessments by month, week or day. Open one to add it to your own calendar.",
};

/** The view and the dates it shows for the URL (month of today by default): the page and its loader share it. */
function shownRange(search: { view?: CalendarView; date?: string }) {
  const view: CalendarView = search.view ?? "month";
  const date = search.date ?? saToday();
  return { view, date, ...calendarRange(view, date) };
}

const LEGEND: BookingStatus[] = ["requested", "confirmed", "attended", "no_show", "cancelled"];

function AppointmentsPage() {
  const me = useCurrentUser().data;
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const today = saToday();
  const { view, date, from, to } = shownRange(search);
  const bookings = useBookingsInRange({ from, to });
  const [open, setOpen] = React.useState<BookingItem | null>(null);
  const set = (next: { view?: CalendarView; date?: string }) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true });

  const description = me ? forAudience(me.role, DESCRIPTION) : DESCRIPTION.staff;

  return (
    <>
      <PageHeader title="Appointments" description={description} />
      <LoadState query={bookings} loadingLabel="Loading appointments" errorTitle="Could not load the appointments">
        <BookingCalendar
          bookings={bookings.data ?? []}
          view={view}
          date={date}
          today={today}
          onViewChange={(v) => set({ view: v })}
          onDateChange={(d) => set({ date: d })}
          onOpenBooking={setOpen}
        />
      </LoadState>
      <ul aria-label="Status colours" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
        {LEGEND.map((s) => (
          <li key={s} className="flex items-center gap-1.5">
            <span aria-hidden className={cn("size-2 rounded-full", BOOKING_STATUS_DOT[s])} />
            {BOOKING_STATUS_LABEL[s]}
          </li>
        ))}
      </ul>
      {me && <BookingDetailsDialog booking={open} role={me.role} onOpenChange={(o) => !o && setOpen(null)} />}
    </>
  );
}
