import { sql } from "kysely";
import type { AccessReport } from "@medlegal/domain";
import {
  BOOKING_STATUS_LABEL,
  CLAIMANT_ANSWER_LABEL,
  INVOICE_STATUS_LABELS,
  LIVE_BOOKING_STATUSES,
  PRIVACY_MESSAGES,
  QUERY_STATUS_LABEL,
  REPORT_STATUS_LABELS,
  ROLE_LABEL,
  sastDate,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { now } from "../platform/clock";
import { fullName } from "../platform/sql";
import type { Deps } from "../platform/deps";
import { getAgencySettings } from "../settings/settings";
import { renderAccessReportPdf } from "./access-report-pdf";
import { claimantTexts, recipientsOf } from "./access-report-parts";
import { assertPrivacyManager } from "./subject-requests";

/**
 * Everything the app holds about one claimant, and everyone who has read it (POPIA section 23;
 * docs/decisions.md "POPIA"): the JSON file and the PDF letter of an access request. Producing it
 * is itself a read, written to the access log.
 */

const ACCESS_ACTIONS: Record<string, string> = {
  view: "viewed",
  download: "downloaded",
  export: "exported",
  print: "printed",
  share: "was given",
};
const ENTITY_NAMES: Record<string, string> = {
  patient: "claimant record",
  // Global search (issue 30): a claimant opened from a search by ID or passport number.
  claimant_search: "claimant record, found by ID or passport number",
  case: "case",
  query: "query",
  document: "documents of a query",
  meeting_recording: "recording of a video assessment",
  message_attachment: "attachment of a message",
  statement: "statement of account",
  report: "report",
  report_version: "report",
  booking: "booking",
  invoice: "invoice",
  message_thread: "conversation about a query",
  access_report: "access report",
  // A records request's letter or the records a holder sent (issue 40).
  record_request: "letter or records of a records request",
};

async function collectAccessReport({ db }: Pick<Deps, "db">, patientId: string): Promise<AccessReport> {
  const patient = await db
    .selectFrom("patients")
    .innerJoin("users as attorney", "attorney.id", "patients.attorney_id")
    .selectAll("patients")
    .select([fullName<string>("attorney").as("attorney_name"), "attorney.firm_name"])
    .where("patients.id", "=", patientId)
    .executeTakeFirst();
  if (!patient) throw new AppError("NOT_FOUND", PRIVACY_MESSAGES.patientNotFound);

  const [agency, cases, queries, bookings, reports, versions, invoices, messages, reads] = await Promise.all([
    getAgencySettings({ db }),
    db
      .selectFrom("cases")
      .select(["reference", "claim_type", "incident_date", "status"])
      .where("patient_id", "=", patientId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("queries")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .select(["queries.reference", "cases.reference as case_reference", "queries.status", "queries.created_at"])
      .where("cases.patient_id", "=", patientId)
      .orderBy("queries.created_at")
      .execute(),
    db
      .selectFrom("bookings")
      .innerJoin("users as expert", "expert.id", "bookings.consultant_id")
      .innerJoin("specializations", "specializations.id", "bookings.specialization_id")
      .select([
        "bookings.reference",
        "bookings.starts_at",
        "bookings.status",
        "bookings.claimant_answer",
        "specializations.name as specialization",
        fullName<string>("expert").as("expert"),
      ])
      .where("bookings.patient_id", "=", patientId)
      .orderBy("bookings.starts_at")
      .execute(),
    db
      .selectFrom("reports")
      .innerJoin("users as expert", "expert.id", "reports.consultant_id")
      .select(["reports.id", "reports.reference", "reports.status", fullName<string>("expert").as("expert")])
      .where("reports.patient_id", "=", patientId)
      .orderBy("reports.created_at")
      .execute(),
    db
      .selectFrom("report_versions")
      .innerJoin("reports", "reports.id", "report_versions.report_id")
      .select(["report_versions.report_id", "report_versions.number", "report_versions.created_at"])
      .where("reports.patient_id", "=", patientId)
      .orderBy("report_versions.number")
      .execute(),
    db
      .selectFrom("invoices")
      .select(["number", "issue_date", "status", "total_cents"])
      .where("patient_id", "=", patientId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("message_threads")
      .innerJoin("queries", "queries.id", "message_threads.query_id")
      .innerJoin("cases", "cases.id", "queries.case_id")
      .innerJoin("messages", "messages.thread_id", "message_threads.id")
      .select(["message_threads.subject", sql<number>`count(messages.id)`.as("count"), sql<Date>`max(messages.created_at)`.as("last_at")])
      .where("cases.patient_id", "=", patientId)
      .groupBy(["message_threads.id", "message_threads.subject"])
      .orderBy(sql`max(messages.created_at)`)
      .execute(),
    db
      .selectFrom("access_log")
      .leftJoin("users", "users.id", "access_log.user_id")
      .select([
        "access_log.at",
        "access_log.action",
        "access_log.entity_type",
        "access_log.user_role",
        fullName<string | null>("users").as("who"),
      ])
      .where("access_log.patient_id", "=", patientId)
      .orderBy("access_log.at")
      .orderBy("access_log.id")
      .execute(),
  ]);

  const [texts, recipients] = await Promise.all([
    claimantTexts(db, patientId),
    recipientsOf(db, patientId, { attorney: patient.firm_name ?? patient.attorney_name, bookedExperts: bookings }),
  ]);
  const at = now();
  return {
    generatedAt: at.toISOString(),
    generatedOn: sastDate(at),
    agency: {
      name: agency.name,
      informationOfficer: agency.informationOfficer || null,
      informationOfficerContact: agency.informationOfficerContact || null,
      address: agency.address || null,
      email: agency.email || null,
      phone: agency.phone || null,
    },
    claimant: {
      name: `${patient.first_name} ${patient.last_name}`,
      idNumber: patient.id_number,
      passportNumber: patient.passport_number,
      birthDate: patient.birth_date,
      gender: patient.gender,
      email: patient.email,
      phone: patient.phone,
      address: patient.address,
      homeLanguage: patient.home_language,
      interpreterNeeded: patient.interpreter_needed,
      consentReceivedOn: patient.consent_received_at,
      createdAt: patient.created_at.toISOString(),
    },
    attorney: { name: patient.attorney_name, firm: patient.firm_name },
    cases: cases.map((c) => ({ reference: c.reference, claimType: c.claim_type, incidentDate: c.incident_date, status: c.status })),
    queries: queries.map((q) => ({
      reference: q.reference,
      caseReference: q.case_reference,
      status: QUERY_STATUS_LABEL[q.status],
      createdAt: q.created_at.toISOString(),
    })),
    bookings: bookings.map((b) => ({
      reference: b.reference,
      startsAt: b.starts_at.toISOString(),
      expert: b.expert,
      specialization: b.specialization,
      status: bookingState(b),
    })),
    reports: reports.map((r) => ({
      reference: r.reference,
      expert: r.expert,
      status: REPORT_STATUS_LABELS[r.status],
      versions: versions.filter((v) => v.report_id === r.id).map((v) => ({ version: v.number, uploadedAt: v.created_at.toISOString() })),
    })),
    invoices: invoices.map((i) => ({
      number: i.number,
      issueDate: i.issue_date,
      status: INVOICE_STATUS_LABELS[i.status],
      totalCents: Number(i.total_cents),
    })),
    messages: messages.map((m) => ({ threadSubject: m.subject, count: Number(m.count), lastAt: new Date(m.last_at).toISOString() })),
    reads: reads.map((r) => ({
      at: r.at.toISOString(),
      who: r.who ?? "A former user",
      role: r.user_role ? ROLE_LABEL[r.user_role] : "Unknown",
      action: ACCESS_ACTIONS[r.action] ?? r.action,
      what: ENTITY_NAMES[r.entity_type] ?? r.entity_type.replace(/_/g, " "),
    })),
    texts: texts.texts,
    textsStoppedOn: texts.stoppedOn,
    recipients,
  };
}

/** A booking as it stands: its status, and while it is still ahead the claimant's own answer to the reminder. */
function bookingState(b: {
  status: keyof typeof BOOKING_STATUS_LABEL;
  claimant_answer: keyof typeof CLAIMANT_ANSWER_LABEL | null;
}): string {
  const status = BOOKING_STATUS_LABEL[b.status];
  return b.claimant_answer && LIVE_BOOKING_STATUSES.includes(b.status)
    ? `${status}; ${CLAIMANT_ANSWER_LABEL[b.claimant_answer].toLowerCase()}`
    : status;
}

/**
 * The access report in the form asked for: the JSON file, or the PDF letter to the claimant. The
 * report is gathered before its own export is logged, so it lists the reads that came before it.
 */
export async function accessReport(
  deps: Deps,
  patientId: string,
  format: "json" | "pdf",
): Promise<{ fileName: string; body: Buffer | string; contentType: string }> {
  await assertPrivacyManager(deps);
  const report = await collectAccessReport(deps, patientId);
  await recordAccess(deps.db, deps.actor, { action: "export", entityType: "access_report", entityId: patientId, patientId });
  // The South African day, as the letter is dated (never the UTC day between midnight and 02:00).
  const base = `access-report-${report.claimant.name.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${report.generatedOn}`;
  if (format === "json")
    return { fileName: `${base}.json`, body: JSON.stringify(report, null, 2), contentType: "application/json; charset=utf-8" };
  return { fileName: `${base}.pdf`, body: await renderAccessReportPdf(report), contentType: "application/pdf" };
}
