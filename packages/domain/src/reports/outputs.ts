import { z } from "zod";
import { INVOICE_STATUSES } from "../invoices/invoices";
import { sameShape, type SameShape } from "../platform/outputs";
import {
  CHECK_RESULTS,
  REPORT_KINDS,
  REPORT_STATUSES,
  type ChecklistItem,
  type ReleaseDeferral,
  type ReportDetail,
  type ReportListItem,
} from "./reports";

/** What the reports procedures answer (docs/architecture.md, "Outputs"); checked against the shared interfaces below. */
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

export const checklistItemOutputSchema = z.object({ id: z.string(), label: z.string(), mandatory: z.boolean() });

export const reportExaminationOutputSchema = z.object({
  examined: z.boolean(),
  on: nullableText,
  expertId: nullableText,
  byName: nullableText,
  bookingReference: nullableText,
  label: z.string(),
});

export const reportDetailOutputSchema = reportListItemOutputSchema.extend({
  bookingId: nullableText,
  bookingReference: nullableText,
  examination: reportExaminationOutputSchema,
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
      items: z.array(
        z.object({ itemId: z.string(), label: z.string(), mandatory: z.boolean(), result: z.enum(CHECK_RESULTS), comment: nullableText }),
      ),
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
  questionsUntil: nullableText,
  releaseOverrideReason: nullableText,
  withdrawnReason: nullableText,
  releasedOnApproval: z.boolean(),
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
  releaseBasis: z.enum(["paid", "deferral"]).nullable(),
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

export const releaseDeferralOutputSchema = z.object({
  attorneyId: z.string(),
  attorneyName: z.string(),
  firmName: nullableText,
  email: z.string(),
  active: z.boolean(),
  agreed: z.boolean(),
  note: nullableText,
  recordedByName: nullableText,
  recordedAt: nullableText,
});
export const createdReportOutputSchema = z.object({ id: z.string(), reference: z.string() });
export const linkedReportOutputSchema = createdReportOutputSchema.extend({ dueAt: z.string() });

sameShape<SameShape<z.output<typeof reportListItemOutputSchema>, ReportListItem>>();
sameShape<SameShape<z.output<typeof reportDetailOutputSchema>, ReportDetail>>();
sameShape<SameShape<z.output<typeof checklistItemOutputSchema>, ChecklistItem>>();
sameShape<SameShape<z.output<typeof releaseDeferralOutputSchema>, ReleaseDeferral>>();
