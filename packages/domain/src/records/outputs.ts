import { z } from "zod";
import { HOLDER_KINDS, LEGAL_BASES, RECORD_REQUEST_STATUSES } from "./paia";
import { HOLDER_CATEGORIES, RECORD_KINDS, RECORD_REQUEST_FILE_PURPOSES, REQUEST_AUTHORITIES } from "./records";

/** Answers of the records procedures (issue 40). */

export const recordHolderOutputSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(HOLDER_KINDS),
  category: z.enum(HOLDER_CATEGORIES),
  informationOfficer: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  postalAddress: z.string().nullable(),
  physicalAddress: z.string().nullable(),
  requestFeeCents: z.number(),
  feeNotes: z.string().nullable(),
  active: z.boolean(),
});
export type RecordHolder = z.output<typeof recordHolderOutputSchema>;
export const recordHolderListOutputSchema = z.array(recordHolderOutputSchema);

export const paiaClockOutputSchema = z.object({
  counts: z.literal("calendar days"),
  statutory: z.boolean(),
  decisionDue: z.string().nullable(),
  daysLeft: z.number().nullable(),
  deemedRefusedOn: z.string().nullable(),
  appealBy: z.string().nullable(),
  regulatorBy: z.string().nullable(),
  status: z.enum(RECORD_REQUEST_STATUSES),
  summary: z.string(),
});

export const recordRequestItemOutputSchema = z.object({
  id: z.string(),
  caseId: z.string(),
  caseReference: z.string(),
  claimantName: z.string(),
  holder: z.object({ id: z.string(), name: z.string(), kind: z.enum(HOLDER_KINDS), category: z.enum(HOLDER_CATEGORIES) }),
  recordKinds: z.array(z.enum(RECORD_KINDS)),
  disciplines: z.array(z.object({ id: z.string(), name: z.string() })),
  legalBasis: z.enum(LEGAL_BASES),
  /** The status as the clock sees it today (a statutory request past its day reads deemed_refused). */
  status: z.enum(RECORD_REQUEST_STATUSES),
  statusLabel: z.string(),
  clock: paiaClockOutputSchema,
  createdAt: z.string(),
});
export type RecordRequestItem = z.output<typeof recordRequestItemOutputSchema>;
export const recordRequestListOutputSchema = z.array(recordRequestItemOutputSchema);

export const recordRequestDetailOutputSchema = recordRequestItemOutputSchema.extend({
  description: z.string().nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  authority: z.enum(REQUEST_AUTHORITIES),
  holderEmail: z.string(),
  informationOfficer: z.string(),
  receivedOn: z.string().nullable(),
  extensionDays: z.number().nullable(),
  refusalSection: z.string().nullable(),
  events: z.array(
    z.object({
      status: z.enum(RECORD_REQUEST_STATUSES),
      statusLabel: z.string(),
      onDate: z.string(),
      note: z.string().nullable(),
      actorName: z.string().nullable(),
    }),
  ),
  fees: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["request", "access"]),
      amountCents: z.number(),
      requestedOn: z.string(),
      paidOn: z.string().nullable(),
    }),
  ),
  /** Records received for the request, newest first, with what processing found (issue 40 item 5). */
  records: z.array(
    z.object({
      fileId: z.string(),
      fileName: z.string(),
      size: z.number(),
      sha256: z.string(),
      receivedAt: z.string(),
      state: z.enum(["processing", "ready", "failed"]),
      pages: z.number().nullable(),
      /** Pages carrying text; fewer than pages means scanned pages without a text layer. */
      textPages: z.number().nullable(),
      error: z.string().nullable(),
      /**
       * The text layer added by OCR to the pages without one (null when every page has text, or before
       * the pages are counted): waiting or under way, done (the download is the searchable copy),
       * unavailable on this server, or failed (the original still serves).
       */
      ocr: z
        .object({
          state: z.enum(["pending", "running", "done", "unavailable", "failed"]),
          pages: z.number(),
          pagesDone: z.number(),
        })
        .nullable(),
    }),
  ),
  /** The letters sent (the request, the clock's follow-ups), newest first; each downloads at /api/files/{fileId}, as the records do. */
  files: z.array(
    z.object({
      fileId: z.string(),
      purpose: z.enum(RECORD_REQUEST_FILE_PURPOSES),
      fileName: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** The moves the caller may make now (none for a reader). */
  moves: z.array(z.enum(RECORD_REQUEST_STATUSES)),
});
export type RecordRequestDetail = z.output<typeof recordRequestDetailOutputSchema>;

export const recordHolderPaceOutputSchema = z.object({
  holderId: z.string(),
  name: z.string(),
  /** Requests it answered (records or a refusal) in the last 12 months. */
  answered: z.number(),
  /** Median calendar days from receiving a request to answering it; null without answers. */
  medianDays: z.number().nullable(),
});
export type RecordHolderPace = z.output<typeof recordHolderPaceOutputSchema>;

export const recordDeskOutputSchema = z.object({
  items: z.array(recordRequestItemOutputSchema),
  /** Open requests in all, of which the desk shows the first RECORD_DESK_LIMIT. */
  total: z.number(),
  holders: z.array(recordHolderPaceOutputSchema),
});
export type RecordDesk = z.output<typeof recordDeskOutputSchema>;
