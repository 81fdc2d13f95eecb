import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from "kysely";
import type {
  AssessmentMode,
  InvoiceKind,
  InvoiceLineKind,
  InvoiceStatus,
  PaymentMethod,
  PaymentProofStatus,
  AssignmentStatus,
  BookingStatus,
  CancellationClass,
  CaseStatus,
  ClaimType,
  Gender,
  HolderCategory,
  HolderKind,
  LegalBasis,
  MeetingEndReason,
  MeetingGuestRole,
  MeetingParticipantState,
  MeetingStatus,
  RecordingStopReason,
  NotificationType,
  PhoneType,
  Priority,
  QueryEventKind,
  QueryStatus,
  RecordKind,
  RecordRequestStatus,
  ReportKind,
  ReportStatus,
  Role,
  RosterDuty,
  ThreadKind,
} from "@medlegal/domain";

/** timestamptz: read as Date, written as Date or ISO string. */
type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default. */
type GeneratedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** date columns are kept as YYYY-MM-DD strings (both dialects are told so in connection.ts). */
type DateOnly = ColumnType<string, string, string>;

export interface SpecializationsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  active: Generated<boolean>;
  default_report_fee_cents: number | null;
  created_at: GeneratedTimestamp;
}

export interface CompetentPersonJson {
  name: string;
  relationship: string;
  identityNumber: string;
  phone: string;
  email: string | null;
  consentOn: string | null;
}

export interface BankAccountJson {
  bankName: string;
  accountName: string;
  accountNumber: string;
  branchCode: string;
}

