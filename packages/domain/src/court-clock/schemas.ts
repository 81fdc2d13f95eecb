import { z } from "zod";
import {
  COURT_DIVISIONS,
  DEFAULT_DIVISION_OFFSETS,
  DEFAULT_REMINDER_LEAD_DAYS,
  DEFAULT_STALE_REPORT_MONTHS,
  PLAN_STEPS,
  type CourtDivision,
  type DivisionOffsets,
  type PlanEntry,
  type Readiness,
  type StatutoryDeadline,
} from "./court-clock";
import { RULE_36_9_DOCUMENTS, type Rule369Document } from "../bundles/rule-36-9";
import { calendarDate, id, text, caseIdInputSchema } from "../platform/input-primitives";
import { sameShape, type SameShape } from "../platform/outputs";

/** Inputs and answers of the court's clock (issue 26; docs/decisions.md "The court's clock"). */

export const COURT_ORDER_KINDS = ["expert_reports_due", "joint_minutes_due", "expert_notices_due", "other"] as const;
export type CourtOrderKind = (typeof COURT_ORDER_KINDS)[number];
export const COURT_ORDER_KIND_LABEL: Record<CourtOrderKind, string> = {
  expert_reports_due: "Expert reports due",
  joint_minutes_due: "Joint minutes due",
  expert_notices_due: "Expert notices due",
  other: "Other",
};
/** The plan step a court-order item sets; "other" items are shown but set no step. */
export const COURT_ORDER_STEP = {
  expert_reports_due: "report",
  joint_minutes_due: "joint_minute",
  expert_notices_due: "hand_over",
} as const;

export const COURT_CLOCK_MESSAGES = {
  lodgedBeforeAccident: "The RAF claim cannot be lodged before the accident",
  servedBeforeAccident: "Summons cannot be served before the accident",
  trialBeforeAccident: "The trial date cannot be before the accident",
  trialNotCourtDay: "The trial date must be a court day, not a weekend or public holiday",
  inFuture: "This step cannot be recorded as done on a future date",
  orderText: "Say what the court ordered",
  orderKind: "Choose what the order item sets",
  division: "Choose a court division",
  offset: "Each offset is a whole number of court days from 1 to 120",
  staleMonths: "A report goes stale after a whole number of months from 1 to 120",
  reminderLeads: "Give one to five reminder times, each a whole number of court days from 1 to 60, such as 20, 10, 3",
  orderNotFound: "That court order item does not exist.",
} as const;

const optionalDate = (label: string) => z.union([calendarDate(label), z.null()]);

export const courtClockGetSchema = caseIdInputSchema;

export const courtDatesInputSchema = z.object({
  caseId: id(),
  vehicleIdentified: z.boolean({ error: "Say whether the vehicle was identified" }),
  rafLodgedOn: optionalDate("RAF claim lodged date"),
  summonsServedOn: optionalDate("Summons served date"),
  trialDate: optionalDate("Trial date"),
  courtDivision: z.union([z.enum(COURT_DIVISIONS, { error: COURT_CLOCK_MESSAGES.division }), z.null()]),
  preTrialDate: optionalDate("Pre-trial date"),
});
export type CourtDatesInput = z.output<typeof courtDatesInputSchema>;

export const courtOrderInputSchema = z.object({
  caseId: id(),
  kind: z.enum(COURT_ORDER_KINDS, { error: COURT_CLOCK_MESSAGES.orderKind }),
  dueOn: calendarDate("Order date"),
  text: text(COURT_CLOCK_MESSAGES.orderText)
    .trim()
    .min(1, COURT_CLOCK_MESSAGES.orderText)
    .max(500, "The order item must be at most 500 characters"),
});

export const courtOrderRemoveSchema = z.object({ id: id() });

const offset = z
  .number({ error: COURT_CLOCK_MESSAGES.offset })
  .int(COURT_CLOCK_MESSAGES.offset)
  .min(1, COURT_CLOCK_MESSAGES.offset)
  .max(120, COURT_CLOCK_MESSAGES.offset);
const offsetsSchema = z.object(
  Object.fromEntries(PLAN_STEPS.map((step) => [step, offset])) as Record<(typeof PLAN_STEPS)[number], typeof offset>,
);

/** The administrator's settings (settings "court_clock"): court days per step and division, and when a report goes stale. */
export const courtClockSettingsSchema = z.object({
  divisionOffsets: z.object(
    Object.fromEntries(COURT_DIVISIONS.map((d) => [d, offsetsSchema])) as Record<CourtDivision, typeof offsetsSchema>,
  ),
  staleReportMonths: z
    .number({ error: COURT_CLOCK_MESSAGES.staleMonths })
    .int(COURT_CLOCK_MESSAGES.staleMonths)
    .min(1, COURT_CLOCK_MESSAGES.staleMonths)
    .max(120, COURT_CLOCK_MESSAGES.staleMonths),
  /** Court days before each plan step at which the case manager and the attorney are reminded, each once. */
  reminderLeadDays: z
    .array(
      z
        .number({ error: COURT_CLOCK_MESSAGES.reminderLeads })
        .int(COURT_CLOCK_MESSAGES.reminderLeads)
        .min(1, COURT_CLOCK_MESSAGES.reminderLeads)
        .max(60, COURT_CLOCK_MESSAGES.reminderLeads),
      {
        error: COURT_CLOCK_MESSAGES.reminderLeads,
      },
    )
    .min(1, COURT_CLOCK_MESSAGES.reminderLeads)
    .max(5, COURT_CLOCK_MESSAGES.reminderLeads)
    .refine((leads) => new Set(leads).size === leads.length, COURT_CLOCK_MESSAGES.reminderLeads),
});
export type CourtClockSettings = z.output<typeof courtClockSettingsSchema>;
export const DEFAULT_COURT_CLOCK_SETTINGS: CourtClockSettings = {
  divisionOffsets: Object.fromEntries(COURT_DIVISIONS.map((d) => [d, { ...DEFAULT_DIVISION_OFFSETS }])) as Record<
    CourtDivision,
    DivisionOffsets
  >,
  staleReportMonths: DEFAULT_STALE_REPORT_MONTHS,
  reminderLeadDays: [...DEFAULT_REMINDER_LEAD_DAYS],
};

