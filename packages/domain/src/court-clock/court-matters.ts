import { z } from "zod";
import { COURT_DIVISIONS } from "./court-clock";
import type { CourtClockView } from "./schemas";

/**
 * The court's clock across matters (issue 26; docs/decisions.md "The court's clock"): the trial
 * calendar, the agency dashboard's amber and red count, and the attorney's matters by the nearest
 * deadline, each read from the same per-case view as the case page.
 */

/** The nearest date a matter must meet: a plan step not yet done, or a statutory step not yet taken. */
const nextDeadlineSchema = z.object({
  label: z.string(),
  dueOn: z.string(),
  /** Court days for the plan's steps, calendar days for the statutory periods (negative when past). */
  left: z.number(),
  counts: z.enum(["court days", "calendar days"]),
});
export type NextDeadline = z.output<typeof nextDeadlineSchema>;

const matterSchema = z.object({
  caseId: z.string(),
  caseReference: z.string(),
  claimantName: z.string(),
  attorneyName: z.string(),
  trialDate: z.string().nullable(),
  courtDivision: z.enum(COURT_DIVISIONS).nullable(),
  trialDaysLeft: z.number().nullable(),
  readiness: z.enum(["green", "amber", "red"]).nullable(),
  /** Why the matter is at its level, in words (the first discipline at that level). */
  reason: z.string().nullable(),
  nextDeadline: nextDeadlineSchema.nullable(),
  /** A statutory warning (RAF lodgement or summons) while the step is not done. */
  warning: z.string().nullable(),
});
export type CourtMatter = z.output<typeof matterSchema>;

export const courtMattersOutputSchema = z.object({
  /** Matters with a trial date from today, nearest first. */
  trials: z.array(matterSchema),
  /** Every open matter with a deadline, nearest deadline first. */
  byDeadline: z.array(matterSchema),
  amber: z.number(),
  red: z.number(),
});
export type CourtMatters = z.output<typeof courtMattersOutputSchema>;

/** The nearest open deadline of a case's view: a pending plan step of any discipline or a statutory step not done. */
export function nextDeadline(view: Pick<CourtClockView, "disciplines" | "statutory">): NextDeadline | null {
  const candidates: NextDeadline[] = [
    ...view.disciplines.flatMap((d) =>
      d.plan
        .filter((s) => !s.done)
        .map((s) => ({
          label: `${d.discipline}: ${s.label.toLowerCase()}`,
          dueOn: s.dueOn,
          left: s.courtDaysLeft,
          counts: "court days" as const,
        })),
    ),
    ...view.statutory
      .filter((s) => !s.done)
      .map((s) => ({ label: s.label, dueOn: s.dueOn, left: s.daysLeft, counts: "calendar days" as const })),
  ];
  return candidates.sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.label.localeCompare(b.label))[0] ?? null;
}

/** One matter's line from its court-clock view. */
export function courtMatter(view: CourtClockView, names: { claimantName: string; attorneyName: string }): CourtMatter {
  return {
    caseId: view.caseId,
    caseReference: view.caseReference,
    ...names,
    trialDate: view.trialDate,
    courtDivision: view.courtDivision,
    trialDaysLeft: view.trialDaysLeft,
    readiness: view.readiness?.level ?? null,
    reason: view.readiness?.reasons[0] ?? null,
    nextDeadline: nextDeadline(view),
    warning: view.statutory.find((s) => s.warning)?.warning ?? null,
  };
}

/** The trial calendar (trials from today, nearest first), the deadline list and the counts at amber and red. */
export function courtMatters(matters: readonly CourtMatter[], today: string): CourtMatters {
  const trials = matters
    .filter((m) => m.trialDate !== null && m.trialDate >= today)
    .sort((a, b) => a.trialDate!.localeCompare(b.trialDate!) || a.caseReference.localeCompare(b.caseReference));
  const byDeadline = matters
    .filter((m) => m.nextDeadline !== null)
    .sort((a, b) => a.nextDeadline!.dueOn.localeCompare(b.nextDeadline!.dueOn) || a.caseReference.localeCompare(b.caseReference));
  return {
    trials,
    byDeadline,
    amber: trials.filter((m) => m.readiness === "amber").length,
    red: trials.filter((m) => m.readiness === "red").length,
  };
}
