import { z } from "zod";
import { RAF4_NARRATIVE_HEADS, RAF4_OUTCOMES, TRIBUNAL_OUTCOMES } from "./raf4";
import { reportExaminationOutputSchema } from "../reports/outputs";

/** What the raf4 procedures answer (docs/architecture.md, "Outputs"). */
const date = z.string().nullable();
export const raf4ViewOutputSchema = z.object({
  reportId: z.string(),
  reference: z.string(),
  /** Only a report of the RAF 4 kind carries an assessment. */
  isRaf4: z.boolean(),
  /** The report is released: the assessment is frozen, the RAF's outcome can be recorded. */
  released: z.boolean(),
  canAssess: z.boolean(),
  canRecordOutcome: z.boolean(),
  assessment: z
    .object({
      examinedPersonallyBy: z.string().nullable(),
      examinedPersonallyByName: z.string().nullable(),
      examinationDate: date,
      mmiReached: z.boolean().nullable(),
      mmiDate: date,
      /** Exactly as entered, as text: "29.5" stays "29.5". */
      wpiPercent: z.string().nullable(),
      narrativeHeads: z.array(z.enum(RAF4_NARRATIVE_HEADS)),
      onNonSeriousList: z.boolean().nullable(),
      notes: z.string().nullable(),
      serious: z.boolean(),
      updatedAt: z.string(),
    })
    .nullable(),
  /** What QA needs before release (raf4ReleaseGaps); empty when complete. */
  gaps: z.array(z.string()),
  outcome: z.object({ outcome: z.enum(RAF4_OUTCOMES), date: z.string(), reasons: z.string().nullable() }).nullable(),
  /** The RAF 5 dispute clock, from a rejection: deadline and days left (negative once late). */
  raf5: z.object({ deadline: z.string(), daysLeft: z.number() }).nullable(),
  tribunal: z
    .object({ outcome: z.enum(TRIBUNAL_OUTCOMES), date: z.string(), notes: z.string().nullable(), reference: z.string().nullable() })
    .nullable(),
  /** Experts who may be named as the one who examined the claimant personally. */
  experts: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Whether the claimant was examined, as the report's details say it (the form starts from the assessment booked). */
  examination: reportExaminationOutputSchema,
});
export type Raf4View = z.infer<typeof raf4ViewOutputSchema>;

/** A case's RAF 4 reports at a glance (the case page): each one's state and the RAF 5 clock. */
export const raf4CaseItemSchema = z.object({
  reportId: z.string(),
  reference: z.string(),
  expertName: z.string(),
  specialization: z.string(),
  status: z.string(),
  statusLabel: z.string(),
  /** Null until the assessment is recorded (and, for the attorney, until the report is released). */
  serious: z.boolean().nullable(),
  wpiPercent: z.string().nullable(),
  gaps: z.number(),
  outcome: z.object({ outcome: z.enum(RAF4_OUTCOMES), date: z.string() }).nullable(),
  raf5: z.object({ deadline: z.string(), daysLeft: z.number() }).nullable(),
  tribunal: z.object({ outcome: z.enum(TRIBUNAL_OUTCOMES), date: z.string() }).nullable(),
});
export type Raf4CaseItem = z.infer<typeof raf4CaseItemSchema>;
export const raf4CaseOutputSchema = z.object({
  items: z.array(raf4CaseItemSchema),
  /** Staff on a RAF claim: the medico-legal reports whose expert may be asked for a RAF 4 (none asked yet). */
  requestable: z.array(z.object({ reportId: z.string(), reference: z.string(), expertName: z.string(), specialization: z.string() })),
});
export type Raf4CaseView = z.infer<typeof raf4CaseOutputSchema>;
