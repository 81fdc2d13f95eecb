import { isPublicHoliday, type PublicHoliday } from "../platform/holidays";
import { addDays, isoWeekday, saDateLabel } from "../platform/sa-time";

/** The court's clock (issue 26): pure date rules on YYYY-MM-DD dates in SA time. See docs/decisions.md. */

/** A court day is a weekday that is not a South African public holiday. */
export function isCourtDay(date: string, declared: readonly PublicHoliday[] = []): boolean {
  return isoWeekday(date) <= 5 && !isPublicHoliday(date, declared);
}

/** The date `n` court days before `date` (n >= 0); 0 gives the nearest court day on or before `date`. */
export function courtDaysBefore(date: string, n: number, declared: readonly PublicHoliday[] = []): string {
  let day = date;
  while (!isCourtDay(day, declared)) day = addDays(day, -1);
  for (let left = n; left > 0;) {
    day = addDays(day, -1);
    if (isCourtDay(day, declared)) left -= 1;
  }
  return day;
}

/** Calendar days from `from` to `to` (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The same calendar date `months` later; a day the target month lacks (29-31) becomes its last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

export const STATUTORY_WARNING_DAYS = 90;

export type StatutoryKind = "raf_lodgement" | "summons";

export interface StatutoryDeadline {
  kind: StatutoryKind;
  label: string;
  dueOn: string;
  daysLeft: number;
  done: boolean;
  /** Statutory periods count calendar days; the plan's steps count court days. */
  counts: "calendar days";
  /** Set while not done and 90 calendar days or fewer are left (or the date has passed). */
  warning: string | null;
}

export interface StatutoryFacts {
  accidentDate: string;
  /** false for a hit-and-run: the RAF claim must then be lodged within 2 years. */
  vehicleIdentified: boolean;
  rafLodgedOn: string | null;
  summonsServedOn: string | null;
}

/**
 * RAF lodgement: 3 years from the accident (2 for an unidentified vehicle); summons: 5 years.
 * Calendar days, counted to the anniversary date.
 */
export function statutoryDeadlines(facts: StatutoryFacts, today: string): StatutoryDeadline[] {
  const rafYears = facts.vehicleIdentified ? 3 : 2;
  const make = (kind: StatutoryKind, label: string, years: number, doneOn: string | null): StatutoryDeadline => {
    const dueOn = addMonths(facts.accidentDate, years * 12);
    const daysLeft = calendarDaysBetween(today, dueOn);
    const done = doneOn !== null;
    let warning: string | null = null;
    if (!done && daysLeft < 0) warning = `${label} was due on ${saDateLabel(dueOn)}, ${-daysLeft} days ago.`;
    else if (!done && daysLeft <= STATUTORY_WARNING_DAYS) warning = `${label} is due on ${saDateLabel(dueOn)}: ${daysLeft} days left.`;
    return { kind, label, dueOn, daysLeft, done, counts: "calendar days", warning };
  };
  return [
    make(
      "raf_lodgement",
      facts.vehicleIdentified ? "RAF claim lodgement" : "RAF claim lodgement (unidentified vehicle)",
      rafYears,
      facts.rafLodgedOn,
    ),
    make("summons", "Summons service", 5, facts.summonsServedOn),
  ];
}

/** The steps of one discipline's plan, earliest first; each feeds the next, the last feeds the trial. */
export const PLAN_STEPS = ["assessment", "report", "joint_minute", "hand_over"] as const;
export type PlanStep = (typeof PLAN_STEPS)[number];

export const PLAN_STEP_LABEL: Record<PlanStep, string> = {
  assessment: "Latest assessment",
  report: "Latest report",
  joint_minute: "Joint minute",
  hand_over: "Hand-over for the Rule 36(9)(a) notice and 36(9)(b) summary",
};

/** Court days between a step and the one it feeds (hand_over: before the trial). */
export type DivisionOffsets = Record<PlanStep, number>;

/** Defaults only: they must be checked against the current rules and practice directives (docs/decisions.md). */
export const DEFAULT_DIVISION_OFFSETS: DivisionOffsets = { hand_over: 20, joint_minute: 10, report: 20, assessment: 15 };

export const COURT_DIVISIONS = [
  "gauteng_johannesburg",
  "gauteng_pretoria",
  "western_cape",
  "kwazulu_natal",
  "eastern_cape",
  "free_state",
  "limpopo",
  "mpumalanga",
  "north_west",
  "northern_cape",
] as const;
export type CourtDivision = (typeof COURT_DIVISIONS)[number];

export const COURT_DIVISION_LABEL: Record<CourtDivision, string> = {
  gauteng_johannesburg: "Gauteng Division, Johannesburg",
  gauteng_pretoria: "Gauteng Division, Pretoria",
  western_cape: "Western Cape Division",
  kwazulu_natal: "KwaZulu-Natal Division",
  eastern_cape: "Eastern Cape Division",
  free_state: "Free State Division",
  limpopo: "Limpopo Division",
  mpumalanga: "Mpumalanga Division",
  north_west: "North West Division",
  northern_cape: "Northern Cape Division",
};

