import { z } from "zod";
import { calendarDate, id, optionalTextOrNull, text } from "../platform/input-primitives";
import { addDays } from "../platform/sa-time";

/**
 * RAF 4 serious-injury assessment captured as data beside the report file (issue 27, section 2).
 * The WPI is kept as the decimal text the expert entered: the regulations forbid rounding, so
 * 29.5 must never become 30 (docs/decisions.md, "RAF 4 as data").
 */
export const RAF4_NARRATIVE_HEADS = ["body_function", "disfigurement", "mental_disorder", "foetus_loss"] as const;
export type Raf4NarrativeHead = (typeof RAF4_NARRATIVE_HEADS)[number];
export const RAF4_NARRATIVE_HEAD_LABELS: Record<Raf4NarrativeHead, string> = {
  body_function: "Serious long-term impairment or loss of a body function",
  disfigurement: "Permanent serious disfigurement",
  mental_disorder: "Severe long-term mental or behavioural disturbance or disorder",
  foetus_loss: "Loss of a foetus",
};

/** Whole-person impairment threshold for "serious" under the AMA Guides route. */
export const RAF4_WPI_THRESHOLD = 30;
/** Calendar days after the RAF's rejection to lodge the RAF 5 dispute with the HPCSA Registrar. */
export const RAF5_DISPUTE_DAYS = 90;
/** The RAF 5 clock is at risk (reminders, red) from this many days before its deadline. */
export const RAF5_WARN_DAYS = 10;
/** The same as the SLA timer's at-risk share of its 90 days (80 of 90 days: 89 %, 9.9 days left). */
export const RAF5_AT_RISK_PERCENT = 89;

export const WPI_MESSAGE = "WPI must be a number from 0 to 100 with at most 2 decimals, as calculated (not rounded)";

/** WPI % exactly as entered: "29.5" stays "29.5"; numbers are accepted and turned into their text. */
export const wpiPercent = z
  .union([z.string({ error: WPI_MESSAGE }), z.number({ error: WPI_MESSAGE })], { error: WPI_MESSAGE })
  .transform((v) => (typeof v === "number" ? String(v) : v.trim()))
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) >= 0 && Number(v) <= 100, WPI_MESSAGE);

export const raf4AssessmentInputSchema = z
  .object({
    reportId: id(),
    examinedPersonallyBy: id("Choose the expert who examined the claimant personally").nullable(),
    examinationDate: calendarDate("Date of examination").nullable(),
    mmiReached: z.boolean({ error: "Say whether maximum medical improvement has been reached" }).nullable(),
    mmiDate: calendarDate("Date of maximum medical improvement").nullable(),
    wpiPercent: wpiPercent.nullable(),
    narrativeHeads: z
      .array(z.enum(RAF4_NARRATIVE_HEADS, { error: "Choose narrative-test heads from the list" }))
      .max(RAF4_NARRATIVE_HEADS.length)
      .transform((heads) => [...new Set(heads)]),
    onNonSeriousList: z.boolean({ error: "Say whether the injury is on the list of non-serious injuries" }).nullable(),
    notes: optionalTextOrNull(4000, "Notes"),
  })
  .superRefine((v, ctx) => {
    if (v.mmiReached === false && v.mmiDate) {
      ctx.addIssue({
        code: "custom",
        path: ["mmiDate"],
        message: "Leave the MMI date empty while maximum medical improvement is not reached",
      });
    }
    if (v.mmiDate && v.examinationDate && v.mmiDate > v.examinationDate) {
      ctx.addIssue({ code: "custom", path: ["mmiDate"], message: "The MMI date cannot be after the date of examination" });
    }
  });
export type Raf4AssessmentInput = z.input<typeof raf4AssessmentInputSchema>;
export type Raf4Assessment = z.output<typeof raf4AssessmentInputSchema>;

/** The fields the rules read; a stored row maps onto this. */
export type Raf4Facts = Pick<
  Raf4Assessment,
  "examinedPersonallyBy" | "examinationDate" | "mmiReached" | "mmiDate" | "wpiPercent" | "narrativeHeads" | "onNonSeriousList"