export interface UsersTable {
  id: Generated<string>;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: Generated<boolean>;
  specialization_id: string | null;
  license_number: string | null;
  phone: string | null;
  /** The languages an interpreter's account interprets (empty for every other role). */
  interpreter_languages: ColumnType<string[], string[] | undefined, string[]>;
  address: string | null;
  firm_name: string | null;
  /** An attorney firm's VAT number (printed on its tax invoices). */
  vat_number: string | null;
  /** An expert's bank account, printed on their invoices to the agency (issue 23). */
  bank_account: ColumnType<BankAccountJson | null, string | null, string | null>;
  /** An employee an administrator named to handle privacy requests (docs/decisions.md "POPIA"). */
  privacy_officer: Generated<boolean>;
  gender: Gender | null;
  birth_date: DateOnly | null;
  failed_login_count: Generated<number>;
  daily_capacity: Generated<number>;
  last_login_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** An attorney's address, email and phone rows, in the order they were entered. */
export interface UserContactsTable {
  id: Generated<string>;
  user_id: string;
  kind: "address" | "email" | "phone";
  value: string;
  phone_type: PhoneType | null;
  position: number;
}

/** A user's TOTP authenticator; active once `enabled_at` is set (docs/decisions.md). */
export interface UserTwoFactorTable {
  user_id: string;
  /** AES-256-GCM: "v1.iv.tag.ciphertext", base64url parts; never the plain secret. */
  secret_encrypted: string;
  enabled_at: Timestamp | null;
  /** The 30-second step of the last accepted code (int8, read as a number). */
  last_used_step: number | null;
  created_at: GeneratedTimestamp;
}

export interface TwoFactorRecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  code_hash: string;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

export interface SessionsTable {
  sid: string;
  user_id: string | null;
  data: ColumnType<unknown, string, string>;
  expires_at: Timestamp;
  created_at: GeneratedTimestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A sign-up awaiting its e-mail confirmation (docs/decisions.md "Sign-up confirms the e-mail"). */
export interface PendingRegistrationsTable {
  id: Generated<string>;
  token_hash: string;
  email: string;
  username: string;
  password_hash: string;
  /** The registration's other fields (names, role and the role's fields), as the domain schema parsed them. */
  details: ColumnType<Record<string, unknown>, string, never>;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** A user's personal calendar feed: the URL's token, by its hash (docs/decisions.md "Calendars carry no health information"). */
export interface CalendarFeedsTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  created_at: GeneratedTimestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

/** A data subject request under POPIA (docs/decisions.md "POPIA"). */
export interface SubjectRequestsTable {
  id: Generated<string>;
  reference: string;
  patient_id: string;
  kind: "access" | "correction" | "deletion" | "objection";
  requested_by: "claimant" | "attorney";
  requester_name: string;
  received_on: DateOnly;
  due_on: DateOnly;
  status: Generated<"received" | "in_progress" | "answered" | "refused">;
  details: string | null;
  outcome: string | null;
  closed_at: Timestamp | null;
  created_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A security compromise in the register (POPIA section 22; docs/decisions.md "POPIA"). */
export interface SecurityBreachesTable {
  id: Generated<string>;
  reference: string;
  certainty: "confirmed" | "suspected";
  discovered_on: DateOnly;
  occurred_on: DateOnly | null;
  description: string;
  categories: ColumnType<string[], string[], string[]>;
  data_subjects_count: number;
  subjects_notified: boolean;
  notified_on: DateOnly | null;
  notification_method: string | null;
  delay_reasons: string | null;
  measures_taken: string;
  reported_on: DateOnly | null;
  regulator_reference: string | null;
  compromised_user_id: string | null;
  compromised_from: DateOnly | null;
  compromised_to: DateOnly | null;
  recorded_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A user's signed confidentiality or operator agreement (POPIA sections 19-21; docs/decisions.md "POPIA"). */
export interface PrivacyAgreementsTable {
  id: Generated<string>;
  user_id: string;
  kind: "confidentiality" | "operator";
  version: string;
  signed_on: DateOnly;
  expires_on: DateOnly | null;
  file_id: string;
  recorded_by: string;
  recorded_at: GeneratedTimestamp;
  revoked_at: Timestamp | null;
  revoked_by: string | null;
  revoke_reason: string | null;
  /** The agreement that took this one's place (revoked_at set at the same time). */
  replaced_by: string | null;
  /** When the expiry reminder went to the privacy managers (once per agreement). */
  expiry_reminded_at: Timestamp | null;
}

/** A claimant a compromised account read in the breach's period (from the access log). */
export interface SecurityBreachClaimantsTable {
  breach_id: string;
  patient_id: string;
  reads: number;
  last_read_at: Timestamp;
}

/** A legal hold on a case: while it is not lifted, nothing of the claimant is destroyed. */
export interface CaseLegalHoldsTable {
  id: Generated<string>;
  case_id: string;
  reason: string;
  set_by: string;
  set_at: Timestamp;
  lifted_by: string | null;
  lifted_at: Timestamp | null;
}

/** A claimant the retention sweep found due for destruction, awaiting an administrator's approval. */
export interface DestructionCandidatesTable {
  patient_id: string;
  due_on: DateOnly;
  found_at: Timestamp;
  approved_by: string | null;
  approved_at: Timestamp | null;
  certificate_id: string | null;
}

/** What one approved destruction removed, and who approved it. */
export interface DestructionCertificatesTable {
  id: Generated<string>;
  number: string;
  destroyed_at: Timestamp;
  approved_by: string;
  counts: ColumnType<Record<string, number>, string, never>;
}

export interface NotificationsTable {
  id: Generated<string>;
  user_id: string;
  type: NotificationType;
  title: string;
  message: string;
  read: Generated<boolean>;
  link: string | null;
  created_at: GeneratedTimestamp;
}

export interface MessageThreadsTable {
  id: Generated<string>;
  kind: Generated<ThreadKind>;
  subject: string;
  query_id: string | null;
  /** The consultant of a query_expert thread. */
  consultant_id: string | null;
  /** Null for a claimant's thread the app opened on a text message (no user opened it). */
  created_by: string | null;
  created_at: GeneratedTimestamp;
  last_message_at: Timestamp | null;
  /** The list's sort key: the last message, or the creation while there is none. */
  activity_at: GeneratedTimestamp;
}

export interface ThreadParticipantsTable {
  thread_id: string;
  user_id: string;
  /** Unread = later messages by someone else; null = nothing read yet. */
  last_read_at: Timestamp | null;
  joined_at: GeneratedTimestamp;
  /** The last e-mail about this thread's unread messages, and the newest message it covered. */
  emailed_at: Timestamp | null;
  emailed_until: Timestamp | null;
}

export interface MessagesTable {
  id: Generated<string>;
  thread_id: string;
  /** Null for a claimant's text message (sender_label names them): the claimant is not a user. */
  sender_id: string | null;
  sender_label: string | null;
  claimant_reply_id: string | null;
  body: string;
  created_at: GeneratedTimestamp;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: GeneratedTimestamp;
  actor_id: string | null;
  actor_role: Role | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
}

/** Consecutive failed sign-ins of one account, and until when it must pause. */
export interface LoginFailuresTable {
  account_key: string;
  failures: number;
  last_failed_at: Timestamp;
  blocked_until: Timestamp;
}

export type AccessAction = "view" | "download" | "export" | "print" | "share";

/** Who read what health information (append-only: a trigger refuses UPDATE, DELETE, TRUNCATE). */
export interface AccessLogTable {
  id: Generated<string>;
  at: GeneratedTimestamp;
  user_id: string | null;
  user_role: Role | null;
  action: AccessAction;
  entity_type: string;
  entity_id: string | null;
  patient_id: string | null;
  ip: string | null;
  user_agent: string | null;
  request_id: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface SettingsTable {
  key: string;
  value: ColumnType<unknown, string, string>;
  updated_at: GeneratedTimestamp;
  updated_by: string | null;
}

/** Moves with every change to a user's notifications (triggers on notifications); the bell's ETag. */
export interface NotificationVersionsTable {
  user_id: string;
  version: number;
}

export interface NotificationPreferencesTable {
  user_id: string;
  type: NotificationType;
  bell: boolean;
  email: boolean;
}

export interface ReferenceCountersTable {
  series: string;
  year: number;
  last_value: number;
}

export interface PatientsTable {
  id: Generated<string>;
  attorney_id: string;
  first_name: string;
  last_name: string;
  id_number: string | null;
  passport_number: string | null;
  birth_date: DateOnly;
  gender: "male" | "female" | "other";
  email: string | null;
  phone: string | null;
  address: string | null;
  home_language: string;
  interpreter_needed: Generated<boolean>;
  consent_received_at: DateOnly | null;
  /** An adult who cannot consent themselves and has a curator (docs/decisions.md "POPIA"). */
  needs_curator: Generated<boolean>;
  /** Who consents for a child or a claimant with a curator: name, relationship, identityNumber, phone, email, consentOn. */
  competent_person: ColumnType<CompetentPersonJson | null, string | null, string | null>;
  /** Set when the claimant's records were destroyed (docs/decisions.md "Retention and destruction"). */
  anonymised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The channel the claimant agreed to receive reminders on, with when; null: no messages (docs/decisions.md "Messages to claimants"). */
  message_channel: Generated<"sms" | "whatsapp" | null>;
  message_consent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** When the claimant's phone replied STOP: consent is withdrawn until they ask for texts again (issue 37). */
  message_stopped_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /**
   * Global search (issue 30): names, ID, passport and phone as one trigram-indexed text, kept by PostgreSQL.
   * Nullable as the schema has it (a generated column carries no NOT NULL), though the required names keep it set.
   */
  search_text: GeneratedAlways<string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface CasesTable {
  id: Generated<string>;
  reference: string;
  attorney_id: string;
  patient_id: string;
  claim_type: ClaimType;
  incident_date: DateOnly;
  raf_claim_number: string | null;
  court_case_number: string | null;
  /** The attorney's own file reference for the matter ("VDM/RAF/0412"), at most 60 characters. */
  attorney_reference: string | null;
  status: Generated<CaseStatus>;
  notes: string | null;
  /** The court's clock (docs/decisions.md "The court's clock"): false for a hit-and-run (2-year RAF lodgement). */
  vehicle_identified: Generated<boolean>;
  raf_lodged_on: DateOnly | null;
  summons_served_on: DateOnly | null;
  trial_date: DateOnly | null;
  court_division: CourtDivision | null;
  pre_trial_date: DateOnly | null;
  /** Rule 36(9) (issue 41): the days the attorney delivered the expert notice (a) and the summaries (b). */
  expert_notice_delivered_on: DateOnly | null;
  expert_summaries_delivered_on: DateOnly | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export type CourtDivision =
  | "gauteng_johannesburg"
  | "gauteng_pretoria"
  | "western_cape"
  | "kwazulu_natal"
  | "eastern_cape"
  | "free_state"
  | "limpopo"
  | "mpumalanga"
  | "north_west"
  | "northern_cape";
export type CourtOrderKind = "expert_reports_due" | "joint_minutes_due" | "expert_notices_due" | "other";

/** One dated item of a court order on a case (pre-trial / case-management directions). */
export interface CourtPlanStepsTable {
  id: Generated<string>;
  case_id: string;
  query_id: string;
  specialization_id: string;
  step: "assessment" | "report" | "joint_minute" | "hand_over";
  due_on: DateOnly;
}

export interface CourtStepRemindersTable {
  id: Generated<string>;
  case_id: string;
  query_id: string;
  specialization_id: string;
  step: "assessment" | "report" | "joint_minute" | "hand_over";
  due_on: DateOnly;
  lead_days: number;
  sent_at: Timestamp;
}

export interface CourtOrderItemsTable {
  id: Generated<string>;
  case_id: string;
  kind: CourtOrderKind;
  due_on: DateOnly;
  text: string;
  created_by: string;
  created_at: Timestamp;
}

export interface QueriesTable {
  id: Generated<string>;
  reference: string;
  case_id: string;
  attorney_id: string;
  subject: string;
  instructions: string;
  priority: Generated<Priority>;
  priority_rank: Generated<number>;
  status: Generated<QueryStatus>;
  held_from: QueryStatus | null;
  cancel_reason: string | null;
  assigned_employee_id: string | null;
  report_sharing_consent_at: Timestamp | null;
  report_sharing_consent_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface QuerySpecializationsTable {
  query_id: string;
  specialization_id: string;
}

export interface ConsultantAssignmentsTable {
  id: Generated<string>;
  query_id: string;
  consultant_id: string;
  specialization_id: string;
  status: Generated<AssignmentStatus>;
  fee_agreed_cents: number | null;
  decline_reason: string | null;
  assigned_by: string | null;
  responded_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** An upstream report shared with a downstream expert of its query, on the attorney's consent. */
export interface ReportSharesTable {
  report_id: string;
  consultant_id: string;
  shared_at: GeneratedTimestamp;
}

/** A specialization whose report needs another's first (issue 27, "Disciplines that wait"). */
export interface SpecializationDependenciesTable {
  downstream_id: string;
  upstream_id: string;
  created_at: GeneratedTimestamp;
}

export interface QueryEventsTable {
  id: Generated<string>;
  query_id: string;
  at: GeneratedTimestamp;
  actor_id: string | null;
  kind: QueryEventKind;
  from_status: string | null;
  to_status: string | null;
  body: string | null;
}

/** What a stored file belongs to; the download route checks the caller may see that record. */
export type FileOwnerKind =
  | "query_document"
  | "report_version"
  | "invoice"
  | "credit_note"
  | "payment_proof"
  | "meeting_recording"
  | "message_upload"
  | "message_attachment"
  | "privacy_agreement"
  | "billing_undertaking"
  | "billing_order"
  | "record_request"
  | "evidence_document"
  | "bundle";

/** Every stored file, bytes in PostgreSQL (docs/decisions.md, "Files and reports"). */
export interface FilesTable {
  id: Generated<string>;
  owner_kind: FileOwnerKind;
  /** The query of a document, the report of a report version. */
  owner_id: string;
  uploaded_by: string;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  /** The bytes when they are kept in the database; null when they are in the store (storage_key) or destroyed. */
  data: Uint8Array | null;
  /** Where the configured store keeps the bytes (docs/decisions.md, "File storage"). */
  storage_key: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
  /** Emptied by a destruction; the row stays for the append-only records that point at it. */
  destroyed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

/** Stored objects a committed change let go of, removed from the store by a sweeper. */
export interface FileDeletionsTable {
  storage_key: string;
  created_at: GeneratedTimestamp;
  attempts: Generated<number>;
  last_error: string | null;
}

export interface BackupRunsTable {
  id: Generated<string>;
  trigger: "nightly" | "manual";
  status: "running" | "succeeded" | "failed" | "missed";
  started_at: GeneratedTimestamp;
  finished_at: Timestamp | null;
  started_by: string | null;
  file_name: string | null;
  size_bytes: number | null;
  row_count: number | null;
  file_count: number | null;
  error: string | null;
}

/** Issue 40: who holds records a case needs (hospitals, police, employers, schools, the RAF). */
/** The bundle's sections (issue 41), as packages/domain's BUNDLE_SECTIONS names them. */
export type BundleSectionColumn =
  "expert_notices" | "expert_summaries" | "plaintiff_reports" | "defendant_reports" | "joint_minutes" | "raf4" | "medical_records";

/** A document of the case's expert evidence that the attorney added (issue 41): the defendant's reports, notices, court orders. */
export interface EvidenceDocumentsTable {
  id: Generated<string>;
  case_id: string;
  section: BundleSectionColumn;
  party: "plaintiff" | "defendant" | "court";
  specialization_id: string | null;
  author: string;
  document_date: DateOnly;
  description: string;
  added_by: string;
  created_at: GeneratedTimestamp;
  withdrawn_at: Timestamp | null;
  withdrawn_by: string | null;
}

/** Each version of an added document: its PDF and pages. A bundle uses the one current when it was made. */
export interface EvidenceDocumentVersionsTable {
  id: Generated<string>;
  document_id: string;
  number: number;
  file_id: string;
  pages: number;
  created_by: string;
  created_at: GeneratedTimestamp;
}

/** A case's bundle settings: its sections' order (their letters) and the documents left out, by key. */
export interface CaseBundleSettingsTable {
  case_id: string;
  section_order: BundleSectionColumn[];
  excluded: ColumnType<string[], string[] | undefined, string[]>;
  updated_by: string;
  updated_at: GeneratedTimestamp;
}

/** A case's trial bundle, version by version (issue 41): made in the background, frozen once served. */
export interface BundlesTable {
  id: Generated<string>;
  case_id: string;
  number: number;
  state: ColumnType<"making" | "ready" | "failed", "making" | "ready" | "failed" | undefined, "making" | "ready" | "failed">;
  section_order: BundleSectionColumn[];
  based_on: string | null;
  made_by: string;
  created_at: GeneratedTimestamp;
  ready_at: Timestamp | null;
  pages: number | null;
  served_through: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  changes: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  error: string | null;
  attempts: Generated<number>;
  claimed_until: Timestamp | null;
  served_on: DateOnly | null;
  served_to: string | null;
  served_by: string | null;
  served_at: Timestamp | null;
}

/** A document in a bundle: the version used and, once made, the pages it took. */
export interface BundleEntriesTable {
  bundle_id: string;
  position: number;
  key: string;
  version: string;
  section: BundleSectionColumn;
  file_id: string | null;
  description: string;
  party: string;
  author: string;
  document_date: DateOnly;
  first_page: number | null;
  pages: number | null;
}

/** The files a bundle was made into. */
export interface BundleOutputsTable {
  bundle_id: string;
  file_id: string;
  kind: "section" | "whole" | "index_pdf" | "index_csv" | "zip";
  letter: string | null;
}

/** A served bundle shared with the opposing attorney (issue 41 item 5): an expiring link, its latest one-time code. */
export interface BundleSharesTable {
  id: Generated<string>;
  bundle_id: string;
  name: string;
  email: string;
  token_hash: string;
  expires_at: Date;
  created_by: string;
  created_at: GeneratedTimestamp;
  revoked_at: Date | null;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_attempts: Generated<number>;
}

/** A guest session a share's right code started (the cookie's sha256). */
export interface BundleShareSessionsTable {
  token_hash: string;
  share_id: string;
  expires_at: Date;
  created_at: GeneratedTimestamp;
}

export interface RecordHoldersTable {
  id: Generated<string>;
  name: string;
  kind: HolderKind;
  category: HolderCategory;
  information_officer: string;
  email: string;
  phone: string | null;
  postal_address: string | null;
  physical_address: string | null;
  request_fee_cents: Generated<number>;
  fee_notes: string | null;
  active: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A case's request for records from one holder, with the dates the PAIA clock reads. */
export interface RecordRequestsTable {
  id: Generated<string>;
  case_id: string;
  holder_id: string;
  record_kinds: RecordKind[];
  description: string | null;
  period_from: DateOnly | null;
  period_to: DateOnly | null;
  legal_basis: LegalBasis;
  authority: "signed_consent" | "attorney_mandate";
  status: Generated<RecordRequestStatus>;
  sent_at: Timestamp | null;
  /** The day the holder received the request: the statute's 30 days start here. */
  received_on: DateOnly | null;
  extension_days: number | null;
  extension_notice_on: DateOnly | null;
  fee_requested_on: DateOnly | null;
  fee_paid_on: DateOnly | null;
  refused_on: DateOnly | null;
  refusal_section: string | null;
  appealed_on: DateOnly | null;
  records_received_on: DateOnly | null;
  closed_on: DateOnly | null;
  created_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface RecordRequestDisciplinesTable {
  request_id: string;
  specialization_id: string;
}

/** A request's timeline: each status it took, on which day, by whom, with a note. */
export interface RecordRequestEventsTable {
  id: Generated<string>;
  request_id: string;
  status: RecordRequestStatus;
  on_date: DateOnly;
  note: string | null;
  actor_id: string | null;
  created_at: GeneratedTimestamp;
}

/** A records request's files by what they are: the letter sent, a follow-up letter, the records received. */
export interface RecordRequestFilesTable {
  file_id: string;
  request_id: string;
  purpose: "letter" | "follow_up" | "records";
  created_at: GeneratedTimestamp;
}

/** A reminder of the PAIA clock sent once: per request, decision day and lead time (days before it; negative after). */
export interface RecordRequestRemindersTable {
  id: Generated<string>;
  request_id: string;
  due_on: DateOnly;
  lead_days: number;
  sent_at: Timestamp;
}

/** Request and access fees a holder asked for, and when they were paid (billed to the attorney as disbursements). */
export interface RecordRequestFeesTable {
  id: Generated<string>;
  request_id: string;
  kind: "request" | "access";
  amount_cents: number;
  requested_on: DateOnly;
  paid_on: DateOnly | null;
  created_at: GeneratedTimestamp;
}

/** The records a discipline's expert needs, as an administrator set them (issue 40 item 6). */
export interface RecordChecklistsTable {
  specialization_id: string;
  record_kinds: RecordKind[];
  updated_by: string;
  updated_at: GeneratedTimestamp;
}

/** Records a holder sent, and what processing them found (issue 40 item 5). */
export interface ReceivedRecordsTable {
  file_id: string;
  request_id: string;
  state: Generated<"processing" | "ready" | "failed">;
  pages: number | null;
  /** Pages that carry text (a text layer); fewer than `pages` means scanned pages without one. */
  text_pages: number | null;
  error: string | null;
  attempts: Generated<number>;
  /** A server processing the file holds it until then; past it, another may take it over. */
  claimed_until: Timestamp | null;
  processed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  /**
   * OCR of the pages without text: null when every page has text (or before the survey); pending,
   * running (a server holds it until ocr_claimed_until), done, unavailable (no OCR on the machine, or RECORDS_OCR=off), failed.
   */
  ocr_state: "pending" | "running" | "done" | "unavailable" | "failed" | null;
  /** Pages to OCR (those without text), and those done so far. */
  ocr_pages: number | null;
  ocr_pages_done: Generated<number>;
  ocr_attempts: Generated<number>;
  ocr_claimed_until: Timestamp | null;
  ocr_error: string | null;
  /** The copy with the text layer added, served in the original's place; the original's bytes and SHA-256 stay. */
  searchable_file_id: string | null;
}

/** One OCR'd page's invisible text (a one-page PDF), kept until the searchable copy is made. */
export interface ReceivedRecordOcrPagesTable {
  file_id: string;
  /** The page's index in the original, from 0. */
  page: number;
  data: Uint8Array;
}

export interface ReportsTable {
  id: Generated<string>;
  reference: string;
  query_id: string;
  case_id: string;
  patient_id: string;
  attorney_id: string;
  booking_id: string | null;
  consultant_id: string;
  specialization_id: string;
  kind: ReportKind;
  status: Generated<ReportStatus>;
  parent_report_id: string | null;
  due_at: Timestamp;
  reviewer_id: string | null;
  approved_at: Timestamp | null;
  released_at: Timestamp | null;
  released_by: string | null;
  release_override_reason: string | null;
  /** The terms it was released on (issue 37): its joint minutes follow them. Null for one released before they were kept. */
  release_basis: ReleaseBasisColumn | null;
  withdrawn_reason: string | null;
  /** An addendum: what it must cover, as staff asked for it. */
  requested_scope: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A RAF 4 serious-injury assessment of a report, with the RAF's and the tribunal's outcomes (issue 27). */
export interface Raf4AssessmentsTable {
  report_id: string;
  examined_personally_by: string | null;
  examination_date: DateOnly | null;
  mmi_reached: boolean | null;
  mmi_date: DateOnly | null;
  /** numeric without a scale: read it as text (`wpi_percent::text`) to get the digits entered. */
  wpi_percent: string | null;
  narrative_heads: ColumnType<string[], string[] | undefined, string[]>;
  on_non_serious_list: boolean | null;
  notes: string | null;
  recorded_by: string;
  raf_outcome: "accepted" | "rejected" | "further_assessment" | null;
  raf_outcome_date: DateOnly | null;
  raf_reasons: string | null;
  raf_outcome_by: string | null;
  tribunal_outcome: "upheld" | "dismissed" | "withdrawn" | null;
  tribunal_outcome_date: DateOnly | null;
  tribunal_notes: string | null;
  tribunal_reference: string | null;
  tribunal_outcome_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface ReportVersionsTable {
  id: Generated<string>;
  report_id: string;
  number: number;
  file_id: string;
  page_count: number;
  uploaded_by: string;
  on_behalf_of: string | null;
  change_note: string | null;
  declaration: string;
  created_at: GeneratedTimestamp;
}

/** A version's stamped copy (released or DRAFT), made once (migration 2026-11-28-19). */
export interface ReportCopiesTable {
  version_id: string;
  released: boolean;
  data: Uint8Array;
  sha256: string;
  created_at: GeneratedTimestamp;
}

export interface ReportChecklistItemsTable {
  id: Generated<string>;
  kind: ReportKind;
  label: string;
  mandatory: Generated<boolean>;
  position: number;
  active: Generated<boolean>;
}

export interface ReviewItemJson {
  itemId: string;
  label: string;
  mandatory: boolean;
  result: "pass" | "fail" | "na";
  comment: string | null;
}

export interface ReportReviewsTable {
  id: Generated<string>;
  report_id: string;
  version_id: string;
  reviewer_id: string;
  outcome: "approved" | "changes_requested";
  items: ColumnType<ReviewItemJson[], string, string>;
  comment: string | null;
  created_at: GeneratedTimestamp;
}

export interface ReportEventsTable {
  id: Generated<string>;
  report_id: string;
  at: GeneratedTimestamp;
  actor_id: string | null;
  from_status: string | null;
  to_status: string | null;
  body: string | null;
}

export interface ReportQuestionsTable {
  id: Generated<string>;
  report_id: string;
  asked_by: string;
  body: string;
  supplementary_report_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface ReleaseDeferralsTable {
  attorney_id: string;
  note: string;
  recorded_by: string;
  created_at: GeneratedTimestamp;
}

/** A case's deferral agreement (issue 29; docs/decisions.md "Deferred billing per matter"). */
export interface DeferralAgreementsTable {
  case_id: string;
  undertaking: string;
  undertaking_file_id: string | null;
  invoicing: "issue_now" | "issue_at_settlement";
  /** The long-stop: this many months after the case's first invoice. */
  long_stop_months: number;
  /** Simple interest per year after the long-stop, in basis points (1050 = 10.5 %). */
  interest_rate_bp: number;
  recorded_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export type CaseBillingEventKind = "order" | "taxed" | "raf_paid";

/** A case's billing events: one of each kind, recording again replaces it. */
export interface CaseBillingEventsTable {
  case_id: string;
  kind: CaseBillingEventKind;
  occurred_on: DateOnly;
  order_file_id: string | null;
  names_qualifying_fees: boolean | null;
  names_reservation_fees: boolean | null;
  recorded_by: string;
  created_at: GeneratedTimestamp;
}

export interface BillingRemindersTable {
  id: Generated<string>;
  case_id: string;
  kind: CaseBillingEventKind;
  expected_on: DateOnly;
  sent_at: GeneratedTimestamp;
}

export interface EmailOutboxTable {
  id: Generated<string>;
  to_address: string;
  subject: string;
  body: string;
  created_at: GeneratedTimestamp;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  last_error: string | null;
  /** A stored file sent with the message (an issued invoice's PDF). */
  attachment_file_id: string | null;
}

export interface AvailabilityRulesTable {
  id: Generated<string>;
  consultant_id: string;
  weekday: number;
  start_time: string;
  end_time: string;
  venue: string | null;
  mode: AssessmentMode;
}

export interface AvailabilityOverridesTable {
  id: Generated<string>;
  consultant_id: string;
  date: DateOnly;
  unavailable: boolean;
  start_time: string | null;
  end_time: string | null;
  venue: string | null;
  mode: AssessmentMode | null;
  note: string | null;
}

export interface BookingsTable {
  id: Generated<string>;
  reference: string;
  query_id: string | null;
  case_id: string;
  patient_id: string;
  attorney_id: string;
  consultant_id: string;
  specialization_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  venue: string | null;
  mode: AssessmentMode;
  status: Generated<BookingStatus>;
  note: string | null;
  cancellation_class: CancellationClass | null;
  cancel_reason: string | null;
  rescheduled_from_id: string | null;
  /** The claimant's own answer to a reminder (YES / NO by text message). */
  claimant_answer: Generated<"confirmed" | "cannot_attend" | null>;
  claimant_answer_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

export interface CallRostersTable {
  id: Generated<string>;
  employee_id: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  duty: RosterDuty;
  created_at: GeneratedTimestamp;
}

export interface DeclaredHolidaysTable {
  date: DateOnly;
  name: string;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

export type SlaPolicyKey =
  "query_acknowledgement" | "booking_offered" | "report_delivery" | "report_release" | "raf5_dispute" | "court_step";
export type SlaSubjectKind = "query" | "booking" | "assignment" | "report" | "court_step";
export type SlaTimerStatus = "open" | "met" | "missed" | "cancelled";
export type SlaPauseKind = "hold" | "manual" | "waiting";

export interface SlaTimersTable {
  id: Generated<string>;
  policy: SlaPolicyKey;
  subject_kind: SlaSubjectKind;
  subject_id: string;
  query_id: string;
  consultant_id: string | null;
  target: number;
  unit: "hours" | "working_hours" | "calendar_days" | "business_days";
  at_risk_percent: number;
  started_at: Timestamp;
  due_at: Timestamp;
  at_risk_at: Timestamp;
  status: Generated<SlaTimerStatus>;
  stopped_at: Timestamp | null;
  paused_at: Timestamp | null;
  pause_kind: SlaPauseKind | null;
  pause_reason: string | null;
  at_risk_alerted_at: Timestamp | null;
  breach_alerted_at: Timestamp | null;
  escalated_at: Timestamp | null;
  /** A court step whose date had passed before the agency was instructed: not counted as the agency's breach. */
  before_instruction: Generated<boolean>;
  created_at: GeneratedTimestamp;
}

export interface SlaTimerPausesTable {
  id: Generated<string>;
  timer_id: string;
  kind: SlaPauseKind;
  reason: string;
  paused_by: string | null;
  from_at: Timestamp;
  to_at: Timestamp | null;
}

/** An invoice's supplier or recipient as printed, frozen at issue. */
export interface InvoicePartyJson {
  name: string;
  firmName: string | null;
  address: string;
  vatNumber: string;
  email: string;
}
type PartyColumn = ColumnType<InvoicePartyJson, string, string>;

/** Invoices (docs/decisions.md, "Invoices"); issued ones change only status and money received (trigger). */
export interface InvoicesTable {
  id: Generated<string>;
  kind: InvoiceKind;
  series: string;
  number: string | null;
  status: Generated<InvoiceStatus>;
  attorney_id: string | null;
  consultant_id: string | null;
  case_id: string | null;
  patient_id: string | null;
  query_id: string | null;
  booking_id: string | null;
  report_id: string | null;
  claimant_name: string | null;
  claim_number: string | null;
  attorney_reference: string | null;
  issue_date: DateOnly | null;
  due_date: DateOnly | null;
  vat_registered: Generated<boolean>;
  supplier: ColumnType<InvoicePartyJson | null, string | null, string | null>;
  recipient: ColumnType<InvoicePartyJson | null, string | null, string | null>;
  net_cents: Generated<number>;
  vat_cents: Generated<number>;
  total_cents: Generated<number>;
  credited_cents: Generated<number>;
  paid_cents: Generated<number>;
  paid_at: Timestamp | null;
  pdf_file_id: string | null;
  copy_file_id: string | null;
  pdf_sha256: string | null;
  issued_at: Timestamp | null;
  issued_by: string | null;
  created_by: string | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** When destruction cleared the claimant's name (the tax fields stay). */
  anonymised_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface InvoiceLinesTable {
  id: Generated<string>;
  invoice_id: string;
  position: number;
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unit_price_cents: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  /** The report the line bills (an automatic draft's report line, or one staff linked by hand). */
  report_id: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Credit notes and their lines: append-only (trigger and grants). */
export interface CreditNotesTable {
  id: Generated<string>;
  invoice_id: string;
  series: string;
  number: string;
  reason: string;
  issue_date: DateOnly;
  vat_registered: boolean;
  supplier: PartyColumn;
  recipient: PartyColumn;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
  pdf_file_id: string;
  copy_file_id: string;
  pdf_sha256: string;
  created_by: string;
  created_at: GeneratedTimestamp;
}

export interface CreditNoteLinesTable {
  id: Generated<string>;
  credit_note_id: string;
  position: number;
  kind: InvoiceLineKind;
  description: string;
  quantity: number;
  unit_price_cents: number;
  net_cents: number;
  vat_cents: number;
  total_cents: number;
}

/** The claimant's day around a booking (issue 28): transport, stay, interpreter, guardian, meals and their costs in cents. */
export interface BookingLogisticsTable {
  booking_id: string;
  transport: "none" | "shuttle" | "taxi" | "reimbursement";
  pickup_point: string | null;
  pickup_time: string | null;
  transport_cents: number | null;
  accommodation_name: string | null;
  accommodation_nights: number | null;
  accommodation_cents: number | null;
  interpreter_language: string | null;
  interpreter_name: string | null;
  interpreter_contact: string | null;
  interpreter_cents: number | null;
  /** An interpreter with an account (role "interpreter"); their name and contact are copied into the two columns above. */
  interpreter_user_id: string | null;
  guardian_name: string | null;
  guardian_relationship: string | null;
  guardian_phone: string | null;
  meals: string | null;
  meals_cents: number | null;
  updated_by: string | null;
  updated_at: GeneratedTimestamp;
  /** The named interpreter's own answer (My Interpreting); cleared when another interpreter is named. */
  interpreter_answer: "confirmed" | "declined" | null;
  interpreter_answer_at: Timestamp | null;
}

/** What a claimant's "cannot attend" leaves for the case manager to undo, open until marked done. */
export interface BookingTasksTable {
  id: Generated<string>;
  booking_id: string;
  kind: "cancel_transport" | "cancel_accommodation" | "tell_interpreter";
  detail: string;
  created_at: GeneratedTimestamp;
  done_at: Timestamp | null;
  done_by: string | null;
}

/** The bookings one reminder covers: each booking once per kind (one text per claimant's day). */
export interface ClaimantMessageBookingsTable {
  message_id: string;
  booking_id: string;
  kind: "confirmation" | "two_days_before" | "morning_of";
}

/** One row per billed event and side: the unique key bills an event once. */
export interface BilledEventsTable {
  id: Generated<string>;
  side: "attorney" | "expert";
  event_key: string;
  invoice_id: string;
  invoice_line_id: string | null;
  created_at: GeneratedTimestamp;
}

export interface FeeScheduleTable {
  id: Generated<string>;
  specialization_id: string;
  consultant_id: string | null;
  fee_kind: InvoiceLineKind;
  amount_cents: number;
  effective_from: DateOnly;
  created_by: string | null;
  created_at: GeneratedTimestamp;
}

/** Money received from an attorney (docs/decisions.md, "Payments"); changes once, when reversed (trigger). */
export interface PaymentsTable {
  id: Generated<string>;
  attorney_id: string;
  method: PaymentMethod;
  reference: string;
  received_on: DateOnly;
  amount_cents: number;
  recorded_by: string;
  reversed_at: Timestamp | null;
  reversed_by: string | null;
  reversal_reason: string | null;
  created_at: GeneratedTimestamp;
}

/** Part of a payment set against one invoice; append-only, never more than the payment (trigger). */
export interface PaymentAllocationsTable {
  id: Generated<string>;
  payment_id: string;
  invoice_id: string;
  amount_cents: number;
  created_by: string;
  created_at: GeneratedTimestamp;
}

/** An attorney's proof of payment (an EFT slip), matched to a recorded payment or rejected with a reason. */
export interface PaymentProofsTable {
  id: Generated<string>;
  attorney_id: string;
  file_id: string;
  amount_cents: number;
  paid_on: DateOnly;
  reference: string;
  note: string | null;
  invoice_ids: ColumnType<string[], string | undefined, string>;
  status: Generated<PaymentProofStatus>;
  reject_reason: string | null;
  payment_id: string | null;
  decided_by: string | null;
  decided_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A payment reminder the overdue sweeper sent: one per invoice and stage (unique). */
export type InvoiceReminderStage = "due" | "days7" | "days30";
export interface InvoiceRemindersTable {
  id: Generated<string>;
  invoice_id: string;
  stage: InvoiceReminderStage;
  notified: boolean;
  sent_at: GeneratedTimestamp;
}

/** A video meeting (docs/architecture.md, "Video assessments"). */
export interface MeetingsTable {
  id: Generated<string>;
  /** MTG-<year>-<nnnnn> (issue 37), from `reference_counters` like the other references. */
  reference: string;
  room_id: string;
  title: string;
  starts_at: Timestamp;
  ends_at: Timestamp;
  host_id: string;
  booking_id: string | null;
  query_id: string | null;
  status: Generated<MeetingStatus>;
  opened_at: Timestamp | null;
  started_at: Timestamp | null;
  ended_at: Timestamp | null;
  end_reason: MeetingEndReason | null;
  last_presence_at: Timestamp | null;
  created_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** A user or an e-mailed guest invited to a meeting, with where they are (lobby, room, gone). */
export interface MeetingParticipantsTable {
  id: Generated<string>;
  meeting_id: string;
  user_id: string | null;
  guest_name: string | null;
  guest_email: string | null;
  guest_role: MeetingGuestRole | null;
  is_host: Generated<boolean>;
  state: Generated<MeetingParticipantState>;
  call_id: string | null;
  waiting_since: Timestamp | null;
  admitted_at: Timestamp | null;
  left_at: Timestamp | null;
  last_seen_at: Timestamp | null;
  consent_at: Timestamp | null;
  link_sent_at: Timestamp | null;
  invited_by: string;
  created_at: GeneratedTimestamp;
}

export interface MeetingGuestSessionsTable {
  id: Generated<string>;
  participant_id: string;
  token_hash: string;
  expires_at: Timestamp;
  created_at: GeneratedTimestamp;
}

export interface MeetingSignalsTable {
  id: GeneratedAlways<number>;
  meeting_id: string;
  from_participant_id: string;
  from_call_id: string;
  to_participant_id: string;
  to_call_id: string;
  kind: "description" | "candidate";
  payload: string;
  created_at: GeneratedTimestamp;
}

export interface MeetingRecordingsTable {
  id: Generated<string>;
  meeting_id: string;
  started_by: string;
  started_at: GeneratedTimestamp;
  stopped_at: Timestamp | null;
  stop_reason: RecordingStopReason | null;
  content_type: string;
  size: Generated<number>;
  chunks: Generated<number>;
}

export interface MeetingRecordingChunksTable {
  recording_id: string;
  seq: number;
  file_id: string;
}

/** A text message to a claimant, queued in the transaction that decided it (docs/decisions.md "Messages to claimants"). */
export interface ClaimantMessagesTable {
  id: Generated<string>;
  patient_id: string;
  booking_id: string | null;
  kind: "confirmation" | "two_days_before" | "morning_of";
  to_phone: string;
  channel: "sms" | "whatsapp";
  text: string;
  created_at: GeneratedTimestamp;
  next_attempt_at: GeneratedTimestamp;
  attempts: Generated<number>;
  sent_at: Timestamp | null;
  given_up_at: Timestamp | null;
  last_error: string | null;
  delivery_status: "delivered" | "failed" | null;
  delivery_reason: string | null;
  delivery_at: Timestamp | null;
}

/** A phone number that replied STOP: no message goes to it again. */
/** A reply received from a claimant's phone and what the app did with it. */
export interface ClaimantRepliesTable {
  id: Generated<string>;
  from_phone: string;
  channel: "sms" | "whatsapp";
  text: string;
  action: "confirm" | "decline" | "stop" | "other";
  patient_id: string | null;
  booking_id: string | null;
  received_at: GeneratedTimestamp;
  /** The gateway's id of the reply: a second call with the same id is a replay and is refused. */
  gateway_message_id: string | null;
}

/** A bank's saved CSV column mapping (docs/decisions.md, "Issue 29: bank statements and the books"); without one the domain's default applies. */
export interface BankMappingsTable {
  bank: string;
  mapping: ColumnType<Record<string, unknown>, string, string>;
  updated_by: string;
  updated_at: GeneratedTimestamp;
}

/** One bank statement file imported. */
export interface BankStatementImportsTable {
  id: Generated<string>;
  bank: string;
  file_name: string;
  imported_count: number;
  duplicate_count: number;
  imported_by: string;
  created_at: GeneratedTimestamp;
}

/** A credit line of an imported statement, with its match; `line_key` is unique, `payment_id` set once when confirmed. */
export interface BankStatementLinesTable {
  id: Generated<string>;
  import_id: string;
  line_no: number;
  line_key: string;
  posted_on: DateOnly;
  amount_cents: number;
  description: string;
  reference: string;
  balance_cents: number | null;
  fit_id: string | null;
  match_kind: "exact" | "partial" | "none";
  match_note: string;
  proposed_attorney_id: string | null;
  proposed_allocations: ColumnType<{ invoiceId: string; amountCents: number }[], string | undefined, string>;
  /** The attorney's proof of payment the line was matched to (issue 37): matched to the payment on confirming. */
  proposed_proof_id: ColumnType<string | null, string | null | undefined, string | null>;
  payment_id: string | null;
  confirmed_by: string | null;
  confirmed_at: Timestamp | null;
  created_at: GeneratedTimestamp;
}

/** Joint minutes with the opposing expert (issue 27, section 1; docs/decisions.md "Joint minutes"). */
export interface JointMinutesTable {
  id: Generated<string>;
  report_id: string;
  addendum_of: string | null;
  opposing_name: string;
  opposing_discipline: string;
  opposing_hpcsa: string;
  opposing_practice: string;
  opposing_email: string;
  opposing_phone: string;
  opposing_firm: string;
  opposing_side: "plaintiff" | "defendant";
  due_on: DateOnly | null;
  current_version: Generated<number>;
  frozen_at: Timestamp | null;
  released_at: Timestamp | null;
  released_by: string | null;
  /** The terms it went to the attorney on (issue 37): its report's, or an administrator's early release with its reason. */
  release_basis: ReleaseBasisColumn | null;
  release_override_reason: string | null;
  created_by: string;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
  /** When the current opposing expert first opened the minute with a code (cleared when they are replaced). */
  opposing_opened_at: Timestamp | null;
}

/** What a report or a joint minute was released on: paid in full, a deferral (the attorney's or the case's undertaking), an administrator's override. */
export type ReleaseBasisColumn = "paid" | "deferral" | "override";

/** A list's filters saved under a name (issue 30); `filters` is the list's input without paging. */
export interface SavedViewsTable {
  id: Generated<string>;
  owner_id: string;
  list: "queries" | "cases" | "bookings" | "reports" | "invoices";
  name: string;
  filters: ColumnType<Record<string, unknown>, string, string>;
  shared: Generated<boolean>;
  created_at: GeneratedTimestamp;
  updated_at: GeneratedTimestamp;
}

/** One version of a minute's issues: a whole snapshot (jsonb array), attributed and hashed. */
export interface JointMinuteVersionsTable {
  minute_id: string;
  version: number;
  issues: ColumnType<unknown, string, string>;
  sha256: string;
  author_id: string | null;
  author_name: string;
  author_party: "ours" | "opposing";
  created_at: GeneratedTimestamp;
}

export interface JointMinuteSignaturesTable {
  minute_id: string;
  party: "ours" | "opposing";
  version: number;
  sha256: string;
  typed_name: string;
  signer_id: string | null;
  ip: string | null;
  signed_at: Timestamp;
  /** The address the signing code was e-mailed to. */
  sent_to: string | null;
}

export interface JointMinuteGuestLinksTable {
  id: Generated<string>;
  minute_id: string;
  token_hash: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_by: string;
  created_at: GeneratedTimestamp;
  /** The address the link was e-mailed to. */
  sent_to: string | null;
}

export interface JointMinuteGuestSessionsTable {
  token_hash: string;
  link_id: string;
  expires_at: Timestamp;
  created_at: GeneratedTimestamp;
}

export interface JointMinuteCodesTable {
  id: Generated<string>;
  minute_id: string;
  purpose: "guest_access" | "sign_ours" | "sign_opposing";
  link_id: string | null;
  code_hash: string;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: Timestamp | null;
  created_at: GeneratedTimestamp;
  /** The address the code was e-mailed to. */
  sent_to: string | null;
}

export interface JointMinuteRepudiationsTable {
  id: Generated<string>;
  minute_id: string;
  party: "ours" | "opposing";
  repudiated_on: DateOnly;
  reasons: string;
  recorded_by: string;
  created_at: GeneratedTimestamp;
}

export interface Database {
  claimant_messages: ClaimantMessagesTable;
  claimant_replies: ClaimantRepliesTable;
  specializations: SpecializationsTable;
  users: UsersTable;
  user_contacts: UserContactsTable;
  sessions: SessionsTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  pending_registrations: PendingRegistrationsTable;
  calendar_feeds: CalendarFeedsTable;
  subject_requests: SubjectRequestsTable;
  security_breaches: SecurityBreachesTable;
  security_breach_claimants: SecurityBreachClaimantsTable;
  privacy_agreements: PrivacyAgreementsTable;
  notifications: NotificationsTable;
  message_threads: MessageThreadsTable;
  thread_participants: ThreadParticipantsTable;
  messages: MessagesTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  login_failures: LoginFailuresTable;
  access_log: AccessLogTable;
  app_secrets: AppSecretsTable;
  settings: SettingsTable;
  notification_preferences: NotificationPreferencesTable;
  notification_versions: NotificationVersionsTable;
  reference_counters: ReferenceCountersTable;
  patients: PatientsTable;
  cases: CasesTable;
  queries: QueriesTable;
  query_specializations: QuerySpecializationsTable;
  consultant_assignments: ConsultantAssignmentsTable;
  specialization_dependencies: SpecializationDependenciesTable;
  report_shares: ReportSharesTable;
  query_events: QueryEventsTable;
  files: FilesTable;
  file_deletions: FileDeletionsTable;
  backup_runs: BackupRunsTable;
  evidence_documents: EvidenceDocumentsTable;
  evidence_document_versions: EvidenceDocumentVersionsTable;
  case_bundle_settings: CaseBundleSettingsTable;
  bundles: BundlesTable;
  bundle_entries: BundleEntriesTable;
  bundle_outputs: BundleOutputsTable;
  bundle_shares: BundleSharesTable;
  bundle_share_sessions: BundleShareSessionsTable;
  record_holders: RecordHoldersTable;
  record_requests: RecordRequestsTable;
  record_request_disciplines: RecordRequestDisciplinesTable;
  record_request_events: RecordRequestEventsTable;
  record_request_fees: RecordRequestFeesTable;
  record_checklists: RecordChecklistsTable;
  received_records: ReceivedRecordsTable;
  received_record_ocr_pages: ReceivedRecordOcrPagesTable;
  record_request_files: RecordRequestFilesTable;
  record_request_reminders: RecordRequestRemindersTable;
  reports: ReportsTable;
  raf4_assessments: Raf4AssessmentsTable;
  report_versions: ReportVersionsTable;
  report_copies: ReportCopiesTable;
  report_checklist_items: ReportChecklistItemsTable;
  report_reviews: ReportReviewsTable;
  report_events: ReportEventsTable;
  report_questions: ReportQuestionsTable;
  release_deferrals: ReleaseDeferralsTable;
  deferral_agreements: DeferralAgreementsTable;
  case_billing_events: CaseBillingEventsTable;
  billing_reminders: BillingRemindersTable;
  email_outbox: EmailOutboxTable;
  availability_rules: AvailabilityRulesTable;
  availability_overrides: AvailabilityOverridesTable;
  bookings: BookingsTable;
  call_rosters: CallRostersTable;
  declared_holidays: DeclaredHolidaysTable;
  sla_timers: SlaTimersTable;
  sla_timer_pauses: SlaTimerPausesTable;
  invoices: InvoicesTable;
  invoice_lines: InvoiceLinesTable;
  credit_notes: CreditNotesTable;
  case_legal_holds: CaseLegalHoldsTable;
  court_order_items: CourtOrderItemsTable;
  court_step_reminders: CourtStepRemindersTable;
  court_plan_steps: CourtPlanStepsTable;
  destruction_candidates: DestructionCandidatesTable;
  destruction_certificates: DestructionCertificatesTable;
  credit_note_lines: CreditNoteLinesTable;
  billed_events: BilledEventsTable;
  fee_schedule: FeeScheduleTable;
  payments: PaymentsTable;
  payment_allocations: PaymentAllocationsTable;
  payment_proofs: PaymentProofsTable;
  invoice_reminders: InvoiceRemindersTable;
  meetings: MeetingsTable;
  meeting_participants: MeetingParticipantsTable;
  meeting_guest_sessions: MeetingGuestSessionsTable;
  meeting_signals: MeetingSignalsTable;
  meeting_recordings: MeetingRecordingsTable;
  meeting_recording_chunks: MeetingRecordingChunksTable;
  bank_mappings: BankMappingsTable;
  bank_statement_imports: BankStatementImportsTable;
  bank_statement_lines: BankStatementLinesTable;
  booking_logistics: BookingLogisticsTable;
  booking_tasks: BookingTasksTable;
  claimant_message_bookings: ClaimantMessageBookingsTable;
  joint_minutes: JointMinutesTable;
  joint_minute_versions: JointMinuteVersionsTable;
  joint_minute_signatures: JointMinuteSignaturesTable;
  joint_minute_guest_links: JointMinuteGuestLinksTable;
  joint_minute_guest_sessions: JointMinuteGuestSessionsTable;
  joint_minute_codes: JointMinuteCodesTable;
  joint_minute_repudiations: JointMinuteRepudiationsTable;
  saved_views: SavedViewsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Notification = Selectable<NotificationsTable>;
export type NewNotification = Insertable<NotificationsTable>;
export type AuditEntry = Selectable<AuditLogTable>;
