import { addDays, isoWeekday, sastDate } from "@medlegal/domain";

/**
 * Booking times as the agency reads them: Africa/Johannesburg (UTC+2 all year), e.g.
 * "Mon 7 Dec, 09:00". Calendar days are YYYY-MM-DD strings in South African time, built with the
 * domain's date helpers so the browser's own time zone never shifts a booking to another day.
 */
const ZONE = "Africa/Johannesburg";

const TIME = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: ZONE });
const WEEKDAY_DAY_MONTH = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: ZONE });
const DAY_SHORT = new Intl.DateTimeFormat("en-GB", { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" });
const DAY_LONG = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
const DAY_LONG_YEAR = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const MONTH_YEAR = new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const DAY_MONTH = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", timeZone: "UTC" });

const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);

/** "09:00" in South African time. */
export function formatTime(iso: string): string {
  return TIME.format(new Date(iso));
}

/** "Mon 7 Dec, 09:00" in South African time. */
export function formatWhen(iso: string): string {
  return `${WEEKDAY_DAY_MONTH.format(new Date(iso)).replace(",", "")}, ${formatTime(iso)}`;
}

/** "Mon 7 Dec, 09:00–10:00". */
export function formatWhenRange(startIso: string, endIso: string): string {
  return `${formatWhen(startIso)}–${formatTime(endIso)}`;
}

/** A YYYY-MM-DD day: "Mon 7 Dec". */
export function formatDayShort(day: string): string {
  return DAY_SHORT.format(utcDay(day)).replace(",", "");
}

/** A YYYY-MM-DD day: "Monday 7 December" (with the year when asked). */
export function formatDayLong(day: string, withYear = false): string {
  return (withYear ? DAY_LONG_YEAR : DAY_LONG).format(utcDay(day)).replace(",", "");
}

/** "7 Dec". */
export function formatDayMonth(day: string): string {
  return DAY_MONTH.format(utcDay(day));
}

/** "December 2026" for the month a day is in. */
export function formatMonth(day: string): string {
  return MONTH_YEAR.format(utcDay(day));
}

/** Today in South Africa (YYYY-MM-DD). */
export function saToday(now: Date = new Date()): string {
  return sastDate(now);
}

/** The Monday of a day's ISO week. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - isoWeekday(day));
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The same day of the month n months later, clamped to the month's end. */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/** The weeks (Monday first) that show a month: 4 to 6 rows of 7 days. */
export function monthWeeks(day: string): string[][] {
  const first = firstOfMonth(day);
  const nextMonth = firstOfMonth(addMonths(first, 1));
  const weeks: string[][] = [];
  for (let start = mondayOf(first); start < nextMonth; start = addDays(start, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
  }
  return weeks;
}

/** Minutes since South African midnight of an instant. */
export function minutesOfDay(iso: string): number {
  const shifted = new Date(new Date(iso).getTime() + 2 * 3_600_000);
  return shifted.getUTCHours() * 60 + shifted.getUTCMinutes();
}

/** Days from one YYYY-MM-DD to another (inclusive list). */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}
