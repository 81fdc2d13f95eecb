import { z } from "zod";
// The kinds live in ../constants (no validation library): /admin/privacy checks its search parameter with them in the first download.
import { SUBJECT_REQUEST_KINDS, type SubjectRequestKind } from "../constants";
import { calendarDate, id, optionalTextOrNull, pastCalendarDate, text } from "../platform/input-primitives";
import { can } from "../users/permissions";
import type { Role } from "../users/roles";

/**
 * Data subject requests under POPIA (docs/decisions.md "POPIA"): a claimant (or their attorney for
 * them) asks who has had their information (section 23), to correct it (section 24), to delete it,
 * or objects to its processing (section 11(3)). The agency records each one and answers by its due date.
 */
export const SUBJECT_REQUEST_KIND_LABELS: Record<SubjectRequestKind, string> = {
  access: "Access (who has had my information)",
  correction: "Correction",
  deletion: "Deletion",
  objection: "Objection to processing",
};

export const SUBJECT_REQUEST_STATUSES = ["received", "in_progress", "answered", "refused"] as const;
export type SubjectRequestStatus = (typeof SUBJECT_REQUEST_STATUSES)[number];
export const SUBJECT_REQUEST_STATUS_LABELS: Record<SubjectRequestStatus, string> = {
  received: "Received",
  in_progress: "In progress",
  answered: "Answered",
  refused: "Refused",
};
/** A request is open until it is answered or refused. */
export const OPEN_SUBJECT_REQUEST_STATUSES: readonly SubjectRequestStatus[] = ["received", "in_progress"];

export const SUBJECT_REQUESTERS = ["claimant", "attorney"] as const;
export type SubjectRequester = (typeof SUBJECT_REQUESTERS)[number];

/** POPIA gives no fixed period; 30 days is PAIA's and what the agency promises unless it sets another. */
export const DEFAULT_SUBJECT_REQUEST_DAYS = 30;
/** The dashboard shows open requests due within this many days (or overdue). */
export const SUBJECT_REQUEST_DUE_SOON_DAYS = 7;

/**
 * Who handles privacy requests: administrators, and the employees an administrator named privacy
 * officers. The permission map holds the roles; the flag narrows employees to the named ones.
 */
export function mayManagePrivacy(user: { role: Role; privacyOfficer?: true }): boolean {
  return can(user.role, "privacy.manage") && (user.role === "administrator" || user.privacyOfficer === true);
}

/** The roles an administrator can name privacy officers (employees: administrators are already). */
export function mayBePrivacyOfficer(role: Role): boolean {
  return can(role, "privacy.manage") && role !== "administrator";
}

export const PRIVACY_MESSAGES = {
  notFound: "That request does not exist.",
  refusalNeedsReason: "Say why the request is refused: the claimant is owed the legal reason.",
  closed: "This request is closed: it was answered or refused.",
  notPrivacyManager: "Only administrators and employees named privacy officers handle privacy requests.",
  patientNotFound: "That claimant does not exist.",
  onlyEmployeesAreOfficers: "Only employees can be named privacy officers: administrators handle privacy requests already.",
  correctionRequestNotFound: "That correction request does not exist or is not about this claimant.",
  correctionRequestClosed: "That correction request is closed: record a new request for further corrections.",
  notCorrection: "Only a correction request can be carried out by editing the claimant.",
  notErasure: "Only deletion and objection requests are carried out by anonymising the claimant.",
  erasureRefused: "This request cannot be carried out: the law requires the records to be kept.",
  erasureNeedsCarryingOut:
    "A deletion or objection request is answered by carrying it out (Carry out) or refused with the legal reason (Refuse): marking it answered would close it with the records still kept.",
} as const;

/** The kinds of request "Carry out" anonymises the claimant for (docs/decisions.md "Deletion and objection requests"). */
export const ERASURE_REQUEST_KINDS: readonly SubjectRequestKind[] = ["deletion", "objection"];

/** The request's answer once carried out; names the certificate, never the claimant. */
export const erasureOutcome = (certificate: string): string =>
  `Carried out: the claimant's records were anonymised and their files deleted (destruction certificate ${certificate}).`;

export const subjectRequestCarryOutSchema = z.object({ id: id("That request does not exist.") });

/** An administrator names an employee privacy officer, or takes the role back. */
export const privacyOfficerInputSchema = z.object({
  userId: id("That user does not exist."),
  privacyOfficer: z.boolean({ error: "Say whether the employee is a privacy officer" }),
});