>;

/** Serious when WPI is at least 30 % (compared as entered, never rounded) or any narrative head applies. */
export function qualifiesAsSerious(facts: Pick<Raf4Facts, "wpiPercent" | "narrativeHeads">): boolean {
  const wpi = facts.wpiPercent === null ? null : Number(facts.wpiPercent);
  return (wpi !== null && wpi >= RAF4_WPI_THRESHOLD) || facts.narrativeHeads.length > 0;
}

/** What QA needs before a RAF 4 report may be released, as sentences; empty when complete. */
export function raf4ReleaseGaps(facts: Raf4Facts | null): string[] {
  if (!facts) return ["The RAF 4 assessment has not been recorded."];
  const gaps: string[] = [];
  if (!facts.examinedPersonallyBy) gaps.push("Record the expert who examined the claimant personally.");
  if (!facts.examinationDate) gaps.push("Record the date of examination.");
  if (facts.mmiReached === null) gaps.push("Say whether maximum medical improvement has been reached.");
  if (facts.mmiReached && !facts.mmiDate) gaps.push("Record the date maximum medical improvement was reached.");
  if (facts.wpiPercent === null && facts.narrativeHeads.length === 0) {
    gaps.push("Record the WPI % as calculated or at least one narrative-test head.");
  }
  if (facts.onNonSeriousList === null) gaps.push("Say whether the injury is on the list of non-serious injuries.");
  return gaps;
}

export const RAF4_OUTCOMES = ["accepted", "rejected", "further_assessment"] as const;
export type Raf4Outcome = (typeof RAF4_OUTCOMES)[number];
export const RAF4_OUTCOME_LABELS: Record<Raf4Outcome, string> = {
  accepted: "Accepted by the RAF",
  rejected: "Rejected by the RAF",
  further_assessment: "Further assessment directed",
};

export const raf4OutcomeInputSchema = z
  .object({
    reportId: id(),
    outcome: z.enum(RAF4_OUTCOMES, { error: "Choose the RAF's outcome" }),
    outcomeDate: calendarDate("Date of the RAF's decision"),
    reasons: optionalTextOrNull(4000, "Reasons"),
  })
  .superRefine((v, ctx) => {
    if (v.outcome === "rejected" && !v.reasons) {
      ctx.addIssue({ code: "custom", path: ["reasons"], message: "Give the RAF's reasons for the rejection" });
    }
  });
export type Raf4OutcomeInput = z.input<typeof raf4OutcomeInputSchema>;

export const TRIBUNAL_OUTCOMES = ["upheld", "dismissed", "withdrawn"] as const;
export type TribunalOutcome = (typeof TRIBUNAL_OUTCOMES)[number];
export const TRIBUNAL_OUTCOME_LABELS: Record<TribunalOutcome, string> = {
  upheld: "Dispute upheld (injury serious)",
  dismissed: "Dispute dismissed",
  withdrawn: "Dispute withdrawn",
};
export const raf4TribunalInputSchema = z.object({
  reportId: id(),
  outcome: z.enum(TRIBUNAL_OUTCOMES, { error: "Choose the tribunal's outcome" }),
  outcomeDate: calendarDate("Date of the tribunal's decision"),
  notes: optionalTextOrNull(4000, "Notes"),
  reference: text().trim().max(100, "Reference must be at most 100 characters").optional(),
});

/** The RAF 5 deadline: 90 calendar days after the rejection date (no business-day shifting). */
export function raf5Deadline(rejectionDate: string): string {
  return addDays(rejectionDate, RAF5_DISPUTE_DAYS);
}

/** Days left to lodge the RAF 5 (negative once late); `today` is the South African day. */
export function raf5DaysLeft(rejectionDate: string, today: string): number {
  const ms = new Date(`${raf5Deadline(rejectionDate)}T00:00:00Z`).getTime() - new Date(`${today}T00:00:00Z`).getTime();
  return Math.round(ms / 86_400_000);
}
