import type { Migration } from "kysely/migration";
import * as foundation from "./2026-11-21-01-foundation";
import * as settings from "./2026-11-21-02-settings";
import * as queries from "./2026-11-21-03-queries";
import * as eventClock from "./2026-11-21-04-event-clock";
import * as emailOutbox from "./2026-11-21-05-email-outbox";
import * as bookings from "./2026-11-21-06-bookings";
import * as security from "./2026-11-23-01-security";
import * as twoFactor from "./2026-11-23-02-two-factor";
import * as queryEventKinds from "./2026-11-23-03-query-event-kinds";
import * as filesAndReports from "./2026-11-24-31-files-and-reports";
import * as slaTimers from "./2026-11-24-41-sla-timers";
import * as invoices from "./2026-11-24-51-invoices";
import * as payments from "./2026-11-25-61-payments";
import * as invoiceReminders from "./2026-11-25-62-invoice-reminders";
import * as notificationVersions from "./2026-11-25-81-notification-versions";
import * as sessionRevocation from "./2026-11-25-82-session-revocation";
import * as notificationVersionAnnounce from "./2026-11-25-83-notification-version-announce";
import * as meetings from "./2026-11-25-91-meetings";
import * as messages from "./2026-11-27-71-messages";
import * as reportCopies from "./2026-11-28-19-report-copies";
import * as invoiceLineReports from "./2026-11-28-21-invoice-line-reports";
import * as slaWorkingHours from "./2026-11-28-23-sla-working-hours";
import * as expertBankAccount from "./2026-11-28-31-expert-bank-account";
import * as pendingRegistrations from "./2026-11-28-41-pending-registrations";
import * as calendarFeeds from "./2026-11-28-51-calendar-feeds";
import * as subjectRequests from "./2026-11-28-61-subject-requests";
import * as competentPersons from "./2026-11-28-62-competent-persons";
import * as retention from "./2026-11-28-63-retention";
import * as securityBreaches from "./2026-11-28-65-security-breaches";
import * as privacyAgreements from "./2026-11-28-66-privacy-agreements";
import * as anonymisedDetails from "./2026-11-28-67-anonymised-details";
import * as courtClock from "./2026-11-28-81-court-clock";
import * as raf4Assessments from "./2026-11-28-91-raf4-assessments";
import * as raf5Clock from "./2026-11-28-92-raf5-clock";
import * as claimantMessages from "./2026-11-29-11-claimant-messages";
import * as bankStatements from "./2026-11-29-21-bank-statements";
import * as deferredBilling from "./2026-11-29-31-deferred-billing";
import * as globalSearch from "./2026-11-29-41-global-search";
import * as courtReminders from "./2026-11-29-51-court-reminders";
import * as courtStepTimers from "./2026-11-29-52-court-step-timers";
import * as jointMinutes from "./2026-11-30-11-joint-minutes";
import * as bookingLogistics from "./2026-11-30-21-booking-logistics";
import * as savedViews from "./2026-11-30-31-saved-views";
import * as disciplineDependencies from "./2026-11-30-41-discipline-dependencies";
import * as reportSharing from "./2026-11-30-42-report-sharing";
import * as claimantTexts from "./2026-12-01-11-claimant-texts";
import * as interpreterRole from "./2026-12-01-21-interpreter-role";
import * as bookingTasks from "./2026-12-07-10-booking-tasks";
import * as claimantMessageBookings from "./2026-12-07-11-claimant-message-bookings";
import * as interpreterLanguages from "./2026-12-07-12-interpreter-languages";
import * as minuteReleaseTerms from "./2026-12-07-20-minute-release-terms";
import * as minuteExpertChanges from "./2026-12-07-31-minute-expert-changes";
import * as courtStepBeforeInstruction from "./2026-12-07-41-court-step-before-instruction";
import * as addendumScope from "./2026-12-07-42-addendum-scope";
import * as statementLineProofs from "./2026-12-07-50-statement-line-proofs";
import * as meetingReferences from "./2026-12-07-70-meeting-references";
import * as claimantTextConsent from "./2026-12-07-91-claimant-text-consent";
import * as fileStorage from "./2026-12-08-20-file-storage";
import * as backupRuns from "./2026-12-09-10-backup-runs";
import * as recordRequests from "./2026-12-10-10-record-requests";
import * as recordRequestLetters from "./2026-12-10-20-record-request-letters";
import * as recordChecklists from "./2026-12-10-30-record-checklists";
import * as receivedRecords from "./2026-12-10-40-received-records";
import * as receivedRecordsOcr from "./2026-12-10-50-received-records-ocr";
import * as evidenceDocuments from "./2026-12-11-10-evidence-documents";
import * as bundles from "./2026-12-11-20-bundles";
import * as expertNoticeDelivery from "./2026-12-11-50-expert-notice-delivery";
import * as bundleShares from "./2026-12-11-60-bundle-shares";
import * as oneSearch from "./2026-12-08-10-one-search";