/** The offsets for a division: an administrator's setting where there is one, else the defaults. */
export function divisionOffsets(
  division: CourtDivision,
  settings: Partial<Record<CourtDivision, Partial<DivisionOffsets>>> = {},
): DivisionOffsets {
  return { ...DEFAULT_DIVISION_OFFSETS, ...settings[division] };
}

export interface PlanEntry {
  step: PlanStep;
  label: string;
  dueOn: string;
  source: "rule" | "court_order";
  /** A court-order date that would fall after the step it feeds is not used; this says so. */
  conflict: string | null;
}

/** The backward plan from a trial date; court-order dates replace computed ones when they keep the order. */
export function backwardPlan(
  trialDate: string,
  offsets: DivisionOffsets = DEFAULT_DIVISION_OFFSETS,
  courtOrders: Partial<Record<PlanStep, string>> = {},
  declared: readonly PublicHoliday[] = [],
): PlanEntry[] {
  const entries: PlanEntry[] = [];
  let next = trialDate;
  for (const step of [...PLAN_STEPS].reverse()) {
    const computed = courtDaysBefore(addDays(next, -1), Math.max(0, offsets[step] - 1), declared);
    const ordered = courtOrders[step];
    let entry: PlanEntry = { step, label: PLAN_STEP_LABEL[step], dueOn: computed, source: "rule", conflict: null };
    if (ordered !== undefined) {
      entry =
        ordered < next
          ? { ...entry, dueOn: ordered, source: "court_order" }
          : {
              ...entry,
              conflict: `The court order's ${saDateLabel(ordered)} is not before the step it feeds (${saDateLabel(next)}); the rule date is shown.`,
            };
    }
    entries.unshift(entry);
    next = entry.dueOn;
  }
  return entries;
}

export type Readiness = "green" | "amber" | "red";

/** Court days before a step's date at which a pending step turns amber. */
export const AMBER_COURT_DAYS = 10;

/** A date as the plan's sentences name it: "8 Dec" (the year is the trial's, shown beside it). */
export function saShortDateLabel(date: string): string {
  return saDateLabel(date).replace(/ \d{4}$/, "");
}

/** What a case manager does when the plan's dates were already past when the agency was instructed. */
export const TOO_CLOSE_ADVICE =
  "Book the earliest assessment the expert can give, agree the shortened dates with the attorney, and ask the attorney to seek a court order or a postponement if the reports cannot be ready.";

/** The day a plan step must be met by: a booked assessment later than its planned date is counted, not called late. */
export function planStepDay(step: { dueOn: string; bookedOn?: string | null }): string {
  return step.bookedOn && step.bookedOn > step.dueOn ? step.bookedOn : step.dueOn;
}

export interface ReadinessFacts {
  hasBooking?: boolean;
  /** The SA date of the discipline's next booked assessment not yet attended: the plan counts it. */
  bookedOn?: string | null;
  /** The SA date the agency was instructed (the query was made): dates before it were never ours to meet. */
  instructedOn?: string | null;
  /** The release date of a report that will be stale at the trial: it needs an addendum. */
  staleReleasedOn?: string | null;
  staleReportMonths?: number;
  /** Records asked for this discipline and not yet received, in words ("hospital notes from Netcare Milpark Hospital"; issue 40). */
  outstandingRecords?: readonly string[];
  declared?: readonly PublicHoliday[];
}

/** Court days before the assessment from which records still outstanding for it make the discipline amber (issue 40). */
export const RECORDS_AMBER_COURT_DAYS = 20;

/** Green/amber/red for one discipline, with the reason in words. `done` lists the steps already completed. */
export function readiness(
  plan: readonly PlanEntry[],
  done: ReadonlySet<PlanStep>,
  today: string,
  options: ReadinessFacts = {},
): { level: Readiness; reason: string } {
  const verdict = stepReadiness(plan, done, today, options);
  // A report that will be stale at the trial is not ready, whatever the steps say (issue 37, item 5).
  if (verdict.level === "green" && options.staleReleasedOn) {
    const months = options.staleReportMonths ?? DEFAULT_STALE_REPORT_MONTHS;
    return {
      level: "amber",
      reason: `${STALE_REPORT_FLAG}: the report released on ${saDateLabel(options.staleReleasedOn)} will be older than ${months} months at the trial.`,
    };
  }
  // The expert cannot assess without the records: outstanding ones close to the assessment are a risk (issue 40, item 7).
  const assessment = plan.find((e) => e.step === "assessment");
  const records = options.outstandingRecords ?? [];
  // Green becomes amber; an amber verdict keeps its own reason and adds this one; red says enough.
  if (verdict.level !== "red" && records.length && assessment && !done.has("assessment")) {
    const day = options.bookedOn ?? assessment.dueOn;
    if (courtDaysBefore(day, RECORDS_AMBER_COURT_DAYS, options.declared ?? []) <= today) {
      const reason = `Records outstanding before the assessment on ${saDateLabel(day)}: ${records.join("; ")}.`;
      return { level: "amber", reason: verdict.level === "amber" ? `${verdict.reason} ${reason}` : reason };
    }
  }
  return verdict;
}

