import type { BookingItem } from "@medlegal/domain";
import { WEEKDAY_LABEL } from "@medlegal/domain";
import { formatDayLong, formatMonth, formatTime, monthWeeks } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { BOOKING_EVENT_CLASS, venueLabel } from "./booking-status-badge";

const SHORT_WEEKDAY = [1, 2, 3, 4, 5, 6, 7].map((d) => WEEKDAY_LABEL[d]!.slice(0, 3));

const eventLabel = (b: BookingItem) =>
  `${formatTime(b.startsAt)} ${b.patientName}, ${b.specialization} with ${b.consultantName}, ${venueLabel(b)}, ${b.status.replace("_", "-")}`;

export function MonthGrid({
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
                    day === today
                      ? "bg-primary text-primary-foreground hover:bg-primary-hover"
                      : day.slice(0, 7) !== month
                        ? "text-muted-foreground"
                        : "",
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