/** Every migration, by name; names sort by date so Kysely runs them in order. */
export const migrations: Record<string, Migration> = {
  "2026-11-21-01-foundation": foundation,
  "2026-11-21-02-settings": settings,
  "2026-11-21-03-queries": queries,
  "2026-11-21-04-event-clock": eventClock,
  "2026-11-21-05-email-outbox": emailOutbox,
  "2026-11-21-06-bookings": bookings,
  "2026-11-23-01-security": security,
  "2026-11-23-02-two-factor": twoFactor,
  "2026-11-23-03-query-event-kinds": queryEventKinds,
  "2026-11-24-31-files-and-reports": filesAndReports,
  "2026-11-24-41-sla-timers": slaTimers,
  "2026-11-24-51-invoices": invoices,
  "2026-11-25-61-payments": payments,
  "2026-11-25-62-invoice-reminders": invoiceReminders,
  "2026-11-25-81-notification-versions": notificationVersions,
  "2026-11-25-82-session-revocation": sessionRevocation,
  "2026-11-25-83-notification-version-announce": notificationVersionAnnounce,
  "2026-11-25-91-meetings": meetings,
  "2026-11-27-71-messages": messages,
  "2026-11-28-19-report-copies": reportCopies,
  "2026-11-28-21-invoice-line-reports": invoiceLineReports,
  "2026-11-28-23-sla-working-hours": slaWorkingHours,
  "2026-11-28-31-expert-bank-account": expertBankAccount,
  "2026-11-28-41-pending-registrations": pendingRegistrations,
  "2026-11-28-51-calendar-feeds": calendarFeeds,
  "2026-11-28-61-subject-requests": subjectRequests,
  "2026-11-28-62-competent-persons": competentPersons,
  "2026-11-28-63-retention": retention,
  "2026-11-28-65-security-breaches": securityBreaches,
  "2026-11-28-66-privacy-agreements": privacyAgreements,
  "2026-11-28-67-anonymised-details": anonymisedDetails,
  "2026-11-28-81-court-clock": courtClock,
  "2026-11-28-91-raf4-assessments": raf4Assessments,
  "2026-11-28-92-raf5-clock": raf5Clock,
  "2026-11-29-11-claimant-messages": claimantMessages,
  "2026-11-29-21-bank-statements": bankStatements,
  "2026-11-29-31-deferred-billing": deferredBilling,
  "2026-11-29-41-global-search": globalSearch,
  "2026-11-29-51-court-reminders": courtReminders,
  "2026-11-29-52-court-step-timers": courtStepTimers,
  "2026-11-30-11-joint-minutes": jointMinutes,
  "2026-11-30-21-booking-logistics": bookingLogistics,
  "2026-11-30-31-saved-views": savedViews,
  "2026-11-30-41-discipline-dependencies": disciplineDependencies,
  "2026-11-30-42-report-sharing": reportSharing,
  "2026-12-01-11-claimant-texts": claimantTexts,
  "2026-12-01-21-interpreter-role": interpreterRole,
  "2026-12-07-10-booking-tasks": bookingTasks,
  "2026-12-07-11-claimant-message-bookings": claimantMessageBookings,
  "2026-12-07-12-interpreter-languages": interpreterLanguages,
  "2026-12-07-20-minute-release-terms": minuteReleaseTerms,
  "2026-12-07-31-minute-expert-changes": minuteExpertChanges,
  "2026-12-07-41-court-step-before-instruction": courtStepBeforeInstruction,
  "2026-12-07-42-addendum-scope": addendumScope,
  "2026-12-07-50-statement-line-proofs": statementLineProofs,
  "2026-12-07-70-meeting-references": meetingReferences,
  "2026-12-07-91-claimant-text-consent": claimantTextConsent,
  "2026-12-08-10-one-search": oneSearch,
  "2026-12-08-20-file-storage": fileStorage,
  "2026-12-09-10-backup-runs": backupRuns,
  "2026-12-10-10-record-requests": recordRequests,
  "2026-12-10-20-record-request-letters": recordRequestLetters,
  "2026-12-10-30-record-checklists": recordChecklists,
  "2026-12-10-40-received-records": receivedRecords,
  "2026-12-10-50-received-records-ocr": receivedRecordsOcr,
  "2026-12-11-10-evidence-documents": evidenceDocuments,
  "2026-12-11-20-bundles": bundles,
  "2026-12-11-50-expert-notice-delivery": expertNoticeDelivery,
  "2026-12-11-60-bundle-shares": bundleShares,
};
