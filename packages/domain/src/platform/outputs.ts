import { z } from "zod";
import { ACCESS_ACTIONS, type AccessLogRow } from "../audit/access-log";
import type { NotificationPreference, SpecializationItem, UserDetail, UserSummary } from "../users/user-admin";
import { ACKNOWLEDGEMENT_CLOCKS } from "../users/user-admin";
import {
  ASSESSMENT_MODES,
  BOOKING_STATUSES,
  CANCELLATION_CLASSES,
  CLAIMANT_ANSWERS,
  REMINDER_STATES,
  type BookableExpert,
  type BookingItem,
  type Slot,
  type TimeRange,
} from "../scheduling/bookings";
import { CLAIMANT_GENDERS, type Patient } from "../claimants/claimants";
import { CLAIMANT_MESSAGE_CHANNELS, REMINDER_KINDS } from "../claimant-texts/claimant-texts";
import type { DashboardSummary, RecentQueryUpdate, UnassignedSpecialization } from "../dashboard/dashboard";
import { NOTIFICATION_TYPES, type NotificationDto } from "../notifications/notifications";
import { ASSIGNMENT_STATUSES, type AssignmentItem, type ConsultantCandidate } from "../queries/assignments";
import { CASE_STATUSES, CLAIM_TYPES, type CaseItem } from "../cases/cases";
import {
  PRIORITIES,
  QUERY_EVENT_KINDS,
  QUERY_STATUSES,
  type QueryDetail,
  type QueryDocument,
  type QueryEvent,
  type QueryListItem,
} from "../queries/queries";
import { ROLES } from "../users/roles";
import { GENDERS } from "./schemas";
import type { TwoFactorChallenge, TwoFactorEnrolment, TwoFactorStatus } from "../users/two-factor";
import type { CurrentUser } from "../users/current-user";
import { PHONE_TYPES } from "../users/passwords";

/*
 * What each procedure may answer (`.output(schema)` on the tRPC procedures). zod objects drop keys
 * they do not name, so a field a service picks up by accident (a password hash, a TOTP secret,
 * another user's data) never reaches a client. Each schema is checked at compile time against the
 * interface the web reads (bottom of this file): a field added to one and not the other fails
 * typecheck instead of vanishing from answers. See docs/architecture.md ("Outputs").
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
  twoFactorSetupRequired: z.literal(true).optional(),
  privacyOfficer: z.literal(true).optional(),
});

export const twoFactorChallengeOutputSchema = z.object({ twoFactorRequired: z.literal(true) });
export const loginOutputSchema = z.union([twoFactorChallengeOutputSchema, currentUserOutputSchema]);

export const userSummaryOutputSchema = accountOutputSchema.extend({
  isActive: z.boolean(),
  isPrivacyOfficer: z.boolean(),
  specializationId: id.nullable(),
  firmName: nullableText,
  lastLoginAt: nullableText,
  createdAt: text,
});

export const userDetailOutputSchema = userSummaryOutputSchema.extend({
  vatNumber: nullableText,
  gender: z.enum(GENDERS).nullable(),
  birthDate: nullableText,
  licenseNumber: nullableText,
  phone: nullableText,
  address: nullableText,
  addresses: z.array(text),
  emails: z.array(text),
  phones: z.array(z.object({ number: text, type: z.enum(PHONE_TYPES) })),
  interpreterLanguages: z.array(text),
  twoFactorEnabled: z.boolean(),
});

export const userPageOutputSchema = z.object({ items: z.array(userSummaryOutputSchema), nextCursor: nullableText });

export const notificationPreferenceOutputSchema = z.object({ type: z.enum(NOTIFICATION_TYPES), bell: z.boolean(), email: z.boolean() });

export const twoFactorStatusOutputSchema = z.object({
  enabled: z.boolean(),
  pending: z.boolean(),
  recoveryCodesLeft: count,
  required: z.boolean(),
});
/** The secret is the user's own, shown once so it can be typed into an authenticator by hand. */
export const twoFactorEnrolmentOutputSchema = z.object({ secret: text, otpauthUrl: text, qrCode: text });
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
  messageChannel: z.enum(CLAIMANT_MESSAGE_CHANNELS).nullable(),
  messageConsentAt: nullableText,
  messageStoppedAt: nullableText,
  casesCount: count,
  createdAt: text,
});

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

export const myAssignmentOutputSchema = assignmentOutputSchema.extend({ queryReference: text, querySubject: text });

export const consultantCandidateOutputSchema = z.object({
  id,
  name: text,
  specialization: text,
  licenseNumber: nullableText,
  load: count,
  noAgreement: nullableText,
});

export const queryEventOutputSchema = z.object({
  id,
  at: text,
  actorName: nullableText,
  kind: z.enum(QUERY_EVENT_KINDS),
  fromStatus: nullableText,
  toStatus: nullableText,
  body: nullableText,
});

export const queryDocumentOutputSchema = z.object({
  id,
  fileName: text,
  contentType: text,
  size: count,
  uploadedByName: text,
  createdAt: text,
});

