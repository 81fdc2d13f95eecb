import { z } from "zod";
import { INVOICE_STATUSES } from "../invoices/invoices";
import { CHECK_RESULTS, REPORT_KINDS, REPORT_STATUSES } from "./reports";

/** What the reports procedures answer (docs/architecture.md, "Outputs"); each type the services and the web share is inferred from its schema. */
const kind = z.enum(REPORT_KINDS);
const status = z.enum(REPORT_STATUSES);
const nullableText = z.string().nullable();

export const reportListItemOutputSchema = z.object({
  id: z.string(),
  reference: z.string(),
  kind,
  status,
  statusLabel: z.string(),
  dueAt: z.string(),
  overdue: z.boolean(),
  patientName: z.string(),
  consultantName: z.string(),
  specialization: z.string(),
  queryId: z.string(),
  queryReference: z.string(),
  caseReference: z.string(),
  attorneyName: z.string(),
  versions: z.number(),
  releasedAt: nullableText,
});
export type ReportListItem = z.output<typeof reportListItemOutputSchema>;

export const checklistItemOutputSchema = z.object({ id: z.string(), label: z.string(), mandatory: z.boolean() });
export type ChecklistItem = z.output<typeof checklistItemOutputSchema>;

export const reportExaminationOutputSchema = z.object({
  examined: z.boolean(),
  on: nullableText,
  expertId: nullableText,
  byName: nullableText,
  bookingReference: nullableText,
  label: z.string(),
});

const reviewItemOutputSchema = z.object({
  itemId: z.string(),
  label: z.string(),
  mandatory: z.boolean(),
  result: z.enum(CHECK_RESULTS),
  comment: nullableText,
});
export type ReviewItem = z.output<typeof reviewItemOutputSchema>;

export const reportDetailOutputSchema = reportListItemOutputSchema.extend({
  bookingId: nullableText,
  bookingReference: nullableText,
  /** Whether the claimant was examined, as the RAF 4 says it too. */
  examination: reportExaminationOutputSchema,
  /** An addendum: what staff asked it to cover (staff and the expert). */
  requestedScope: nullableText,
  consultantId: z.string(),
  parent: z.object({ id: z.string(), reference: z.string(), kind }).nullable(),
  linked: z.array(z.object({ id: z.string(), reference: z.string(), kind, status, statusLabel: z.string() })),
  versionList: z.array(
    z.object({
      id: z.string(),
      number: z.number(),
      fileId: z.string(),
      fileName: z.string(),
      size: z.number(),
      pageCount: z.number(),
      uploadedByName: z.string(),
      onBehalfOfName: nullableText,
      changeNote: nullableText,
      declaration: z.string(),
      createdAt: z.string(),
    }),
  ),
  reviews: z.array(
    z.object({
      id: z.string(),
      versionNumber: z.number(),
      reviewerName: z.string(),
      outcome: z.enum(["approved", "changes_requested"]),
      items: z.array(reviewItemOutputSchema),
      comment: nullableText,
      createdAt: z.string(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.string(),
      at: z.string(),
      actorName: nullableText,
      fromStatus: status.nullable(),
      toStatus: status.nullable(),
      body: nullableText,
    }),
  ),
  checklist: z.array(checklistItemOutputSchema),
  questions: z
    .object({
      body: z.string(),
      askedByName: z.string(),
      createdAt: z.string(),
      supplementaryReportId: nullableText,
      supplementaryReference: nullableText,
    })
    .nullable(),
  /** Until when the attorney may put questions (released reports, none asked yet). */
  questionsUntil: nullableText,
  releaseOverrideReason: nullableText,
  withdrawnReason: nullableText,
  releasedOnApproval: z.boolean(),
  /** The invoice billing this report (staff: drafts too; attorneys: issued only; experts: none). */
  invoice: z
    .object({
      id: z.string(),
      number: nullableText,
      status: z.enum(INVOICE_STATUSES),
      statusLabel: z.string(),
      totalCents: z.number(),
      balanceCents: z.number(),
      dueDate: nullableText,
    })
    .nullable(),
  /** Staff: what allows releasing an approved report now (paid, deferral), or null (an override only). */
  releaseBasis: z.enum(["paid", "deferral"]).nullable(),
  /** What the caller may do now; the server checks again on every call. */
  can: z.object({
    upload: z.boolean(),
    take: z.boolean(),
    review: z.boolean(),
    release: z.boolean(),
    overrideRelease: z.boolean(),
    withdraw: z.boolean(),
    ask: z.boolean(),
    link: z.boolean(),
  }),
});
export type ReportDetail = z.output<typeof reportDetailOutputSchema>;

export const releaseDeferralOutputSchema = z.object({
  attorneyId: z.string(),
  attorneyName: z.string(),
  firmName: nullableText,
  email: z.string(),
  /** Whether the attorney's account is active. */
  active: z.boolean(),
  agreed: z.boolean(),
  note: nullableText,
  recordedByName: nullableText,
  recordedAt: nullableText,
});
/** An attorney and their release-on-approval agreement (none: `agreed` false and the rest null). */
export type ReleaseDeferral = z.output<typeof releaseDeferralOutputSchema>;
export const createdReportOutputSchema = z.object({ id: z.string(), reference: z.string() });
export const linkedReportOutputSchema = createdReportOutputSchema.extend({ dueAt: z.string() });
