/** South African time: the agency's time zone, and the dates, times and labels every area shows in it. */

export const TIME_ZONE = "Africa/Johannesburg";

/** Africa/Johannesburg keeps UTC+2 all year (no daylight saving), so local times convert exactly. */
export const SAST_OFFSET_MINUTES = 120;

/** A local date and time in South Africa ("2026-12-02", "09:30") as the UTC instant it names. */
export function sastToUtc(date: string, time: string): Date {
  return new Date(`${date}T${time}:00+02:00`);
}

/** The South African calendar date of an instant (YYYY-MM-DD). */
export function sastDate(instant: Date): string {
  return new Date(instant.getTime() + SAST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** The South African year of an instant: references and certificates numbered on 1 January before 02:00 belong to the new year. */
export function sastYear(instant: Date): number {
  return Number(sastDate(instant).slice(0, 4));
}

/** The South African clock time of an instant (HH:MM). */
export function sastTime(instant: Date): string {
  return new Date(instant.getTime() + SAST_OFFSET_MINUTES * 60_000).toISOString().slice(11, 16);
}

const SA_DAY_TIME = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const SA_DAY = new Intl.DateTimeFormat("en-GB", { timeZone: TIME_ZONE, day: "numeric", month: "short", year: "numeric" });

/** An instant as messages name it, in South African time on a 24-hour clock: "2 Dec 09:30". */
export function saDayTimeLabel(instant: Date): string {
  return SA_DAY_TIME.format(instant).replace(",", "");
}

/** A day as messages name it: "2 Dec 2026". */
export function saDayLabel(instant: Date): string {
  return SA_DAY.format(instant);
}

/** A calendar date (YYYY-MM-DD, a due date) as messages name it: "13 Nov 2026", as the screens show it. */
export function saDateLabel(date: string): string {
  return saDayLabel(sastToUtc(date, "12:00"));
}

/** ISO weekday of a YYYY-MM-DD date: 1 Monday ... 7 Sunday. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

export const WEEKDAY_LABEL: Record<number, string> = {
  1: "Monday",
  2: "Tuesday",
  3: "Wednesday",
  4: "Thursday",
  5: "Friday",
  6: "Saturday",
  7: "Sunday",
};