export const subjectRequestCreateSchema = z.object({
  patientId: id("Choose the claimant"),
  kind: z.enum(SUBJECT_REQUEST_KINDS, { error: "Choose the kind of request" }),
  requestedBy: z.enum(SUBJECT_REQUESTERS, { error: "Say who asked: the claimant or their attorney" }),
  requesterName: text("Name the person who asked")
    .trim()
    .min(1, "Name the person who asked")
    .max(200, "The name must be at most 200 characters"),
  receivedOn: pastCalendarDate("Date received"),
  /** Empty: the received date plus the agency's period (30 days unless set otherwise). */
  dueOn: calendarDate("Due date").optional(),
  details: optionalTextOrNull(2000, "Details"),
});

export const subjectRequestUpdateSchema = z
  .object({
    id: id("That request does not exist."),
    status: z.enum(SUBJECT_REQUEST_STATUSES, { error: "Choose a status" }),
    outcome: optionalTextOrNull(2000, "Outcome"),
  })
  .refine((v) => v.status !== "refused" || !!v.outcome, { message: PRIVACY_MESSAGES.refusalNeedsReason, path: ["outcome"] });

/** The legal reason a request is refused with, as the refusal dialog checks it. */
export const subjectRequestRefusalSchema = text(PRIVACY_MESSAGES.refusalNeedsReason)
  .trim()
  .min(1, PRIVACY_MESSAGES.refusalNeedsReason)
  .max(2000, "The reason must be at most 2000 characters");

export const subjectRequestListSchema = z.object({
  status: z.enum(SUBJECT_REQUEST_STATUSES, { error: "Choose a status" }).optional(),
  patientId: id("Choose the claimant").optional(),
});

export const subjectRequestSchema = z.object({
  id: z.string(),
  reference: z.string(),
  patientId: z.string(),
  patientName: z.string(),
  kind: z.enum(SUBJECT_REQUEST_KINDS),
  requestedBy: z.enum(SUBJECT_REQUESTERS),
  requesterName: z.string(),
  receivedOn: z.string(),
  dueOn: z.string(),
  status: z.enum(SUBJECT_REQUEST_STATUSES),
  details: z.string().nullable(),
  outcome: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type SubjectRequest = z.infer<typeof subjectRequestSchema>;

/** The claimant an access report is about, by id (the REST download's path). */
export const accessReportInputSchema = z.object({ patientId: id("Choose the claimant") });

/** One read of the claimant's information, as the access report lists it. */
export interface AccessReportRead {
  at: string;
  who: string;
  role: string;
  action: string;
  what: string;
}

/** One text message to or from the claimant's phone (reminders sent, replies received), as the access report lists it. */
export interface AccessReportText {
  at: string;
  direction: "to the claimant" | "from the claimant";
  channel: string;
  text: string;
  /** Sent and delivered, not sent yet, failed; for a reply, what the app did with it. */
  state: string;
}

/** Everything the app holds about one claimant (POPIA section 23), as the JSON file and the PDF letter carry it. */
export interface AccessReport {
  generatedAt: string;
  /** The South African day the report was made (its letter's date and file name). */
  generatedOn: string;
  agency: {
    name: string;
    informationOfficer: string | null;
    informationOfficerContact: string | null;
    address: string | null;
    email: string | null;
    phone: string | null;
  };
  claimant: {
    name: string;
    idNumber: string | null;
    passportNumber: string | null;
    birthDate: string;
    gender: string;
    email: string | null;
    phone: string | null;
    address: string | null;
    homeLanguage: string;
    interpreterNeeded: boolean;
    consentReceivedOn: string | null;
    createdAt: string;
  };
  attorney: { name: string; firm: string | null };
  cases: { reference: string; claimType: string; incidentDate: string; status: string }[];
  queries: { reference: string; caseReference: string; status: string; createdAt: string }[];
  /** Each booking with its state today: its status, and the claimant's own answer while it is still ahead. */
  bookings: { reference: string; startsAt: string; expert: string; specialization: string; status: string }[];
  reports: { reference: string; expert: string; status: string; versions: { version: number; uploadedAt: string }[] }[];
  invoices: { number: string | null; issueDate: string | null; status: string; totalCents: number }[];
  messages: { threadSubject: string; count: number; lastAt: string }[];
  /** The text messages (SMS or WhatsApp) sent to the claimant's phone and their replies, oldest first. */
  texts: AccessReportText[];
  /** The day the claimant's number replied STOP, when it did. */
  textsStoppedOn: string | null;
  /** Who has had access: every read the access log holds for this claimant, oldest first. */
  reads: AccessReportRead[];
  /**
   * The recipients (POPIA section 23(1)(b)): the instructing attorney, every person outside the agency
   * the access log shows opening the claimant's information, by name and role (interpreters included),
   * the interpreters named for their assessments, and the agency's staff as a category.
   */
  recipients: string[];
}
