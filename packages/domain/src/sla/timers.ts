import { z } from "zod";
import type { SlaDefaults } from "../users/user-admin";
import { DEFAULT_SLA } from "../users/user-admin";
import { saDayLabel, sastTime } from "../platform/sa-time";
import { calendarDate, id, listInput, pageLimit, searchText, text } from "../platform/input-primitives";
import type { SlaUnit } from "./sla";
import { RAF5_AT_RISK_PERCENT, RAF5_DISPUTE_DAYS } from "../raf4/raf4";

/**
 * The SLA policies of DESIGN.md section 6 and the inputs of the SLA screens. What starts and stops
 * each timer is in docs/decisions.md, "SLA timers".
 */
// raf5_dispute: the attorney's 90 days to lodge the RAF 5 dispute after the RAF rejects a RAF 4 (raf4.ts).
// court_step: a step of a case's backward plan from the trial date (court-clock/court-timers.ts); each timer carries its own terms.
export const SLA_POLICIES = [
  "query_acknowledgement",
  "booking_offered",
  "report_delivery",
  "report_release",
  "raf5_dispute",
  "court_step",
] as const;
export type SlaPolicy = (typeof SLA_POLICIES)[number];
/** Deadlines set by law or by the court, not by the agency: a query on hold does not stop them (docs/decisions.md "RAF 4 as data", "The court's clock"). */
export const STATUTORY_SLA_POLICIES: readonly SlaPolicy[] = ["raf5_dispute", "court_step"];

export const SLA_POLICY_LABELS: Record<SlaPolicy, string> = {
  query_acknowledgement: "Query acknowledgement",
  booking_offered: "Booking offered",
  report_delivery: "Report delivery",
  report_release: "Report release",
  raf5_dispute: "RAF 5 dispute",
  court_step: "Court deadline",
};

export const SLA_SUBJECT_KINDS = ["query", "booking", "assignment", "report", "court_step"] as const;
export type SlaSubjectKind = (typeof SLA_SUBJECT_KINDS)[number];

export const SLA_TIMER_STATUSES = ["open", "met", "missed", "cancelled"] as const;
export type SlaTimerStatus = (typeof SLA_TIMER_STATUSES)[number];

/** What a timer copies from the SLA settings when it starts. */
export interface SlaPolicyTerms {
  target: number;
  unit: SlaUnit;
  atRiskPercent: number;
}

/** The terms of one policy under the administrators' SLA settings. */
export function slaPolicyTerms(policy: SlaPolicy, settings: SlaDefaults = DEFAULT_SLA): SlaPolicyTerms {
  const atRiskPercent = settings.atRiskPercent;
  switch (policy) {
    case "query_acknowledgement":
      // Working hours unless the agency says every hour counts (docs/decisions.md, "Which SLA counts which time").
      return {
        target: settings.queryAcknowledgementHours,
        unit: settings.acknowledgementClock === "all_hours" ? "hours" : "working_hours",
        atRiskPercent,
      };
    case "booking_offered":
      return { target: settings.bookingOfferedDays, unit: "calendar_days", atRiskPercent };
    case "report_delivery":
      return { target: settings.reportDeliveryDays, unit: "calendar_days", atRiskPercent };
    case "report_release":
      return { target: settings.reportReleaseDays, unit: "business_days", atRiskPercent };
    case "raf5_dispute":
      // Fixed by the regulations, not the agency's settings; at risk (the reminder) from 10 days before.
      return { target: RAF5_DISPUTE_DAYS, unit: "calendar_days", atRiskPercent: RAF5_AT_RISK_PERCENT };
    case "court_step":
      throw new Error("A court step's timer carries its own terms: the court days to the step's date.");
  }
}

const UNIT_WORDS: Record<SlaUnit, [string, string]> = {
  hours: ["hour", "hours"],
  working_hours: ["working hour", "working hours"],
  calendar_days: ["day", "days"],
  business_days: ["business day", "business days"],
};

/** "24 hours", "2 business days". */
export function describeTarget(target: number, unit: SlaUnit): string {
  const [one, many] = UNIT_WORDS[unit];
  return `${target} ${target === 1 ? one : many}`;
}

