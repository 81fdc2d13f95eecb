import type { BookingItem } from "@medlegal/domain";
import { addDays, sastDate, WEEKDAY_LABEL } from "@medlegal/domain";
import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import * as React from "react";
import {
  addMonths,
  daysBetween,
  firstOfMonth,
  formatDayLong,
  formatDayMonth,
  formatMonth,
  formatTime,
  minutesOfDay,
  mondayOf,
  monthWeeks,
} from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Skeleton } from "../ui/skeleton";
import { BOOKING_EVENT_CLASS, BookingStatusBadge, venueLabel, VenueLabel } from "./booking-status-badge";

export type CalendarView = "month" | "week" | "day";
export const CALENDAR_VIEWS: { value: CalendarView; label: string }[] = [
  { value: "month", label: "Month" },
  { value: "week", label: "Week" },
  { value: "day", label: "Day" },
];

/** The days a view shows around an anchor day (what to ask bookings.list for). */
export function calendarRange(view: CalendarView, date: string): { from: string; to: string } {
  if (view === "day") return { from: date, to: date };
  if (view === "week") {
    const monday = mondayOf(date);
    return { from: monday, to: addDays(monday, 6) };
  }
  const weeks = monthWeeks(date);
  return { from: weeks[0]![0]!, to: weeks[weeks.length - 1]![6]! };
}

/** The anchor day one step back or forward in a view. */
export function stepDate(view: CalendarView, date: string, step: -1 | 1): string {
  if (view === "day") return addDays(date, step);
  if (view === "week") return addDays(date, 7 * step);
  return firstOfMonth(addMonths(firstOfMonth(date), step));
}

function rangeTitle(view: CalendarView, date: string): string {
  if (view === "month") return formatMonth(date);
  if (view === "day") return formatDayLong(date, true);
  const { from, to } = calendarRange("week", date);
  return `${formatDayMonth(from)} – ${formatDayMonth(to)} ${to.slice(0, 4)}`;
}

const SHORT_WEEKDAY = [1, 2, 3, 4, 5, 6, 7].map((d) => WEEKDAY_LABEL[d]!.slice(0, 3));

function byDay(bookings: readonly BookingItem[]): Map<string, BookingItem[]> {
  const map = new Map<string, BookingItem[]>();
  for (const b of [...bookings].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const day = sastDate(new Date(b.startsAt));
    map.set(day, [...(map.get(day) ?? []), b]);
  }
  return map;
}

const eventLabel = (b: BookingItem) =>
  `${formatTime(b.startsAt)} ${b.patientName}, ${b.specialization} with ${b.consultantName}, ${venueLabel(b)}, ${b.status.replace("_", "-")}`;

/** A week or day view's event: its lines as shown, in order, then the rest (WCAG 2.5.3, label in name). */
const timedEventLabel = (b: BookingItem) =>
  `${formatTime(b.startsAt)}–${formatTime(b.endsAt)} ${b.patientName}, ${b.consultantName} · ${b.specialization} · ${venueLabel(b)}, ${b.status.replace("_", "-")}`;

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
  loading = false,
  onViewChange,
  onDateChange,
  onOpenBooking,
}: {
  bookings: readonly BookingItem[];
  view: CalendarView;
  /** The anchor day (YYYY-MM-DD, South African). */
  date: string;
  today: string;
  loading?: boolean;
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

      {loading ? (
        <div role="status" className="rounded-lg border bg-card p-4">
          <span className="sr-only">Loading appointments</span>
          <div className="grid grid-cols-7 gap-2">
            {Array.from({ length: 21 }, (_, i) => (
              <Skeleton key={i} className="h-20" />
            ))}
          </div>
        </div>
      ) : (
        <>
          <div className="hidden md:block">
            {view === "month" ? (
              <MonthGrid date={date} today={today} grouped={grouped} onOpenBooking={onOpenBooking} onOpenDay={(d) => {
                  onDateChange(d);
                  onViewChange("day");
                }} />
            ) : (
              <TimeGrid days={daysBetween(from, to)} today={today} grouped={grouped} onOpenBooking={onOpenBooking} wide={view === "day"} />
            )}
          </div>
          <Agenda className="md:hidden" days={daysBetween(from, to)} today={today} grouped={grouped} onOpenBooking={onOpenBooking} />
        </>
      )}
    </div>
  );
}

