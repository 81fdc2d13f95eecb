import { addDays, isoWeekday } from "./sa-time";

/** A public holiday on a South African calendar date. */
export interface PublicHoliday {
  date: string;
  name: string;
}

/** The first year the Public Holidays Act 36 of 1994 governs in full (its schedule took effect in 1995). */
export const FIRST_PUBLIC_HOLIDAYS_ACT_YEAR = 1995;

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The fixed-date holidays of the Act's schedule, as MM-DD. */
const FIXED_HOLIDAYS: readonly { monthDay: string; name: string }[] = [
  { monthDay: "01-01", name: "New Year's Day" },
  { monthDay: "03-21", name: "Human Rights Day" },
  { monthDay: "04-27", name: "Freedom Day" },
  { monthDay: "05-01", name: "Workers' Day" },
  { monthDay: "06-16", name: "Youth Day" },
  { monthDay: "08-09", name: "National Women's Day" },
  { monthDay: "09-24", name: "Heritage Day" },
  { monthDay: "12-16", name: "Day of Reconciliation" },
  { monthDay: "12-25", name: "Christmas Day" },
  { monthDay: "12-26", name: "Day of Goodwill" },
];

/**
 * Days the President declared public holidays under section 2A of the Act (election days and
 * one-off days), known when this list was written. A seed for the administrators' own list of
 * declared days, which is what the SLA clock should be given; see docs/decisions.md.
 */
export const DECLARED_PUBLIC_HOLIDAYS: readonly PublicHoliday[] = [
  { date: "2000-01-02", name: "Millennium public holiday" },
  { date: "2000-12-05", name: "Local government elections" },
  { date: "2004-04-14", name: "National and provincial elections" },
  { date: "2006-03-01", name: "Local government elections" },
  { date: "2008-05-02", name: "Public holiday (Human Rights Day fell on Good Friday)" },
  { date: "2009-04-22", name: "National and provincial elections" },
  { date: "2011-05-18", name: "Local government elections" },
  { date: "2011-12-27", name: "Public holiday (Christmas Day fell on a Sunday)" },
  { date: "2014-05-07", name: "National and provincial elections" },
  { date: "2016-08-03", name: "Local government elections" },
  { date: "2016-12-27", name: "Public holiday (Christmas Day fell on a Sunday)" },
  { date: "2019-05-08", name: "National and provincial elections" },
  { date: "2021-11-01", name: "Local government elections" },
  { date: "2022-12-27", name: "Public holiday (Christmas Day fell on a Sunday)" },
  { date: "2023-12-15", name: "Public holiday (Rugby World Cup victory)" },
  { date: "2024-05-29", name: "National and provincial elections" },
];

/** Easter Sunday of a Gregorian year (the anonymous Gregorian computus of Meeus, Jones and Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

function assertActYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_PUBLIC_HOLIDAYS_ACT_YEAR || year > 9999) {
    throw new RangeError(`Public holidays are known for the years ${FIRST_PUBLIC_HOLIDAYS_ACT_YEAR} to 9999, not ${year}.`);
  }
}

function assertDate(date: string): void {
  if (
    !DATE_PATTERN.test(date) ||
    Number.isNaN(Date.parse(`${date}T00:00:00Z`)) ||
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date
  ) {
    throw new RangeError(`"${date}" is not a YYYY-MM-DD date.`);
  }
}

/**
 * Section 2(1) of the Act: whenever a public holiday falls on a Sunday, the Monday following it is
 * a public holiday. When that Monday is already one (Christmas Day on a Sunday, with the Day of
 * Goodwill on the Monday), the Act adds no further day; a Tuesday off has each time been a
 * separate declaration under section 2A (see DECLARED_PUBLIC_HOLIDAYS).
 */
function withSundayRule(holidays: readonly PublicHoliday[]): PublicHoliday[] {
  const dates = new Set(holidays.map((h) => h.date));
  const observed: PublicHoliday[] = [];
  for (const holiday of holidays) {
    const monday = addDays(holiday.date, 1);
    if (isoWeekday(holiday.date) === 7 && !dates.has(monday)) {
      dates.add(monday);
      observed.push({ date: monday, name: `${holiday.name} (observed)` });
    }
  }
  return [...holidays, ...observed];
}

function byDate(a: PublicHoliday, b: PublicHoliday): number {
  return a.date.localeCompare(b.date);
}

function scheduleOf(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  return [
    ...FIXED_HOLIDAYS.map((h) => ({ date: `${year}-${h.monthDay}`, name: h.name })),
    { date: addDays(easter, -2), name: "Good Friday" },
    { date: addDays(easter, 1), name: "Family Day" },
  ];
}

const actHolidaysByYear = new Map<number, { list: readonly PublicHoliday[]; dates: ReadonlySet<string> }>();

/** The Act's holidays of a year; computed once per year, as a pure function of it. */
function actHolidays(year: number): { list: readonly PublicHoliday[]; dates: ReadonlySet<string> } {
  let holidays = actHolidaysByYear.get(year);
  if (!holidays) {
    const list = withSundayRule(scheduleOf(year)).sort(byDate);
    holidays = { list, dates: new Set(list.map((h) => h.date)) };
    actHolidaysByYear.set(year, holidays);
  }
  return holidays;
}

/**
 * South Africa's public holidays in a year (1995 onwards), sorted by date: the Act's schedule,
 * Good Friday and Family Day from Easter, the Monday after any of them that falls on a Sunday, and
 * the `declared` one-off days (election days and the like, which the Sunday rule covers too).
 * Two holidays on one date (Good Friday on Human Rights Day) are both listed.
 */
export function southAfricanPublicHolidays(year: number, declared: readonly PublicHoliday[] = []): PublicHoliday[] {
  assertActYear(year);
  if (declared.length === 0) return [...actHolidays(year).list];
  for (const day of declared) assertDate(day.date);
  // A day declared for 31 December of the year before can move into this year by the Sunday rule.
  const relevant = declared.filter((d) => d.date.startsWith(`${year}-`) || d.date === `${year - 1}-12-31`);
  return withSundayRule([...scheduleOf(year), ...relevant])
    .filter((h) => h.date.startsWith(`${year}-`))
    .sort(byDate);
}

/**
 * Whether a South African calendar date (YYYY-MM-DD) is a public holiday: by the Act, or by one of
 * the `declared` days (or the Monday after a declared day that fell on a Sunday).
 */
export function isPublicHoliday(date: string, declared: readonly PublicHoliday[] = []): boolean {
  assertDate(date);
  for (const day of declared) assertDate(day.date);
  const year = Number(date.slice(0, 4));
  assertActYear(year);
  if (actHolidays(year).dates.has(date)) return true;
  const sunday = addDays(date, -1);
  return declared.some((d) => d.date === date || (d.date === sunday && isoWeekday(sunday) === 7));
}
