import type { BookingItem } from "@medlegal/domain";
import { addDays, sastDate } from "@medlegal/domain";
import { addMonths, firstOfMonth, formatDayLong, formatDayMonth, formatMonth, mondayOf, monthWeeks } from "@/lib/booking-time";

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

export function rangeTitle(view: CalendarView, date: string): string {
  if (view === "month") return formatMonth(date);
  if (view === "day") return formatDayLong(date, true);
  const { from, to } = calendarRange("week", date);
  return `${formatDayMonth(from)} – ${formatDayMonth(to)} ${to.slice(0, 4)}`;
}

export function byDay(bookings: readonly BookingItem[]): Map<string, BookingItem[]> {
  const map = new Map<string, BookingItem[]>();
  for (const b of [...bookings].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const day = sastDate(new Date(b.startsAt));
    map.set(day, [...(map.get(day) ?? []), b]);
  }
  return map;
}

/** Side-by-side lanes for bookings that overlap in time (several experts at 09:00). */
export function lanes(items: BookingItem[]): { booking: BookingItem; lane: number; lanes: number }[] {
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