export interface CourtPlanStep extends PlanEntry {
  done: boolean;
  /** Court days from today to the step's date (negative when past). */
  courtDaysLeft: number;
  counts: "court days";
  /** The assessment step: the SA date of its booked (not yet attended) assessment, which the plan counts. */
  bookedOn: string | null;
  /** The step's date had passed before the agency was instructed: not the agency's breach. */
  beforeInstruction: boolean;
}

export interface CourtDiscipline {
  queryId: string;
  queryReference: string;
  specializationId: string;
  discipline: string;
  expertName: string | null;
  plan: CourtPlanStep[];
  level: Readiness | null;
  reason: string | null;
  /** A released report that will be older than the stale age on the trial date. */
  staleReport: {
    reportId: string;
    reference: string;
    releasedOn: string;
    flag: string;
    addendum: { id: string; reference: string } | null;
  } | null;
  /** The SA date the agency was instructed on this discipline's query. */
  instructedOn: string;
}

export interface CourtOrderItem {
  id: string;
  kind: CourtOrderKind;
  dueOn: string;
  text: string;
  createdAt: string;
}

/** A Rule 36(9) step of the case (issue 41): done once the attorney records the day it was delivered. */
export interface CourtNoticeStep {
  document: Rule369Document;
  label: string;
  /** A court order's "expert notices due" date, else the rule's court days before the trial; null without a trial. */
  dueOn: string | null;
  source: "rule" | "court_order";
  deliveredOn: string | null;
  done: boolean;
  /** Court days from today to `dueOn` (negative when past); null without a date. */
  courtDaysLeft: number | null;
}

export interface CourtClockView {
  caseId: string;
  caseReference: string;
  claimType: string;
  accidentDate: string;
  vehicleIdentified: boolean;
  rafLodgedOn: string | null;
  summonsServedOn: string | null;
  trialDate: string | null;
  courtDivision: CourtDivision | null;
  preTrialDate: string | null;
  /** Calendar days to the trial (null without one). */
  trialDaysLeft: number | null;
  statutory: StatutoryDeadline[];
  orders: CourtOrderItem[];
  offsets: DivisionOffsets;
  staleReportMonths: number;
  disciplines: CourtDiscipline[];
  /** The Rule 36(9)(a) notice and the 36(9)(b) summaries, in that order. */
  notices: CourtNoticeStep[];
  readiness: { level: Readiness; reasons: string[] } | null;
}

const level = z.enum(["green", "amber", "red"]);
const planStep = z.object({
  step: z.enum(PLAN_STEPS),
  label: z.string(),
  dueOn: z.string(),
  source: z.enum(["rule", "court_order"]),
  conflict: z.string().nullable(),
  done: z.boolean(),
  courtDaysLeft: z.number(),
  counts: z.literal("court days"),
  bookedOn: z.string().nullable(),
  beforeInstruction: z.boolean(),
});
export const courtClockOutputSchema = z.object({
  caseId: z.string(),
  caseReference: z.string(),
  claimType: z.string(),
  accidentDate: z.string(),
  vehicleIdentified: z.boolean(),
  rafLodgedOn: z.string().nullable(),
  summonsServedOn: z.string().nullable(),
  trialDate: z.string().nullable(),
  courtDivision: z.enum(COURT_DIVISIONS).nullable(),
  preTrialDate: z.string().nullable(),
  trialDaysLeft: z.number().nullable(),
  statutory: z.array(
    z.object({
      kind: z.enum(["raf_lodgement", "summons"]),
      label: z.string(),
      dueOn: z.string(),
      daysLeft: z.number(),
      done: z.boolean(),
      counts: z.literal("calendar days"),
      warning: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({ id: z.string(), kind: z.enum(COURT_ORDER_KINDS), dueOn: z.string(), text: z.string(), createdAt: z.string() }),
  ),
  offsets: offsetsSchema,
  staleReportMonths: z.number(),
  disciplines: z.array(
    z.object({
      queryId: z.string(),
      queryReference: z.string(),
      specializationId: z.string(),
      discipline: z.string(),
      expertName: z.string().nullable(),
      plan: z.array(planStep),
      level: level.nullable(),
      reason: z.string().nullable(),
      staleReport: z
        .object({
          reportId: z.string(),
          reference: z.string(),
          releasedOn: z.string(),
          flag: z.string(),
          addendum: z.object({ id: z.string(), reference: z.string() }).nullable(),
        })
        .nullable(),
      instructedOn: z.string(),
    }),
  ),
  notices: z.array(
    z.object({
      document: z.enum(RULE_36_9_DOCUMENTS),
      label: z.string(),
      dueOn: z.string().nullable(),
      source: z.enum(["rule", "court_order"]),
      deliveredOn: z.string().nullable(),
      done: z.boolean(),
      courtDaysLeft: z.number().nullable(),
    }),
  ),
  readiness: z.object({ level, reasons: z.array(z.string()) }).nullable(),
});
// The view is built from the clock's own computed types (court-clock.ts: StatutoryDeadline, PlanEntry, DivisionOffsets).
sameShape<SameShape<z.output<typeof courtClockOutputSchema>, CourtClockView>>();
