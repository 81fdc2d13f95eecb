import { DEFAULT_SLA } from "../users/user-admin";
import { addDays, isoWeekday, sastDate, sastToUtc } from "../platform/sa-time";
import { isPublicHoliday } from "../platform/holidays";

/**
 * SLA clocks: when a timer is due and when it turns at risk. The rules (what counts as time, how
 * pauses and business days work) are in docs/decisions.md, "SLA time and holidays".
 */

export const SLA_UNITS = ["hours", "working_hours", "calendar_days", "business_days"] as const;
export type SlaUnit = (typeof SLA_UNITS)[number];

/** A stretch during which the clock stood still; `to: null` while it still stands. */
export interface SlaPause {
  from: Date;
  to: Date | null;
}

/** Public holidays as South African dates (YYYY-MM-DD): a set, or a test for one date. */
export type HolidayCalendar = ReadonlySet<string> | ((date: string) => boolean);

export interface SlaClock {
  startedAt: Date;
  /** How many `unit`s the timer allows. */
  target: number;
  unit: SlaUnit;
  pauses?: readonly SlaPause[];
  /**
   * Every public holiday for business days (the Act's and the declared ones). Defaults to the
   * Act's alone; pass `(date) => isPublicHoliday(date, declared)` to include declared days.
   */
  holidays?: HolidayCalendar;
  /** The share of the target after which the timer is at risk (0 to 1). */
  atRiskRatio?: number;
  /** Needed when a pause is still open: the clock is taken to restart at `now`. */
  now?: Date;
}

