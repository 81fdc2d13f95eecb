import { z } from "zod";
import { PRIORITIES, QUERY_SORTS, QUERY_STATUSES, type Priority, type QueryStatus } from "./constants";
import { patientInputSchema } from "./claimants";
import { pastDateSchema, required } from "./schemas";
import { calendarDate, id, idInputSchema, listInput, optionalText, optionalTextOrNull, pageCursor, pageLimit, searchText, text } from "./input-primitives";

/* ---------- cases (matters) ---------- */

export const CLAIM_TYPES = ["raf", "medical_negligence", "personal_injury", "workers_compensation", "other"] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const CLAIM_TYPE_LABEL: Record<ClaimType, string> = {
  raf: "Road Accident Fund",
  medical_negligence: "Medical negligence",
  personal_injury: "Personal injury",
  workers_compensation: "Workers' compensation",
  other: "Other",
};

export const CASE_STATUSES = ["open", "on_hold", "settled", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABEL: Record<CaseStatus, string> = { open: "Open", on_hold: "On hold", settled: "Settled", closed: "Closed" };
/** A finished matter: only these run a retention period (docs/decisions.md "Retention and destruction"). */
export const FINISHED_CASE_STATUSES: readonly CaseStatus[] = ["settled", "closed"];

/** What a case says about the claim; the claimant is chosen (or added) apart, and fixed once the case is open. */
const caseFields = z.object({
  claimType: z.enum(CLAIM_TYPES, { error: "Choose a claim type" }),
  incidentDate: pastDateSchema("Incident date"),
  rafClaimNumber: optionalTextOrNull(50, "RAF claim number"),
  courtCaseNumber: optionalTextOrNull(50, "Court case number"),
  status: z.enum(CASE_STATUSES, { error: "Choose a case status" }).default("open"),
  notes: optionalTextOrNull(2000, "Notes"),
});

export const CASE_CLAIMANT_MESSAGE = "Choose a claimant or add a new one";

/**
 * A new case: for one of the attorney's claimants (`patientId`), or for a claimant added with it
 * (`newClaimant`, the claimants form's own schema), both in one transaction (docs/decisions.md,
 * "The main journey").
 */
export const caseInputSchema = caseFields
  .extend({
    patientId: id("Choose a claimant").optional(),
    newClaimant: patientInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.patientId === !value.newClaimant) ctx.addIssue({ code: "custom", path: ["patientId"], message: CASE_CLAIMANT_MESSAGE });
  });
export type CaseInput = z.input<typeof caseInputSchema>;
export const caseUpdateSchema = caseFields.extend({ patientId: id("Choose a claimant") }).extend(idInputSchema.shape);
export const caseListInputSchema = listInput({ search: searchText, patientId: id("Choose a claimant").optional() });

export interface CaseItem {
  id: string;
  reference: string;
  attorneyId: string;
  attorneyName: string;
  firmName: string | null;
  patientId: string;
  patientName: string;
  claimType: ClaimType;
  incidentDate: string;
  rafClaimNumber: string | null;
  courtCaseNumber: string | null;
  status: CaseStatus;
  notes: string | null;
  queriesCount: number;
  createdAt: string;
}

/* ---------- queries (instructions) ---------- */

// The value lists live in ./constants (no validation library), so the web's first download can check
// search parameters without it (docs/decisions.md, "Performance").
export { PRIORITIES, QUERY_SORTS, QUERY_STATUSES, type Priority, type QuerySort, type QueryStatus } from "./constants";

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


/**
 * A search term that is a whole query reference ("Q-2026-00042", any case): the list then finds it
 * by exact match on the unique reference index instead of scanning the search text.
 */
export const QUERY_REFERENCE_TERM = /^q-\d{4}-\d{5,}$/i;

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

/** A reason that must be given, trimmed and bounded; the reason dialogs check the same schema. */
const givenReason = (message: string) => text(message).trim().min(1, message).max(1000, "Reason must be at most 1000 characters");
export const cancelQueryReasonSchema = givenReason("Give a reason for cancelling");
export const declineAssignmentReasonSchema = givenReason("Give a reason for declining");

/** The reason's own sentence on `reason` when a move needs one (an optional field checked by the schema a dialog uses). */
function requireReason(schema: z.ZodType, reason: string | undefined, ctx: z.RefinementCtx) {
  const checked = schema.safeParse(reason ?? "");
  if (!checked.success) ctx.addIssue({ code: "custom", path: ["reason"], message: checked.error.issues[0]?.message ?? "Give a reason" });
}

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