export const queryDetailOutputSchema = queryListItemOutputSchema.extend({
  instructions: text,
  heldFrom: z.enum(QUERY_STATUSES).nullable(),
  cancelReason: nullableText,
  reportSharingConsentAt: nullableText,
  claimType: z.enum(CLAIM_TYPES),
  incidentDate: text,
  rafClaimNumber: nullableText,
  courtCaseNumber: nullableText,
  specializationIds: z.array(id),
  // The service decides which claimant fields a role sees; the optional ones are absent for a consultant.
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
  nextStatuses: z.array(z.enum(QUERY_STATUSES)),
  assignments: z.array(assignmentOutputSchema),
  documentsVisible: z.boolean(),
  documents: z.array(queryDocumentOutputSchema),
  events: z.array(queryEventOutputSchema),
});

// Bookings ---------------------------------------------------------------------------------------

export const timeRangeOutputSchema = z.object({ start: text, end: text, venue: nullableText, mode: z.enum(ASSESSMENT_MODES) });
export const slotOutputSchema = z.object({ startsAt: text, endsAt: text, venue: nullableText, mode: z.enum(ASSESSMENT_MODES) });

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
  claimantAnswer: z.enum(CLAIMANT_ANSWERS).nullable(),
  textsStoppedAt: nullableText,
  reminder: z.object({ kind: z.enum(REMINDER_KINDS), state: z.enum(REMINDER_STATES), at: text }).nullable(),
  createdAt: text,
});

/** An expert who accepted the query, whom a booking on it may name. */
export const bookableExpertOutputSchema = z.object({
  assignmentId: id,
  consultantId: id,
  name: text,
  specializationId: id,
  specialization: text,
});

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

export const unassignedSpecializationOutputSchema = z.object({ queryId: id, reference: text, specialization: text });

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

export const accessLogPageOutputSchema = z.object({ items: z.array(accessLogRowOutputSchema), nextCursor: nullableText });

// Compile-time: each schema answers exactly the interface the web and the services share. ---------

/** T with every object spelled out (intersections and interface names resolved), arrays kept. */
type Plain<T> = T extends object ? { [K in keyof T]: Plain<T[K]> } : T;
/** True when A and B are the same type, nested objects and optional keys included. */
export type SameShape<A, B> = (<T>() => T extends Plain<A> ? 1 : 2) extends <T>() => T extends Plain<B> ? 1 : 2 ? true : false;
/** Compile-time only: fails to typecheck unless given `true`. */
export const sameShape = <T extends true>(): T | undefined => undefined;

sameShape<SameShape<z.output<typeof currentUserOutputSchema>, CurrentUser>>();
sameShape<SameShape<z.output<typeof twoFactorChallengeOutputSchema>, TwoFactorChallenge>>();
sameShape<SameShape<z.output<typeof userSummaryOutputSchema>, UserSummary>>();
sameShape<SameShape<z.output<typeof userDetailOutputSchema>, UserDetail>>();
sameShape<SameShape<z.output<typeof notificationPreferenceOutputSchema>, NotificationPreference>>();
sameShape<SameShape<z.output<typeof twoFactorStatusOutputSchema>, TwoFactorStatus>>();
sameShape<SameShape<z.output<typeof twoFactorEnrolmentOutputSchema>, TwoFactorEnrolment>>();
sameShape<SameShape<z.output<typeof notificationOutputSchema>, NotificationDto>>();
sameShape<SameShape<z.output<typeof specializationOutputSchema>, SpecializationItem>>();
sameShape<SameShape<z.output<typeof patientOutputSchema>, Patient>>();
sameShape<SameShape<z.output<typeof caseOutputSchema>, CaseItem>>();
sameShape<SameShape<z.output<typeof queryListItemOutputSchema>, QueryListItem>>();
sameShape<SameShape<z.output<typeof assignmentOutputSchema>, AssignmentItem>>();
sameShape<SameShape<z.output<typeof consultantCandidateOutputSchema>, ConsultantCandidate>>();
sameShape<SameShape<z.output<typeof queryEventOutputSchema>, QueryEvent>>();
sameShape<SameShape<z.output<typeof queryDocumentOutputSchema>, QueryDocument>>();
sameShape<SameShape<z.output<typeof queryDetailOutputSchema>, QueryDetail>>();
sameShape<SameShape<z.output<typeof timeRangeOutputSchema>, TimeRange>>();
sameShape<SameShape<z.output<typeof slotOutputSchema>, Slot>>();
sameShape<SameShape<z.output<typeof bookingOutputSchema>, BookingItem>>();
sameShape<SameShape<z.output<typeof bookableExpertOutputSchema>, BookableExpert>>();
sameShape<SameShape<z.output<typeof recentQueryUpdateOutputSchema>, RecentQueryUpdate>>();
sameShape<SameShape<z.output<typeof unassignedSpecializationOutputSchema>, UnassignedSpecialization>>();
sameShape<SameShape<z.output<typeof dashboardSummaryOutputSchema>, DashboardSummary>>();
sameShape<SameShape<z.output<typeof accessLogRowOutputSchema>, AccessLogRow>>();
