import { z } from "zod";
import { ACCESS_ACTIONS } from "../audit/access-log";
import { ACKNOWLEDGEMENT_CLOCKS } from "../users/user-admin";
import { ASSESSMENT_MODES, BOOKING_STATUSES, CANCELLATION_CLASSES, CLAIMANT_ANSWERS, REMINDER_STATES } from "../scheduling/bookings";
import { CLAIMANT_GENDERS } from "../claimants/claimants";
import { CLAIMANT_MESSAGE_CHANNELS, REMINDER_KINDS } from "../claimant-texts/claimant-texts";
import { NOTIFICATION_TYPES } from "../notifications/notifications";
import { ASSIGNMENT_STATUSES } from "../queries/assignments";
import { CASE_STATUSES, CLAIM_TYPES } from "../cases/cases";
import { PRIORITIES, QUERY_EVENT_KINDS, QUERY_STATUSES } from "../queries/queries";
import { ROLES } from "../users/roles";
import { GENDERS } from "./schemas";
import type { TwoFactorChallenge } from "../constants";
import { PHONE_TYPES } from "../users/passwords";

/*
 * What each procedure may answer (`.output(schema)` on the tRPC procedures). zod objects drop keys
 * they do not name, so a field a service picks up by accident (a password hash, a TOTP secret,
 * another user's data) never reaches a client. Each schema is the one declaration of its answer: the
 * type the services return and the web reads is inferred from it (`z.output`), so the two cannot
 * drift apart. See docs/architecture.md ("Outputs").
 */

const text = z.string();
const nullableText = z.string().nullable();
const id = z.string();
const count = z.number();

export const messageOutputSchema = z.object({ message: text });

// Users and accounts ------------------------------------------------------------------------------

/** What every answer about a person's account starts from. */
const accountOutputSchema = z.object({
  id,
  username: text,
  firstName: text,
  lastName: text,
  email: text,
  role: z.enum(ROLES),
  specialization: nullableText,
});

export const currentUserOutputSchema = accountOutputSchema.extend({
  /** Present (true) only while a compulsory two-factor set-up holds the user (docs/decisions.md). */
  twoFactorSetupRequired: z.literal(true).optional(),
  /** Present (true) only for an employee an administrator named privacy officer (docs/decisions.md "POPIA"). */
  privacyOfficer: z.literal(true).optional(),
});
/** The current user as GET /api/user answers it (docs/product-rules.md#passwords-and-sessions); never holds a password hash. */
export type CurrentUser = z.output<typeof currentUserOutputSchema>;

export const twoFactorChallengeOutputSchema = z.object({ twoFactorRequired: z.literal(true) });
export type LoginAnswer = CurrentUser | TwoFactorChallenge;
export const loginOutputSchema = z.union([twoFactorChallengeOutputSchema, currentUserOutputSchema]);

export const userSummaryOutputSchema = accountOutputSchema.extend({
  isActive: z.boolean(),
  /** An employee named to handle privacy requests (docs/decisions.md "POPIA"). */
  isPrivacyOfficer: z.boolean(),
  specializationId: id.nullable(),
  firmName: nullableText,
  lastLoginAt: nullableText,
  createdAt: text,
});
export type UserSummary = z.output<typeof userSummaryOutputSchema>;

export const userDetailOutputSchema = userSummaryOutputSchema.extend({
  /** The firm's (or an expert's) VAT number, printed on invoices; null when not a VAT vendor. */
  vatNumber: nullableText,
  gender: z.enum(GENDERS).nullable(),
  birthDate: nullableText,
  licenseNumber: nullableText,
  phone: nullableText,
  address: nullableText,
  addresses: z.array(text),
  emails: z.array(text),
  phones: z.array(z.object({ number: text, type: z.enum(PHONE_TYPES) })),
  /** The languages an interpreter interprets (issue 37); empty for every other role. */
  interpreterLanguages: z.array(text),
  twoFactorEnabled: z.boolean(),
});
export type UserDetail = z.output<typeof userDetailOutputSchema>;

export const userPageOutputSchema = z.object({ items: z.array(userSummaryOutputSchema), nextCursor: nullableText });

