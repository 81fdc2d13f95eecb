import { z } from "zod";
import { PRIORITIES, QUERY_SORTS, QUERY_STATUSES, type Priority, type QueryStatus } from "../constants";
import { required } from "../platform/schemas";
import {
  calendarDate,
  givenReason,
  id,
  idInputSchema,
  listInput,
  optionalText,
  pageCursor,
  pageLimit,
  requireReason,
  searchText,
} from "../platform/input-primitives";

// The value lists live in ../constants (no validation library), so the web's first download can check
// search parameters without it (docs/decisions.md, "Performance").
export { PRIORITIES, QUERY_SORTS, QUERY_STATUSES, type Priority, type QuerySort, type QueryStatus } from "../constants";

export const QUERY_STATUS_LABEL: Record<QueryStatus, string> = {
  submitted: "Submitted",
  in_review: "In review",
  assigning: "Assigning experts",
  scheduled: "Scheduled",
  assessed: "Assessed",
  reporting: "Reporting",
  completed: "Completed",
  on_hold: "On hold",
  cancelled: "Cancelled",
};

/** The forward path of a query (docs/product-rules.md#queries). */
export const QUERY_FLOW = ["submitted", "in_review", "assigning", "scheduled", "assessed", "reporting", "completed"] as const;
export const OPEN_QUERY_STATUSES: readonly QueryStatus[] = ["submitted", "in_review", "assigning", "scheduled", "assessed", "reporting"];

export const PRIORITY_LABEL: Record<Priority, string> = { low: "Low", normal: "Normal", high: "High", urgent: "Urgent" };

/**
 * Whether a query may move from one status to another: one step forward along the flow, any open
 * status to on hold or cancelled, and from on hold back to the status it was held in.
 */
export function canMoveQuery(from: QueryStatus, to: QueryStatus, heldFrom: QueryStatus | null = null): boolean {
  if (from === "on_hold") return to === heldFrom || to === "cancelled";
  if (!OPEN_QUERY_STATUSES.includes(from)) return false;
  if (to === "on_hold" || to === "cancelled") return true;
  const i = QUERY_FLOW.indexOf(from as (typeof QUERY_FLOW)[number]);
  return QUERY_FLOW[i + 1] === to;
}

/** The moves offered from a status, in the order a case manager reads them. */
export function nextQueryStatuses(from: QueryStatus, heldFrom: QueryStatus | null = null): QueryStatus[] {
  return QUERY_STATUSES.filter((to) => to !== from && canMoveQuery(from, to, heldFrom));
}

/** What a query's assessments say about where it can go (counted by the server from its bookings). */
export interface QueryMoveFacts {
  /** Bookings confirmed (still to happen). */
  confirmedBookings: number;
  /** Bookings requested or confirmed. */
  liveBookings: number;
  attendedBookings: number;
}

/**
 * The status moves worth offering a case manager now (docs/decisions.md, "Query moves"): the
 * legal ones, less those that happen by themselves (taking a submitted query puts it in review;
 * the first expert assigned starts assigning) or that the assessments do not support yet
 * (scheduled needs a confirmed booking; assessed needs an attended one and none still to come).
 */
export function offeredQueryMoves(from: QueryStatus, heldFrom: QueryStatus | null, facts: QueryMoveFacts): QueryStatus[] {
  return nextQueryStatuses(from, heldFrom).filter((to) => {
    if (from === "on_hold") return true;
    if (to === "in_review" || to === "assigning") return false;
    if (to === "scheduled") return facts.confirmedBookings > 0;
    if (to === "assessed") return facts.attendedBookings > 0 && facts.liveBookings === 0;
    return true;
  });
}

export function illegalMoveMessage(from: QueryStatus, to: QueryStatus): string {
  return `A query that is ${QUERY_STATUS_LABEL[from].toLowerCase()} cannot move to ${QUERY_STATUS_LABEL[to].toLowerCase()}.`;
}

export const queryInputSchema = z.object({
  caseId: id("Choose a case"),
  subject: required("Subject", 200),
  instructions: required("Instructions", 5000),
  specializationIds: z
    .array(id("Choose a specialization"), { error: "Choose at least one specialization" })
    .min(1, "Choose at least one specialization")
    .max(17, "Choose at most 17 specializations")
    .refine((ids) => new Set(ids).size === ids.length, "Each specialization once"),
  priority: z.enum(PRIORITIES, { error: "Choose a priority" }).default("normal"),
});
export type QueryInput = z.input<typeof queryInputSchema>;

export const queryListInputSchema = listInput({
  search: searchText,
  status: z.enum(QUERY_STATUSES, { error: "Choose a status" }).optional(),
  priority: z.enum(PRIORITIES, { error: "Choose a priority" }).optional(),
  specializationId: id("Choose a specialization").optional(),
  assignedEmployeeId: id("Choose an employee").optional(),
  /** "unassigned" lists queries no employee has taken yet. */
  unassigned: z.boolean().optional(),
  from: calendarDate("From date").optional(),
  to: calendarDate("To date").optional(),
  sort: z.enum(QUERY_SORTS, { error: "Choose a sort order" }).default("newest"),
  cursor: pageCursor,
  limit: pageLimit().default(25),
});
export type QueryListInput = z.input<typeof queryListInputSchema>;

export const cancelQueryReasonSchema = givenReason("Give a reason for cancelling");

export const moveQuerySchema = z
  .object({
    id: id(),
    to: z.enum(QUERY_STATUSES, { error: "Choose a status" }),
    reason: optionalText(1000, "Reason"),
  })
  .superRefine((v, ctx) => {
    if (v.to === "cancelled") requireReason(cancelQueryReasonSchema, v.reason, ctx);
  });

export const commentInputSchema = z.object({
  queryId: id(),
  body: required("Comment", 5000),
});

export const assignEmployeeSchema = idInputSchema.extend({ employeeId: id("Choose an employee").nullable() });

export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What one user may upload in 24 hours, so one account cannot fill the database. */
export const UPLOAD_QUOTA_BYTES_PER_DAY = 200 * 1024 * 1024;
export const DOCUMENT_TYPES = ["application/pdf", "image/png", "image/jpeg"] as const;

/** What a file's first bytes say it is; the name and the browser's claim are not trusted. */
export function sniffDocumentType(bytes: Uint8Array): (typeof DOCUMENT_TYPES)[number] | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  return null;
}

/**
 * What a timeline entry records. `assignment` is the old catch-all for expert changes (its body a
 * whole sentence, kept for old entries); newer entries name the act, and their body holds what the
 * sentence needs: "Dr Pillay (Clinical Psychologist)" for a proposal or withdrawal, the
 * specialization for an answer, "Dr Naidoo for 2 Dec 09:00 (BK-2026-00012)" for a booking, the file
 * name for a document.
 */
export const QUERY_EVENT_KINDS = [
  "status",
  "comment",
  "document",
  "assignment",
  "expert_proposed",
  "expert_accepted",
  "expert_declined",
  "expert_withdrawn",
  "booking_requested",
] as const;
export type QueryEventKind = (typeof QUERY_EVENT_KINDS)[number];

export const PRIORITY_RANK: Record<Priority, number> = { low: 0, normal: 1, high: 2, urgent: 3 };

/** "a Neurosurgeon", "an Occupational Therapist": for sentences that name a specialization. */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
}