function stepReadiness(
  plan: readonly PlanEntry[],
  done: ReadonlySet<PlanStep>,
  today: string,
  options: ReadinessFacts,
): { level: Readiness; reason: string } {
  const declared = options.declared ?? [];
  const pending = plan.find((e) => !done.has(e.step));
  if (pending === undefined) return { level: "green", reason: "Every step is done." };
  const report = plan.find((e) => e.step === "report");
  // A booked assessment is the plan's assessment: what matters is the time it leaves for the report.
  if (pending.step === "assessment" && options.bookedOn && report) {
    const booked = `Booked ${saShortDateLabel(options.bookedOn)}`;
    const left = courtDaysUntil(options.bookedOn, report.dueOn, declared);
    const usual = courtDaysUntil(pending.dueOn, report.dueOn, declared);
    if (left <= 0)
      return {
        level: "red",
        reason: `${booked}: after the report is due on ${saDateLabel(report.dueOn)}. Book an earlier assessment or agree a later date for the report.`,
      };
    const leaves = `${booked}: leaves ${left} court day${left === 1 ? "" : "s"} for the report, due ${saDateLabel(report.dueOn)}`;
    if (left < usual) return { level: "amber", reason: `${leaves} (the plan allows ${usual}).` };
    return { level: "green", reason: `${leaves}.` };
  }
  if (pending.dueOn < today) {
    if (options.instructedOn && pending.dueOn < options.instructedOn) {
      return {
        level: "red",
        reason: `The trial is too close for the usual plan: ${pending.label.toLowerCase()} was due on ${saDateLabel(pending.dueOn)}, before the matter was instructed on ${saDateLabel(options.instructedOn)}. ${TOO_CLOSE_ADVICE}`,
      };
    }
    return { level: "red", reason: `${pending.label} was due on ${saDateLabel(pending.dueOn)} and is not done.` };
  }
  if (pending.step === "assessment" && options.hasBooking === false)
    return { level: "amber", reason: `The expert has no booking yet; the assessment is due by ${saDateLabel(pending.dueOn)}.` };
  if (courtDaysBefore(pending.dueOn, AMBER_COURT_DAYS, declared) <= today)
    return { level: "amber", reason: `${pending.label} is due on ${saDateLabel(pending.dueOn)}, within ${AMBER_COURT_DAYS} court days.` };
  return { level: "green", reason: `On track: next, ${pending.label.toLowerCase()} by ${saDateLabel(pending.dueOn)}.` };
}

const LEVEL_ORDER: Record<Readiness, number> = { green: 0, amber: 1, red: 2 };

/** A matter is as ready as its least ready discipline; the reasons name the disciplines at that level. */
export function matterReadiness(disciplines: readonly { discipline: string; level: Readiness; reason: string }[]): {
  level: Readiness;
  reasons: string[];
} {
  if (disciplines.length === 0) return { level: "green", reasons: [] };
  const level = disciplines.reduce<Readiness>((worst, d) => (LEVEL_ORDER[d.level] > LEVEL_ORDER[worst] ? d.level : worst), "green");
  return { level, reasons: disciplines.filter((d) => d.level === level).map((d) => `${d.discipline}: ${d.reason}`) };
}

/** Court days before a plan step at which its reminders go (issue 26's defaults; administrators change them). */
export const DEFAULT_REMINDER_LEAD_DAYS = [20, 10, 3] as const;

/**
 * The reminder a pending step is due for with `left` court days to go: the smallest lead time not
 * below it (a sweep that first sees a step 8 days out sends the 10-day reminder, not the stale
 * 20-day one); none once the step is past or while it is further out than every lead.
 */
export function reminderLead(left: number, leads: readonly number[]): number | null {
  if (left < 0) return null;
  const due = leads.filter((lead) => lead >= left);
  return due.length ? Math.min(...due) : null;
}

export const STALE_REPORT_FLAG = "Needs an addendum";

export const DEFAULT_STALE_REPORT_MONTHS = 18;

/** A released report is stale when it will be older than `months` on the trial date. */
export function isReportStale(releasedOn: string, trialDate: string, months: number = DEFAULT_STALE_REPORT_MONTHS): boolean {
  return addMonths(releasedOn, months) < trialDate;
}

/** Court days after `from` up to and including `to` (negative when `to` is earlier): how many court days are left. */
export function courtDaysUntil(from: string, to: string, declared: readonly PublicHoliday[] = []): number {
  const [start, end, sign] = from <= to ? [from, to, 1] : [to, from, -1];
  let count = 0;
  for (let day = addDays(start, 1); day <= end; day = addDays(day, 1)) if (isCourtDay(day, declared)) count += 1;
  return sign * count;
}