export interface QueryListItem {
  id: string;
  reference: string;
  subject: string;
  status: QueryStatus;
  priority: Priority;
  caseId: string;
  caseReference: string;
  patientName: string;
  attorneyId: string;
  attorneyName: string;
  firmName: string | null;
  assignedEmployeeId: string | null;
  assignedEmployeeName: string | null;
  specializations: string[];
  createdAt: string;
  updatedAt: string;
}

/* ---------- consultant assignments ---------- */

export const ASSIGNMENT_STATUSES = ["proposed", "accepted", "declined", "withdrawn", "completed"] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_STATUS_LABEL: Record<AssignmentStatus, string> = {
  proposed: "Awaiting reply",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  completed: "Completed",
};
/** Assignments that still hold the consultant to the query (and count towards their load). */
export const LIVE_ASSIGNMENT_STATUSES: readonly AssignmentStatus[] = ["proposed", "accepted"];
/** The assignments that let an expert see a query: they were asked, or they took it on or did the work. */
export const EXPERT_SEES_QUERY = ["proposed", "accepted", "completed"] as const satisfies readonly AssignmentStatus[];

export const assignInputSchema = z.object({
  queryId: id(),
  consultantId: id("Choose a consultant"),
  specializationId: id("Choose a specialization"),
  feeAgreedCents: z
    .number({ error: "The agreed fee must be an amount" })
    .int("The agreed fee must be whole cents")
    .min(0, "The agreed fee cannot be negative")
    .max(100_000_000, "The agreed fee is too large")
    .nullish(),
});

export const assignmentCandidatesInputSchema = z.object({ queryId: id(), specializationId: id("Choose a specialization") });

export const respondAssignmentSchema = z
  .object({
    id: id(),
    accept: z.boolean({ error: "Say whether you accept" }),
    reason: optionalText(1000, "Reason"),
  })
  .superRefine((v, ctx) => {
    if (!v.accept) requireReason(declineAssignmentReasonSchema, v.reason, ctx);
  });

export interface AssignmentItem {
  id: string;
  queryId: string;
  consultantId: string;
  consultantName: string;
  specializationId: string;
  specialization: string;
  status: AssignmentStatus;
  feeAgreedCents: number | null;
  declineReason: string | null;
  createdAt: string;
  respondedAt: string | null;
}

export interface ConsultantCandidate {
  id: string;
  name: string;
  specialization: string;
  licenseNumber: string | null;
  /** Live assignments on open queries. */
  load: number;
  /** Why they cannot be proposed: no current agreement on record (POPIA; null when they have one). */
  noAgreement: string | null;
}

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

export interface QueryEvent {
  id: string;
  at: string;
  actorName: string | null;
  kind: QueryEventKind;
  fromStatus: string | null;
  toStatus: string | null;
  body: string | null;
}

export interface QueryDocument {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  uploadedByName: string;
  createdAt: string;
}

export interface QueryDetail extends QueryListItem {
  instructions: string;
  heldFrom: QueryStatus | null;
  cancelReason: string | null;
  claimType: ClaimType;
  incidentDate: string;
  rafClaimNumber: string | null;
  courtCaseNumber: string | null;
  specializationIds: string[];
  /** Full details for staff and the attorney; the assessment essentials for a consultant. */
  claimant: {
    id: string | null;
    firstName: string;
    lastName: string;
    birthDate: string;
    gender: string;
    homeLanguage: string;
    interpreterNeeded: boolean;
    idNumber?: string | null;
    passportNumber?: string | null;
    email?: string | null;
    phone?: string | null;
    consentReceivedAt?: string | null;
  };
  /** The moves the caller may make now (empty for attorneys and consultants). */
  nextStatuses: QueryStatus[];
  /** Staff and the attorney see every assignment; a consultant sees only their own. */
  assignments: AssignmentItem[];
  /** False for a consultant who has not yet accepted: the documents open only after acceptance. */
  documentsVisible: boolean;
  documents: QueryDocument[];
  events: QueryEvent[];
}

export const PRIORITY_RANK: Record<Priority, number> = { low: 0, normal: 1, high: 2, urgent: 3 };

/** "a Neurosurgeon", "an Occupational Therapist": for sentences that name a specialization. */
export function withArticle(name: string): string {
  return `${/^[aeiou]/i.test(name) ? "an" : "a"} ${name}`;
}
