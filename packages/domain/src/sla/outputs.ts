import { z } from "zod";
import type { PublicHoliday } from "../platform/holidays";
import { sameShape, type SameShape } from "../platform/outputs";
import { SLA_POLICIES, SLA_SUBJECT_KINDS, SLA_TIMER_STATUSES, SLA_VIEW_STATES } from "./timers";

/** What the SLA procedures answer (docs/architecture.md, "Outputs"); each type the services and the web share is inferred from its schema. */
const policy = z.enum(SLA_POLICIES);
const nullableText = z.string().nullable();

export const slaTimerItemOutputSchema = z.object({
  id: z.string(),
  policy,
  subjectKind: z.enum(SLA_SUBJECT_KINDS),
  subjectId: z.string(),
  queryId: z.string(),
  queryReference: z.string(),
  querySubject: z.string(),
  assignedEmployeeName: nullableText,
  consultantName: nullableText,
  target: z.string(),
  startedAt: z.string(),
  dueAt: z.string(),
  atRiskAt: z.string(),
  status: z.enum(SLA_TIMER_STATUSES),
  stoppedAt: nullableText,
  state: z.enum(SLA_VIEW_STATES),
  /** From now (or from the pause or stop) to the due time; negative when overdue. */
  timeLeftMs: z.number(),
  paused: z.boolean(),
  pauseKind: z.enum(["hold", "manual", "waiting"]).nullable(),
  pauseReason: nullableText,
  pausedAt: nullableText,
});
export type SlaTimerItem = z.output<typeof slaTimerItemOutputSchema>;

export const slaTimerListOutputSchema = z.object({ items: z.array(slaTimerItemOutputSchema), asOf: z.string() });

const tally = { met: z.number(), missed: z.number(), open: z.number(), breached: z.number() };
export const slaMonitoringOutputSchema = z.object({
  asOf: z.string(),
  compliancePercent: z.number().nullable(),
  metThisMonth: z.number(),
  missedThisMonth: z.number(),
  openBreaches: z.number(),
  atRisk: z.number(),
  openTimers: z.number(),
  medianReportTurnaroundHours: z.number().nullable(),
  perMonth: z.array(z.object({ month: z.string(), policy, met: z.number(), missed: z.number() })),
  perExpert: z.array(z.object({ consultantId: z.string(), name: z.string(), specialization: nullableText, ...tally })),
  perSpecialization: z.array(z.object({ specialization: z.string(), ...tally })),
  /** Running timers due within 48 hours (not yet breached), each with its state. */
  forecast: z.array(
    z.object({
      id: z.string(),
      policy,
      queryId: z.string(),
      queryReference: z.string(),
      dueAt: z.string(),
      state: z.enum(SLA_VIEW_STATES),
      assignedEmployeeName: nullableText,
    }),
  ),
});
export type SlaMonitoring = z.output<typeof slaMonitoringOutputSchema>;

export const declaredHolidayOutputSchema = z.object({ date: z.string(), name: z.string(), createdAt: z.string() });
export type DeclaredHoliday = z.output<typeof declaredHolidayOutputSchema>;
export const holidayYearOutputSchema = z.object({
  year: z.number(),
  holidays: z.array(z.object({ date: z.string(), name: z.string(), declared: z.boolean() })),
  declared: z.array(declaredHolidayOutputSchema),
});
export const removedHolidayOutputSchema = z.object({ removed: z.string() });

// PublicHoliday is the calendar's own type (platform/holidays.ts), not an output: a field added there must reach the answer.
sameShape<SameShape<z.output<typeof holidayYearOutputSchema>["holidays"][number], PublicHoliday & { declared: boolean }>>();