/** "due in 5 h", "due in 3 d", "overdue by 40 min": the time left as the tracking screen says it. */
export function describeTimeLeft(ms: number): string {
  const abs = Math.abs(ms);
  const minutes = Math.round(abs / 60_000);
  const amount =
    minutes < 60 ? `${Math.max(minutes, 1)} min` : minutes < 48 * 60 ? `${Math.round(minutes / 60)} h` : `${Math.round(minutes / 1440)} d`;
  return ms >= 0 ? `due in ${amount}` : `overdue by ${amount}`;
}

/** Where an open timer stands, for the lists (met/missed/cancelled are stopped ones). */
export const SLA_VIEW_STATES = ["on_track", "at_risk", "breached", "paused", "met", "missed", "cancelled"] as const;
export type SlaViewState = (typeof SLA_VIEW_STATES)[number];

export const SLA_VIEW_STATE_LABELS: Record<SlaViewState, string> = {
  on_track: "On track",
  at_risk: "At risk",
  breached: "Breached",
  paused: "Paused",
  met: "Met",
  missed: "Missed",
  cancelled: "Cancelled",
};

/**
 * A due time as every SLA screen and alert says it: "2 Dec 2026, 14:05" in South African time; a
 * due time at midnight is the end of the day before ("1 Dec 2026, end of day"), as business-day
 * timers fall due at the end of their last day rather than at the start of the next.
 */
export function slaDueLabel(dueAt: Date | string): string {
  const at = typeof dueAt === "string" ? new Date(dueAt) : dueAt;
  if (sastTime(at) === "00:00") return `${saDayLabel(new Date(at.getTime() - 1))}, end of day`;
  return `${saDayLabel(at)}, ${sastTime(at)}`;
}

/** What a stored timer holds for its state: its status, its stored times and an open pause's start. */
export interface StoredSlaTimer {
  status: SlaTimerStatus;
  dueAt: Date;
  atRiskAt: Date;
  pausedAt: Date | null;
  stoppedAt: Date | null;
}

/**
 * Where a stored timer stands at `now`, the one answer every screen gives (tracking, monitoring,
 * dashboard; the SQL filters of services/sla/state.ts say the same): a stopped timer keeps its
 * outcome; a running one is breached once its due instant has passed (the due instant itself is
 * on time, as `slaState` says), and a breach stays a breach while paused; otherwise paused, at
 * risk from its at-risk instant on, or on track. The time left counts from the pause while paused.
 */
export function storedSlaState(timer: StoredSlaTimer, now: Date): { state: SlaViewState; timeLeftMs: number } {
  if (timer.status !== "open") return { state: timer.status, timeLeftMs: timer.dueAt.getTime() - (timer.stoppedAt ?? now).getTime() };
  const at = timer.pausedAt ?? now;
  const timeLeftMs = timer.dueAt.getTime() - at.getTime();
  if (timeLeftMs < 0) return { state: "breached", timeLeftMs };
  if (timer.pausedAt) return { state: "paused", timeLeftMs };
  return { state: now.getTime() >= timer.atRiskAt.getTime() ? "at_risk" : "on_track", timeLeftMs };
}

export const slaListInputSchema = listInput({
  policy: z.enum(SLA_POLICIES, { error: "Choose a policy" }).optional(),
  state: z.enum(["open", "on_track", "at_risk", "breached", "paused", "stopped"], { error: "Choose a state" }).default("open"),
  search: searchText,
  /** Staff: only the timers of queries assigned to them. */
  mine: z.boolean().optional(),
  limit: pageLimit(200).default(100),
});
export type SlaListInput = z.input<typeof slaListInputSchema>;

export const slaPauseSchema = z.object({
  id: id(),
  reason: text("Give a reason for pausing").trim().min(1, "Give a reason for pausing").max(300, "Reason must be at most 300 characters"),
});

export const slaMonitoringInputSchema = listInput({
  /** Months of history for the per-month chart, ending with this one. */
  months: z.number({ error: "Choose 1 to 24 months" }).int().min(1, "Choose 1 to 24 months").max(24, "Choose 1 to 24 months").default(6),
});

export const declaredHolidayInputSchema = z.object({
  // An empty date says what to do, as the form does; a typed one must be a real date.
  date: z.string({ error: "Choose a date" }).min(1, "Choose a date").pipe(calendarDate("Date")),
  name: text("Give the day a name").trim().min(1, "Give the day a name").max(100, "Name must be at most 100 characters"),
});
export type DeclaredHolidayInput = z.input<typeof declaredHolidayInputSchema>;
export const declaredHolidayDeleteSchema = z.object({ date: calendarDate("Date") });