export const twoFactorStatusOutputSchema = z.object({
  enabled: z.boolean(),
  /** An authenticator was started but not yet confirmed with a code. */
  pending: z.boolean(),
  recoveryCodesLeft: count,
  /** Compulsory for this user (a staff member while the agency requires it). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.output<typeof twoFactorStatusOutputSchema>;
/** The secret is the user's own, shown once so it can be typed into an authenticator by hand. */
/** An SVG image as a data: URL. */
export const twoFactorEnrolmentOutputSchema = z.object({ secret: text, otpauthUrl: text, qrCode: text });
/** Everything an authenticator app needs: the QR code and, for typing in by hand, the secret. */
export type TwoFactorEnrolment = z.output<typeof twoFactorEnrolmentOutputSchema>;
export const recoveryCodesOutputSchema = z.object({ recoveryCodes: z.array(text) });

export const notificationOutputSchema = z.object({
  id,
  userId: id,
  type: z.enum(NOTIFICATION_TYPES),
  title: text,
  message: text,
  read: z.boolean(),
  link: nullableText,
  createdAt: text,
});
/** A notification as the API answers it (docs/product-rules.md#notifications; with userId and link). */
export type NotificationDto = z.output<typeof notificationOutputSchema>;

// Catalogue and settings -------------------------------------------------------------------------

export const namedOutputSchema = z.object({ id, name: text });

export const specializationOutputSchema = z.object({
  id,
  name: text,
  description: nullableText,
  active: z.boolean(),
  defaultReportFeeCents: count.nullable(),
  usersCount: count,
});
export type SpecializationItem = z.output<typeof specializationOutputSchema>;

export const agencySettingsOutputSchema = z.object({
  name: text,
  address: text,
  vatNumber: text,
  email: text,
  phone: text,
  bankName: text,
  accountName: text,
  accountNumber: text,
  branchCode: text,
  informationOfficer: text,
  informationOfficerContact: text,
  deputyInformationOfficer: text,
  regulatorRegistration: text,
});

export const expertBillingDetailsOutputSchema = z.object({
  vatNumber: text,
  bankName: text,
  accountName: text,
  accountNumber: text,
  branchCode: text,
});

export const slaDefaultsOutputSchema = z.object({
  queryAcknowledgementHours: count,
  acknowledgementClock: z.enum(ACKNOWLEDGEMENT_CLOCKS),
  bookingOfferedDays: count,
  reportDeliveryDays: count,
  reportReleaseDays: count,
  atRiskPercent: count,
});

export const securitySettingsOutputSchema = z.object({ requireTwoFactorForStaff: z.boolean() });

// Claimants, cases, queries ----------------------------------------------------------------------

export const patientOutputSchema = z.object({
  id,
  attorneyId: id,
  attorneyName: text,
  firstName: text,
  lastName: text,
  idNumber: nullableText,
  passportNumber: nullableText,
  birthDate: text,
  gender: z.enum(CLAIMANT_GENDERS),
  email: nullableText,
  phone: nullableText,
  address: nullableText,
  homeLanguage: text,
  interpreterNeeded: z.boolean(),
  consentReceivedAt: nullableText,
  needsCurator: z.boolean(),
  competentPerson: z
    .object({ name: text, relationship: text, identityNumber: text, phone: text, email: nullableText, consentOn: nullableText })
    .nullable(),
  /** The channel the claimant agreed to receive reminders on, and when; null: no messages. */
  messageChannel: z.enum(CLAIMANT_MESSAGE_CHANNELS).nullable(),
  messageConsentAt: nullableText,
  /** When the claimant's phone replied STOP (consent withdrawn then); null when it never did or they asked again. */
  messageStoppedAt: nullableText,
  casesCount: count,
  createdAt: text,
});
export type Patient = z.output<typeof patientOutputSchema>;

export const caseOutputSchema = z.object({
  id,
  reference: text,
  attorneyId: id,
  attorneyName: text,
  firmName: nullableText,
  patientId: id,
  patientName: text,
  claimType: z.enum(CLAIM_TYPES),
  incidentDate: text,
  rafClaimNumber: nullableText,
  courtCaseNumber: nullableText,
  attorneyReference: nullableText,
  status: z.enum(CASE_STATUSES),
  notes: nullableText,
  queriesCount: count,
  createdAt: text,
});
export type CaseItem = z.output<typeof caseOutputSchema>;

export const queryListItemOutputSchema = z.object({
  id,
  reference: text,
  subject: text,
  status: z.enum(QUERY_STATUSES),
  priority: z.enum(PRIORITIES),
  caseId: id,
  caseReference: text,
  patientName: text,
  attorneyId: id,
  attorneyName: text,
  firmName: nullableText,
  assignedEmployeeId: id.nullable(),
  assignedEmployeeName: nullableText,
  specializations: z.array(text),
  createdAt: text,
  updatedAt: text,
});
export type QueryListItem = z.output<typeof queryListItemOutputSchema>;

export const queryPageOutputSchema = z.object({ items: z.array(queryListItemOutputSchema), nextCursor: nullableText });

export const assignmentOutputSchema = z.object({
  id,
  queryId: id,
  consultantId: id,
  consultantName: text,
  specializationId: id,
  specialization: text,
  status: z.enum(ASSIGNMENT_STATUSES),
  feeAgreedCents: count.nullable(),
  declineReason: nullableText,
  createdAt: text,
  respondedAt: nullableText,
});
export type AssignmentItem = z.output<typeof assignmentOutputSchema>;

export const myAssignmentOutputSchema = assignmentOutputSchema.extend({ queryReference: text, querySubject: text });

export const consultantCandidateOutputSchema = z.object({
  id,
  name: text,
  specialization: text,
  licenseNumber: nullableText,
  /** Live assignments on open queries. */
  load: count,
  /** Why they cannot be proposed: no current agreement on record (POPIA; null when they have one). */
  noAgreement: nullableText,
});
export type ConsultantCandidate = z.output<typeof consultantCandidateOutputSchema>;

export const queryEventOutputSchema = z.object({
  id,
  at: text,
  actorName: nullableText,
  kind: z.enum(QUERY_EVENT_KINDS),
  fromStatus: nullableText,
  toStatus: nullableText,
  body: nullableText,
});
export type QueryEvent = z.output<typeof queryEventOutputSchema>;

export const queryDocumentOutputSchema = z.object({
  id,
  fileName: text,
  contentType: text,
  size: count,
  uploadedByName: text,
  createdAt: text,
});
export type QueryDocument = z.output<typeof queryDocumentOutputSchema>;

export const queryDetailOutputSchema = queryListItemOutputSchema.extend({
  instructions: text,
  heldFrom: z.enum(QUERY_STATUSES).nullable(),
  cancelReason: nullableText,
  /** When the attorney consented to share the query's released reports with the experts who need them (issue 27). */
  reportSharingConsentAt: nullableText,
  claimType: z.enum(CLAIM_TYPES),
  incidentDate: text,
  rafClaimNumber: nullableText,
  courtCaseNumber: nullableText,
  specializationIds: z.array(id),
  // The service decides which claimant fields a role sees; the optional ones are absent for a consultant.
  /** Full details for staff and the attorney; the assessment essentials for a consultant. */
  claimant: z.object({
    id: id.nullable(),
    firstName: text,
    lastName: text,
    birthDate: text,
    gender: text,
    homeLanguage: text,
    interpreterNeeded: z.boolean(),
    idNumber: nullableText.optional(),
    passportNumber: nullableText.optional(),
    email: nullableText.optional(),
    phone: nullableText.optional(),
    consentReceivedAt: nullableText.optional(),
  }),
  /** The moves the caller may make now (empty for attorneys and consultants). */
  nextStatuses: z.array(z.enum(QUERY_STATUSES)),
  /** Staff and the attorney see every assignment; a consultant sees only their own. */
  assignments: z.array(assignmentOutputSchema),
  /** False for a consultant who has not yet accepted: the documents open only after acceptance. */
  documentsVisible: z.boolean(),
  documents: z.array(queryDocumentOutputSchema),
  events: z.array(queryEventOutputSchema),
});
export type QueryDetail = z.output<typeof queryDetailOutputSchema>;

// Bookings ---------------------------------------------------------------------------------------

export const bookingOutputSchema = z.object({
  id,
  reference: text,
  status: z.enum(BOOKING_STATUSES),
  startsAt: text,
  endsAt: text,
  venue: nullableText,
  mode: z.enum(ASSESSMENT_MODES),
  consultantId: id,
  consultantName: text,
  specializationId: id,
  specialization: text,
  attorneyId: id,
  attorneyName: text,
  caseId: id,
  caseReference: text,
  patientName: text,
  queryId: id.nullable(),
  queryReference: nullableText,
  note: nullableText,
  cancellationClass: z.enum(CANCELLATION_CLASSES).nullable(),
  cancelReason: nullableText,
  rescheduledFromId: id.nullable(),
  rescheduledToId: id.nullable(),
  /** The claimant's own answer to a reminder by text (docs/decisions.md "Messages to claimants"). */
  claimantAnswer: z.enum(CLAIMANT_ANSWERS).nullable(),
  /** When the claimant's phone replied STOP: no text reaches them about this booking (issue 37). */
  textsStoppedAt: nullableText,
  /** The latest reminder by text to the claimant and where it got to; null when none was sent. */
  reminder: z.object({ kind: z.enum(REMINDER_KINDS), state: z.enum(REMINDER_STATES), at: text }).nullable(),
  createdAt: text,
});
export type BookingItem = z.output<typeof bookingOutputSchema>;

/** An expert who accepted the query, whom a booking on it may name. */
export const bookableExpertOutputSchema = z.object({
  assignmentId: id,
  consultantId: id,
  name: text,
  specializationId: id,
  specialization: text,
});
export type BookableExpert = z.output<typeof bookableExpertOutputSchema>;

export const bookingPageOutputSchema = z.object({ items: z.array(bookingOutputSchema), nextCursor: nullableText });

// Dashboard and the access log -------------------------------------------------------------------

const byStatus = z.partialRecord(z.enum(QUERY_STATUSES), count);

export const recentQueryUpdateOutputSchema = z.object({
  queryId: id,
  reference: text,
  at: text,
  kind: z.enum(QUERY_EVENT_KINDS),
  toStatus: nullableText,
  body: nullableText,
  actorName: nullableText,
});
export type RecentQueryUpdate = z.output<typeof recentQueryUpdateOutputSchema>;

export const unassignedSpecializationOutputSchema = z.object({ queryId: id, reference: text, specialization: text });
export type UnassignedSpecialization = z.output<typeof unassignedSpecializationOutputSchema>;

export const dashboardSummaryOutputSchema = z.discriminatedUnion("role", [
  z.object({ role: z.literal("attorney"), byStatus, openQueries: count, recentUpdates: z.array(recentQueryUpdateOutputSchema) }),
  z.object({ role: z.literal("consultant"), pending: z.array(myAssignmentOutputSchema), acceptedCount: count }),
  z.object({
    role: z.enum(["administrator", "employee"]),
    byStatus,
    waitingForReview: z.array(queryListItemOutputSchema),
    waitingCount: count,
    unassigned: z.array(unassignedSpecializationOutputSchema),
    unassignedCount: count,
    overdue: z.array(queryListItemOutputSchema),
    overdueCount: count,
    myOpenCount: count,
  }),
]);
/** What `/` shows, per role (issue 3): live figures, no placeholders. */
export type DashboardSummary = z.output<typeof dashboardSummaryOutputSchema>;

export const accessLogRowOutputSchema = z.object({
  id,
  at: text,
  userId: id.nullable(),
  userName: nullableText,
  userRole: nullableText,
  action: z.enum(ACCESS_ACTIONS),
  entityType: text,
  entityId: nullableText,
  patientId: id.nullable(),
  patientName: nullableText,
  ip: nullableText,
  userAgent: nullableText,
});
export type AccessLogRow = z.output<typeof accessLogRowOutputSchema>;

export const accessLogPageOutputSchema = z.object({ items: z.array(accessLogRowOutputSchema), nextCursor: nullableText });

// Compile-time: a schema answers exactly a type written out elsewhere (the few types that cannot be inferred). ---

/** T with every object spelled out (intersections and interface names resolved), arrays kept. */
type Plain<T> = T extends object ? { [K in keyof T]: Plain<T[K]> } : T;
/** True when A and B are the same type, nested objects and optional keys included. */
export type SameShape<A, B> = (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;
/** Compile-time only: fails to typecheck unless given `true`. */
export const sameShape = <T extends true>(): T | undefined => undefined;

// The constants entry loads without zod (docs/decisions.md, "Performance"), so the challenge is written out there.
sameShape<SameShape<z.output<typeof twoFactorChallengeOutputSchema>, TwoFactorChallenge>>();