export interface SlaTimes {
  dueAt: Date;
  atRiskAt: Date;
  /** An open pause stands at `now`. */
  paused: boolean;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const UNIT_MS: Record<SlaUnit, number> = { hours: HOUR_MS, working_hours: HOUR_MS, calendar_days: DAY_MS, business_days: DAY_MS };

/**
 * The agency's working hours, South African time, on business days: what a `working_hours` timer
 * counts (docs/decisions.md, "Which SLA counts which time").
 */
export const AGENCY_WORKING_HOURS = { from: "08:00", to: "17:00" } as const;
/** A calendar with no business day in this many days in a row is a mistake, not a calendar. */
const MAX_DAYS_WITHOUT_BUSINESS = 366;

/** The Act's public holidays, without declared days. */
const ACT_HOLIDAYS: HolidayCalendar = (date) => isPublicHoliday(date);

/** Monday to Friday and not a public holiday, for a South African date (YYYY-MM-DD). */
export function isBusinessDay(date: string, holidays: HolidayCalendar = ACT_HOLIDAYS): boolean {
  if (isoWeekday(date) > 5) return false;
  return typeof holidays === "function" ? !holidays(date) : !holidays.has(date);
}

type Interval = readonly [start: number, end: number];

/**
 * The stretches of time the clock may count, from `start` on: all of it for hours and calendar
 * days; for business days each business day whole, midnight to midnight in South African time;
 * for working hours the agency's working hours of each business day.
 */
function* countableTime(start: number, unit: SlaUnit, holidays: HolidayCalendar): Generator<Interval> {
  if (unit === "hours" || unit === "calendar_days") {
    yield [start, Infinity];
    return;
  }
  let day = sastDate(new Date(start));
  let daysWithoutBusiness = 0;
  for (;;) {
    const next = addDays(day, 1);
    if (isBusinessDay(day, holidays)) {
      daysWithoutBusiness = 0;
      const [from, to] =
        unit === "working_hours"
          ? [sastToUtc(day, AGENCY_WORKING_HOURS.from).getTime(), sastToUtc(day, AGENCY_WORKING_HOURS.to).getTime()]
          : [sastToUtc(day, "00:00").getTime(), sastToUtc(next, "00:00").getTime()];
      if (to > start) yield [Math.max(start, from), to];
    } else if (++daysWithoutBusiness > MAX_DAYS_WITHOUT_BUSINESS) {
      throw new RangeError("The holiday calendar leaves no business day in a whole year.");
    }
    day = next;
  }
}

/** The pauses from `start` on, sorted by start; an open pause ends at `now`. */
function pauseIntervals(start: number, pauses: readonly SlaPause[], now: Date | undefined): Interval[] {
  const intervals: Interval[] = [];
  for (const pause of pauses) {
    if (pause.to === null && !now) throw new TypeError("A timer with an open pause needs `now`.");
    const from = Math.max(start, pause.from.getTime());
    const to = (pause.to ?? now!).getTime();
    if (to > from) intervals.push([from, to]);
  }
  return intervals.sort((a, b) => a[0] - b[0]);
}

/**
 * The earliest instant by which the clock has counted `amount` milliseconds. Pauses are sorted by
 * start, so overlapping ones need no merging: time inside any of them is skipped once.
 */
function instantAfter(amount: number, countable: Iterable<Interval>, pauses: readonly Interval[]): Date {
  let remaining = amount;
  let p = 0;
  for (const [windowStart, windowEnd] of countable) {
    let from = windowStart;
    while (from < windowEnd) {
      while (p < pauses.length && pauses[p]![1] <= from) p++;
      const pause = pauses[p];
      if (pause && pause[0] <= from) {
        from = pause[1];
        continue;
      }
      const to = Math.min(windowEnd, pause ? pause[0] : Infinity);
      if (remaining <= to - from) return new Date(from + remaining);
      remaining -= to - from;
      from = to;
    }
  }
  throw new RangeError("The clock never reaches its target.");
}

/**
 * When a timer is due and when it turns at risk: the instants by which the clock has counted the
 * target, and `atRiskRatio` of it, counting only the timer's kind of time and never while paused.
 */
export function slaDueAt(clock: SlaClock): SlaTimes {
  const { startedAt, target, unit, pauses = [], holidays = ACT_HOLIDAYS, now } = clock;
  const atRiskRatio = clock.atRiskRatio ?? DEFAULT_SLA.atRiskPercent / 100;
  if (Number.isNaN(startedAt.getTime())) throw new RangeError("An SLA timer needs a valid start time.");
  if (!Number.isFinite(target) || target <= 0) throw new RangeError(`An SLA target must be a positive number, not ${target}.`);
  if (!Number.isFinite(atRiskRatio) || atRiskRatio <= 0 || atRiskRatio > 1) {
    throw new RangeError(`The at-risk share must be above 0 and at most 1, not ${atRiskRatio}.`);
  }
  const start = startedAt.getTime();
  const paused = pauseIntervals(start, pauses, now);
  const total = Math.round(target * UNIT_MS[unit]);
  return {
    dueAt: instantAfter(total, countableTime(start, unit, holidays), paused),
    atRiskAt: instantAfter(Math.round(total * atRiskRatio), countableTime(start, unit, holidays), paused),
    paused: !!now && pauses.some((p) => p.to === null && p.from.getTime() <= now.getTime()),
  };
}

export const SLA_STATES = ["on_track", "at_risk", "paused", "breached", "met"] as const;
export type SlaState = (typeof SLA_STATES)[number];

export interface SlaStatus extends SlaTimes {
  state: SlaState;
  /** Milliseconds from `now` (or from when it was met) to the due time; negative once overdue. */
  timeLeftMs: number;
}

/**
 * Where a timer stands at `now`. A met timer is `met` when it was met by its due time and
 * `breached` otherwise; a breach stays a breach while paused; a paused timer is `paused` rather
 * than at risk.
 */
export function slaState(timer: Omit<SlaClock, "now"> & { metAt?: Date | null }, now: Date): SlaStatus {
  const at = timer.metAt ?? now;
  const times = slaDueAt({ ...timer, now: at });
  const timeLeftMs = times.dueAt.getTime() - at.getTime();
  const state: SlaState =
    timeLeftMs < 0 ? "breached" : timer.metAt ? "met" : times.paused ? "paused" : at >= times.atRiskAt ? "at_risk" : "on_track";
  return { ...times, state, timeLeftMs };
}

/**
 * The Monday of the working week a schedule opens on at `now`: the week of the next working day
 * with working hours still ahead (today until 17:00, else the next business day), so a weekend or
 * a Friday evening opens on the coming week, never on one that is over.
 */
export function openingWorkWeek(now: Date, holidays: HolidayCalendar = ACT_HOLIDAYS): string {
  let day = sastDate(now);
  if (!isBusinessDay(day, holidays) || now.getTime() >= sastToUtc(day, AGENCY_WORKING_HOURS.to).getTime()) {
    do day = addDays(day, 1);
    while (!isBusinessDay(day, holidays));
  }
  return addDays(day, 1 - isoWeekday(day));
}
