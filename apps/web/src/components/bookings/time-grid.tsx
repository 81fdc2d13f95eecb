import type { BookingItem } from "@medlegal/domain";
import { WEEKDAY_LABEL } from "@medlegal/domain";
import { formatDayLong, formatTime, minutesOfDay } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { BOOKING_EVENT_CLASS, venueLabel } from "./booking-status-badge";
import { lanes } from "./calendar-range";

/** A week or day view's event: its lines as shown, in order, then the rest (WCAG 2.5.3, label in name). */
const timedEventLabel = (b: BookingItem) =>
  `${formatTime(b.startsAt)}–${formatTime(b.endsAt)} ${b.patientName}, ${b.consultantName} · ${b.specialization} · ${venueLabel(b)}, ${b.status.replace("_", "-")}`;

const HOUR_PX = 52;

export function TimeGrid({
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
  const lastHour = Math.max(
    18,
    ...all.map((b) =>
      Math.ceil((minutesOfDay(b.startsAt) + (new Date(b.endsAt).getTime() - new Date(b.startsAt).getTime()) / 60_000) / 60),
    ),
  );
  const hours = Array.from({ length: Math.min(24, lastHour) - firstHour }, (_, i) => firstHour + i);
  const cols = `3.5rem repeat(${days.length}, minmax(0, 1fr))`;

  return (
    <div role="table" aria-label={wide ? formatDayLong(days[0]!) : "Week"} className="overflow-hidden rounded-lg border bg-card">
      <div role="row" className="grid border-b bg-muted/50" style={{ gridTemplateColumns: cols }}>
        <div aria-hidden />
        {days.map((d) => (
          <div key={d} role="columnheader" className="border-l px-2 py-2 text-xs font-medium">
            <span className="text-muted-foreground uppercase">
              {WEEKDAY_LABEL[((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1]!.slice(0, 3)}
            </span>{" "}
            <span
              className={cn(
                "ml-0.5 inline-flex size-6 items-center justify-center rounded-full",
                d === today && "bg-primary text-primary-foreground",
              )}
            >
              {Number(d.slice(8))}
            </span>
          </div>
        ))}
      </div>
      <div role="row" className="grid max-h-[38rem] overflow-y-auto" style={{ gridTemplateColumns: cols }}>
        <div aria-hidden className="relative">
          {hours.map((h) => (
            <div
              key={h}
              style={{ height: HOUR_PX }}
              className="-translate-y-2 pr-2 text-right text-[11px] text-muted-foreground tabular-nums"
            >
              {h > firstHour ? `${String(h).padStart(2, "0")}:00` : ""}
            </div>
          ))}
        </div>
        {days.map((d) => (
          <div
            role="cell"
            key={d}
            aria-label={formatDayLong(d)}
            data-day={d}
            className="relative border-l"
            style={{ height: hours.length * HOUR_PX }}
          >
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