function MonthGrid({
  date,
  today,
  grouped,
  onOpenBooking,
  onOpenDay,
}: {
  date: string;
  today: string;
  grouped: Map<string, BookingItem[]>;
  onOpenBooking: (b: BookingItem) => void;
  onOpenDay: (day: string) => void;
}) {
  const month = date.slice(0, 7);
  return (
    // A table, not a grid: a grid is a widget moved through with arrow keys, and as one its
    // cells could not carry the day as their name (WCAG 2.5.3); the buttons inside are tab stops.
    <div role="table" aria-label={formatMonth(date)} className="overflow-hidden rounded-lg border bg-card">
      <div role="row" className="grid grid-cols-[repeat(7,minmax(0,1fr))] border-b bg-muted/50">
        {SHORT_WEEKDAY.map((d) => (
          <div key={d} role="columnheader" className="px-2 py-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {d}
          </div>
        ))}
      </div>
      {monthWeeks(date).map((week) => (
        <div role="row" key={week[0]} className="grid grid-cols-[repeat(7,minmax(0,1fr))] border-b last:border-b-0">
          {week.map((day) => {
            const items = grouped.get(day) ?? [];
            const shown = items.slice(0, 3);
            return (
              <div
                role="cell"
                key={day}
                aria-label={formatDayLong(day)}
                data-day={day}
                className={cn("min-h-28 min-w-0 border-r p-1.5 last:border-r-0", day.slice(0, 7) !== month && "bg-muted/30")}
              >
                <button
                  type="button"
                  onClick={() => onOpenDay(day)}
                  aria-label={`Open ${formatDayLong(day)}`}
                  className={cn(
                    "mb-1 flex size-6 items-center justify-center rounded-full text-xs font-medium outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring",
                    day === today ? "bg-primary text-primary-foreground hover:bg-primary-hover" : day.slice(0, 7) !== month ? "text-muted-foreground" : "",
                  )}
                >
                  {Number(day.slice(8))}
                </button>
                <ul className="grid min-w-0 grid-cols-1 gap-1">
                  {shown.map((b) => (
                    <li key={b.id} className="min-w-0">
                      <EventChip booking={b} onOpen={onOpenBooking} />
                    </li>
                  ))}
                </ul>
                {items.length > shown.length && (
                  <button
                    type="button"
                    onClick={() => onOpenDay(day)}
                    className="mt-1 rounded px-1 text-xs font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    +{items.length - shown.length} more
                  </button>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function EventChip({ booking, onOpen }: { booking: BookingItem; onOpen: (b: BookingItem) => void }) {
  return (
    <button
      type="button"
      onClick={() => onOpen(booking)}
      aria-label={eventLabel(booking)}
      className={cn(
        "block w-full truncate rounded-sm border-l-[3px] px-1.5 py-0.5 text-left text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring",
        BOOKING_EVENT_CLASS[booking.status],
      )}
    >
      <span className="font-semibold tabular-nums">{formatTime(booking.startsAt)}</span> {booking.patientName}
    </button>
  );
}

const HOUR_PX = 52;

/** Side-by-side lanes for bookings that overlap in time (several experts at 09:00). */
function lanes(items: BookingItem[]): { booking: BookingItem; lane: number; lanes: number }[] {
  const ends: number[] = [];
  const placed = items.map((b) => {
    const start = new Date(b.startsAt).getTime();
    let lane = ends.findIndex((end) => end <= start);
    if (lane === -1) lane = ends.length;
    ends[lane] = new Date(b.endsAt).getTime();
    return { booking: b, lane };
  });
  return placed.map((p) => ({ ...p, lanes: Math.max(1, ends.length) }));
}

function TimeGrid({
  days,
  today,
  grouped,
  onOpenBooking,
  wide,
}: {
  days: string[];
  today: string;
  grouped: Map<string, BookingItem[]>;
  onOpenBooking: (b: BookingItem) => void;
  wide: boolean;
}) {
  const all = days.flatMap((d) => grouped.get(d) ?? []);
  const firstHour = Math.min(7, ...all.map((b) => Math.floor(minutesOfDay(b.startsAt) / 60)));
  const lastHour = Math.max(18, ...all.map((b) => Math.ceil((minutesOfDay(b.startsAt) + (new Date(b.endsAt).getTime() - new Date(b.startsAt).getTime()) / 60_000) / 60)));
  const hours = Array.from({ length: Math.min(24, lastHour) - firstHour }, (_, i) => firstHour + i);
  const cols = `3.5rem repeat(${days.length}, minmax(0, 1fr))`;

  return (
    <div role="table" aria-label={wide ? formatDayLong(days[0]!) : "Week"} className="overflow-hidden rounded-lg border bg-card">
      <div role="row" className="grid border-b bg-muted/50" style={{ gridTemplateColumns: cols }}>
        <div aria-hidden />
        {days.map((d) => (
          <div key={d} role="columnheader" className="border-l px-2 py-2 text-xs font-medium">
            <span className="text-muted-foreground uppercase">{WEEKDAY_LABEL[((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1]!.slice(0, 3)}</span>{" "}
            <span className={cn("ml-0.5 inline-flex size-6 items-center justify-center rounded-full", d === today && "bg-primary text-primary-foreground")}>
              {Number(d.slice(8))}
            </span>
          </div>
        ))}
      </div>
      <div role="row" className="grid max-h-[38rem] overflow-y-auto" style={{ gridTemplateColumns: cols }}>
        <div aria-hidden className="relative">
          {hours.map((h) => (
            <div key={h} style={{ height: HOUR_PX }} className="-translate-y-2 pr-2 text-right text-[11px] text-muted-foreground tabular-nums">
              {h > firstHour ? `${String(h).padStart(2, "0")}:00` : ""}
            </div>
          ))}
        </div>
        {days.map((d) => (
          <div role="cell" key={d} aria-label={formatDayLong(d)} data-day={d} className="relative border-l" style={{ height: hours.length * HOUR_PX }}>
            {hours.map((h) => (
              <div key={h} aria-hidden className="border-b border-dashed border-border/70" style={{ height: HOUR_PX }} />
            ))}
            {lanes(grouped.get(d) ?? []).map(({ booking: b, lane, lanes: n }) => {
              const top = ((minutesOfDay(b.startsAt) - firstHour * 60) / 60) * HOUR_PX;
              const height = Math.max(22, ((new Date(b.endsAt).getTime() - new Date(b.startsAt).getTime()) / 3_600_000) * HOUR_PX - 2);
              return (
                <button
                  key={b.id}
                  type="button"
                  onClick={() => onOpenBooking(b)}
                  aria-label={timedEventLabel(b)}
                  className={cn(
                    "absolute overflow-hidden rounded-sm border-l-[3px] px-1.5 py-1 text-left text-xs shadow-xs outline-none focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-ring",
                    BOOKING_EVENT_CLASS[b.status],
                  )}
                  style={{ top, height, left: `calc(${(lane / n) * 100}% + 2px)`, width: `calc(${100 / n}% - 4px)` }}
                >
                  <span className="block truncate font-semibold tabular-nums">
                    {formatTime(b.startsAt)}–{formatTime(b.endsAt)}
                  </span>{" "}
                  <span className="block truncate">{b.patientName}</span>{" "}
                  {(wide || n === 1) && (
                    <span className="block truncate opacity-80">
                      {b.consultantName}
                      {wide && ` · ${b.specialization} · ${venueLabel(b)}`}
                    </span>
                  )}
                </button>
              );
            })}
          </div>
        ))}
      </div>
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
                      <BookingStatusBadge status={b.status} />
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
