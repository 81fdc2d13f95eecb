import type { BookingItem } from "@medlegal/domain";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import * as React from "react";
import { daysBetween, formatDayLong, formatTime } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { BookingStatusBadge, VenueLabel } from "./booking-status-badge";
import { CALENDAR_VIEWS, calendarRange, stepDate, rangeTitle, byDay } from "./calendar-range";
import type { CalendarView } from "./calendar-range";
import { MonthGrid } from "./month-grid";
import { TimeGrid } from "./time-grid";

/**
 * Assessments in a month, week or day view (South African days and times), with an agenda list in
 * their place on small screens. Controlled: the page holds the view and the anchor day, and loads
 * the bookings of calendarRange(view, date).
 */
export function BookingCalendar({
  bookings,
  view,
  date,
  today,
  onViewChange,
  onDateChange,
  onOpenBooking,
}: {
  bookings: readonly BookingItem[];
  view: CalendarView;
  /** The anchor day (YYYY-MM-DD, South African). */
  date: string;
  today: string;
  onViewChange: (view: CalendarView) => void;
  onDateChange: (date: string) => void;
  onOpenBooking: (booking: BookingItem) => void;
}) {
  const grouped = React.useMemo(() => byDay(bookings), [bookings]);
  const { from, to } = calendarRange(view, date);

  return (
    <div className="grid gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Button variant="outline" size="icon-sm" aria-label={`Previous ${view}`} onClick={() => onDateChange(stepDate(view, date, -1))}>
            <ChevronLeft />
          </Button>
          <Button variant="outline" size="sm" onClick={() => onDateChange(today)}>
            Today
          </Button>
          <Button variant="outline" size="icon-sm" aria-label={`Next ${view}`} onClick={() => onDateChange(stepDate(view, date, 1))}>
            <ChevronRight />
          </Button>
          <h2 className="ml-2 text-base font-semibold" aria-live="polite">
            {rangeTitle(view, date)}
          </h2>
        </div>
        <div role="group" aria-label="Calendar view" className="inline-flex rounded-lg bg-muted p-1">
          {CALENDAR_VIEWS.map((v) => (
            <button
              key={v.value}
              type="button"
              aria-pressed={view === v.value}
              onClick={() => onViewChange(v.value)}
              className={cn(
                "rounded-md px-3 py-1 text-sm font-medium text-muted-foreground outline-none focus-visible:ring-2 focus-visible:ring-ring",
                view === v.value && "bg-card text-foreground shadow-sm",
              )}
            >
              {v.label}
            </button>
          ))}
        </div>
      </div>

      <div className="hidden md:block">
        {view === "month" ? (
          <MonthGrid
            date={date}
            today={today}
            grouped={grouped}
            onOpenBooking={onOpenBooking}
            onOpenDay={(d) => {
              onDateChange(d);
              onViewChange("day");
            }}
          />
        ) : (
          <TimeGrid days={daysBetween(from, to)} today={today} grouped={grouped} onOpenBooking={onOpenBooking} wide={view === "day"} />
        )}
      </div>
      <Agenda className="md:hidden" days={daysBetween(from, to)} today={today} grouped={grouped} onOpenBooking={onOpenBooking} />
    </div>
  );
}

function Agenda({
  days,
  today,
  grouped,
  onOpenBooking,
  className,
}: {
  days: string[];
  today: string;
  grouped: Map<string, BookingItem[]>;
  onOpenBooking: (b: BookingItem) => void;
  className?: string;
}) {
  const withBookings = days.filter((d) => (grouped.get(d) ?? []).length > 0);
  if (withBookings.length === 0) {
    return (
      <div className={cn("flex flex-col items-center rounded-lg border border-dashed bg-card px-6 py-10 text-center", className)}>
        <CalendarDays aria-hidden className="size-5 text-muted-foreground" />
        <p className="mt-2 text-sm font-medium">No appointments in this period</p>
        <p className="mt-1 text-sm text-muted-foreground">Assessments booked for these days will be listed here.</p>
      </div>
    );
  }
  return (
    <ol aria-label="Agenda" className={cn("grid gap-3", className)}>
      {withBookings.map((d) => (
        <li key={d} className="overflow-hidden rounded-lg border bg-card">
          <h3 className={cn("border-b bg-muted/50 px-3 py-2 text-sm font-semibold", d === today && "text-primary")}>
            {formatDayLong(d)}
            {d === today && <span className="ml-2 text-xs font-medium">Today</span>}
          </h3>
          <ul className="divide-y">
            {(grouped.get(d) ?? []).map((b) => (
              <li key={b.id}>
                <button
                  type="button"
                  onClick={() => onOpenBooking(b)}
                  className="grid w-full grid-cols-[3.25rem_minmax(0,1fr)] gap-2 px-3 py-2.5 text-left outline-none hover:bg-muted/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
                >
                  <span className="text-sm font-semibold tabular-nums">{formatTime(b.startsAt)}</span>
                  <span className="min-w-0">
                    <span className="flex items-center justify-between gap-2">
                      <span className="truncate text-sm font-medium">{b.patientName}</span>
                      <BookingStatusBadge status={b.status} claimantAnswer={b.claimantAnswer} />
                    </span>
                    <span className="block truncate text-xs text-muted-foreground">
                      {b.specialization} · {b.consultantName}
                    </span>
                    <VenueLabel venue={b.venue} mode={b.mode} className="text-xs text-muted-foreground" />
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
