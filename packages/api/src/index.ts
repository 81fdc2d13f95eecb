export type { Deps } from "./services/platform/deps";
export type { Actor, Context, GuestCookie, PendingSecondFactor, RequestMeta, Services, SessionControl, SignedInActor } from "./context";
export {
  AppError,
  isDatabaseUnavailable,
  SERVICE_UNAVAILABLE_MESSAGE,
  supportReference,
  toHttpStatus,
  unexpectedErrorMessage,
} from "./errors";
export { parseInput } from "./validation";
export type { AppErrorCode } from "./errors";
export { appRouter, createCaller } from "./routers";
export type { AppRouter } from "./routers";
export * as authService from "./services/auth/auth";
export * as messageAttachmentsService from "./services/messages/message-attachments";
export { unreadMessageCount } from "./services/messages/thread-list";
export { messagesJob, purgeUnsentAttachments, sweepUnreadMessages } from "./services/messages/unread-emails";
export * as notificationsService from "./services/notifications/notifications";
export * as userAdminService from "./services/users/user-admin";
export * as documentsService from "./services/queries/documents";
export * as auditTrailService from "./services/audit/audit-trail";
export * as accessLogService from "./services/audit/access-log";
export * as queryListService from "./services/queries/query-list";
export * as globalSearchService from "./services/search/global-search";
export * as calendarService from "./services/calendar/calendar";
export * as courtMattersService from "./services/court-clock/court-matters";
export * as privacyService from "./services/privacy/access-report";
export * as claimantTextsService from "./services/claimant-texts";
export { claimantTextsJob, createFileTextGateway, createHttpTextGateway } from "./services/claimant-texts";
export type { TextGateway } from "./services/claimant-texts";
export * as breachesService from "./services/privacy/breaches";
export * as destructionService from "./services/privacy/destruction";
export { retentionJob, sweepRetention } from "./services/privacy/retention";
export * as agreementsService from "./services/privacy/agreements";
export { agreementsJob, sweepAgreementExpiries } from "./services/privacy/agreements";
export { courtRemindersJob, sweepCourtReminders } from "./services/court-clock/court-reminders";
export { recordRemindersJob, sweepRecordReminders } from "./services/records/reminders";
export * as reportVersionsService from "./services/reports/report-versions";
export * as invoiceMailService from "./services/invoices/invoice-mail";
export * as invoiceSamples from "./services/invoices/samples";
export * as paymentProofsService from "./services/payments/proofs";
export * as statementsService from "./services/payments/statements";
export * as fileDownloadService from "./services/downloads/download";
export { fileStore, fileStoreFromUrl, folderStore, StoredObjectMissing, useFileStore } from "./services/files/storage";
export type { FileStore } from "./services/files/storage";
export { moveFilesToStore } from "./services/files/move-to-store";
export type { MoveCounts } from "./services/files/move-to-store";
export { fileDeletionsJob, openStoredFile, readStoredFile, STORED_BYTES, sweepFileDeletions } from "./services/files/stored-files";
export { recordAudit, changedFields } from "./services/audit/audit";
export { assertCan } from "./services/platform/access";
export { DEFAULT_RATE_LIMITS } from "./services/auth/rate-limits";
export type { Limit, LimitedAction, RateLimits } from "./services/auth/rate-limits";
export { createFileMailer, createSmtpMailer } from "./services/notifications/mailer";
export { drainOutbox, outboxJob } from "./services/notifications/outbox";
export { purgeExpired, purgeJob, startSweeper } from "./services/platform/sweeper";
export type { SweepJob, SweepObserver, Sweeper } from "./services/platform/sweeper";
export type { Mail, Mailer } from "./services/notifications/mailer";
export { hashPassword } from "./services/credentials/passwords";
export { createStaffUser, findCurrentUser } from "./services/users/users";
export { mustSetUpTwoFactor } from "./services/auth/two-factor-enrolment";
export { appSecret } from "./services/platform/app-secrets";
export { announce, LIVE_EVENTS_CHANNEL } from "./services/platform/live-events";
export type { LiveEvent } from "./services/platform/live-events";
export { LiveHub, SESSION_CHANNEL } from "./services/platform/live-hub";
export { meetingGuestLookup } from "./services/meetings/guest-links";
export type { LiveHubOptions, LiveOwner } from "./services/platform/live-hub";
export { liveStreamOwner } from "./routers/live";
export { demoDataUnfinished, hasDemoData, seedDemoData, DEMO_PASSWORD } from "./seed/demo-data";
export * as slaMonitoringService from "./services/sla/monitoring";
export * as booksExportService from "./services/books/books-export";
export { sampleStatement } from "./services/bank-statements/statement-imports";
export { slaAlertsJob, sweepSlaAlerts } from "./services/sla/alerts";
export type { SlaSweepResult } from "./services/sla/alerts";
export { startSlaTimer, stopSlaTimer } from "./services/sla/timers";
export { meetingsJob, sweepMeetings } from "./services/meetings/sweep";
export { invoicesJob, sweepInvoices } from "./services/invoices/overdue";
export { receivablesJob, sweepBillingReminders } from "./services/receivables/reminders";
export * as caseBillingService from "./services/receivables/case-billing";
export * as caseBillingFilesService from "./services/receivables/case-billing-files";
export * as billingScheduleService from "./services/receivables/schedule";
export type { InvoiceSweepResult } from "./services/invoices/overdue";
export * as recordingsService from "./services/meetings/recordings";
export * as slaTrackingService from "./services/sla/tracking";
export * as dashboardService from "./services/dashboard/dashboard";
export { now, runAt } from "./services/platform/clock";
export * as jointMinutesService from "./services/joint-minutes/release";
export * as bundleSharesService from "./services/bundles/shares";
export { migrationLevel, operationsFigures } from "./services/operations/figures";
export type { OperationsFigures } from "./services/operations/figures";
export {
  assertBackupKey,
  BackupRefused,
  newBackupKey,
  verifyBackup,
  writeArchive,
  writeBackup,
} from "./services/operations/backups/archive";
export type { BackupManifest } from "./services/operations/backups/manifest";
export { restoreBackup } from "./services/operations/backups/restore";
export {
  backupSettled,
  backupsToKeep,
  nightlyBackupsJob,
  nightlyBackupsTick,
  useNightlyBackups,
} from "./services/operations/backups/nightly";
export type { NightlyBackupConfig } from "./services/operations/backups/nightly";
export type { RestoreTarget } from "./services/operations/backups/restore";
export { processReceivedRecords, receivedRecordsJob } from "./services/records/received";
export { processReceivedRecordsOcr, receivedRecordsOcrJob } from "./services/records/received-ocr";
export { bundlesJob, processBundles } from "./services/bundles/making";
export { ocrOnThisMachine, ocrPage } from "./services/files/ocr";
export * as receivedRecordsService from "./services/records/received";
export * as evidenceService from "./services/bundles/added-documents";
export * as rule369Service from "./services/bundles/rule-36-9";
