/** Reading reports: the list and one report with its versions, reviews, timeline and questions. */
import { sql } from "kysely";
import type { z } from "zod";
import type { CurrentUser, ReportDetail, ReportListItem, reportListInputSchema, ReportStatus, ReviewItem } from "@medlegal/domain";
import {
  attorneyStatusFilter,
  REPORT_QUESTION_DAYS,
  releasedReportFileName,
  reportStatusLabel,
  shownReportStatus,
  isAttorney,
  can,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { now } from "../platform/clock";
import { assertCan, isStaff, visibleReports } from "../platform/access";
import type { Db, Deps } from "../platform/deps";
import { reportInvoice } from "./release";
import { releaseTerms } from "./release-terms";
import { hasCaseDeferral } from "../receivables/deferrals";
import { DAY_MS, MISSING } from "./report-access";
import { activeChecklist } from "./report-checklist";
import { examinationOf } from "./report-examination";
import { fullName } from "../platform/sql";
import { listSearch } from "../platform/search-terms";

function listQuery(db: Db, user: CurrentUser) {
  return db
    .selectFrom("reports")
    .innerJoin("patients", "patients.id", "reports.patient_id")
    .innerJoin("users as consultant", "consultant.id", "reports.consultant_id")
    .innerJoin("users as attorney", "attorney.id", "reports.attorney_id")
    .innerJoin("specializations", "specializations.id", "reports.specialization_id")
    .innerJoin("queries", "queries.id", "reports.query_id")
    .innerJoin("cases", "cases.id", "reports.case_id")
    .selectAll("reports")
    .select([
      fullName("patients").as("patient_name"),
      fullName("consultant").as("consultant_name"),
      fullName("attorney").as("attorney_name"),
      "attorney.firm_name",
      "specializations.name as specialization",
      "queries.reference as query_reference",
      "cases.reference as case_reference",
      (eb) =>
        eb
          .selectFrom("report_versions")
          .select(sql<number>`count(*)::int`.as("n"))
          .whereRef("report_versions.report_id", "=", "reports.id")
          .as("version_count"),
    ])
    .where(visibleReports(user));
}
type ListRow = Awaited<ReturnType<ReturnType<typeof listQuery>["executeTakeFirstOrThrow"]>>;

const OPEN: ReportStatus[] = ["awaiting", "submitted", "in_review", "changes_requested"];

function toListItem(r: ListRow, user: CurrentUser, at = now().getTime()): ReportListItem {
  return {
    id: r.id,
    reference: r.reference,
    kind: r.kind,
    status: shownReportStatus(r.status, user.role),
    statusLabel: reportStatusLabel(r.status, user.role),
    dueAt: r.due_at.toISOString(),
    overdue: OPEN.includes(r.status) && r.due_at.getTime() < at,
    patientName: r.patient_name,
    consultantName: r.consultant_name,
    specialization: r.specialization,
    queryId: r.query_id,
    queryReference: r.query_reference,
    caseReference: r.case_reference,
    attorneyName: r.firm_name ? `${r.attorney_name} (${r.firm_name})` : r.attorney_name,
    // An attorney only ever receives the released version, so drafts are not counted for them.
    versions: isAttorney(user) ? (r.status === "released" ? 1 : 0) : Number(r.version_count ?? 0),
    releasedAt: r.released_at?.toISOString() ?? null,
  };
}

/**
 * The caller's reports with filters, in the chosen order (due date, soonest first, by default, as
 * staff's review queue always is); each order ends in the id, so equal values keep one order.
 */
export async function listReports(deps: Deps, f: z.output<typeof reportListInputSchema>): Promise<ReportListItem[]> {
  let query = matchingReports(deps, f);
  switch (f.queue ? "due" : f.sort) {
    case "due":
      query = query.orderBy("reports.due_at").orderBy("reports.reference");
      break;
    case "newest":
      query = query.orderBy("reports.created_at", "desc");
      break;
    case "reference":
      query = query.orderBy("reports.reference");
      break;
    case "claimant":
      query = query.orderBy("patients.last_name").orderBy("patients.first_name").orderBy("reports.due_at");
      break;
  }
  const rows = await query.orderBy("reports.id").limit(500).execute();
  return rows.map((r) => toListItem(r, deps.actor.user));
}

/** The reports the caller may see that match the list's filters, unsorted (the list and a saved view's count read it). */
export function matchingReports({ db, actor }: Deps, f: z.output<typeof reportListInputSchema>) {
  let query = listQuery(db, actor.user);
  if (f.queue) {
    assertCan(actor.user, "reports.review", "The review queue is for the agency.");
    query = query.where("reports.status", "in", ["submitted", "in_review"]);
  }
  if (f.status) query = query.where("reports.status", "in", isAttorney(actor.user) ? attorneyStatusFilter(f.status) : [f.status]);
  if (f.kind) query = query.where("reports.kind", "=", f.kind);
  if (f.overdue) query = query.where("reports.status", "in", OPEN).where("reports.due_at", "<", now());
  if (f.queryId) query = query.where("reports.query_id", "=", f.queryId);
  if (f.bookingId) query = query.where("reports.booking_id", "=", f.bookingId);
  if (f.caseId) query = query.where("reports.case_id", "=", f.caseId);
  if (f.search) query = query.where(listSearch(f.search, { table: "reports", query: "query_id", people: ["consultant_id"] }));
  return query;
}

/** One report with its versions, reviews, timeline and questions; a view is recorded in the access log. */
export async function getReport({ db, actor }: Deps, { id }: { id: string }): Promise<ReportDetail> {
  const r = await listQuery(db, actor.user).where("reports.id", "=", id).executeTakeFirst();
  if (!r) throw new AppError("NOT_FOUND", MISSING);
  const user = actor.user;
  const attorney = isAttorney(user);
  const versionRows = await db
    .selectFrom("report_versions")
    .innerJoin("files", "files.id", "report_versions.file_id")
    .innerJoin("users as up", "up.id", "report_versions.uploaded_by")
    .leftJoin("users as ob", "ob.id", "report_versions.on_behalf_of")
    .select([
      "report_versions.id",
      "report_versions.number",
      "report_versions.file_id",
      "report_versions.page_count",
      "report_versions.change_note",
      "report_versions.declaration",
      "report_versions.created_at",
      "files.file_name",
      "files.size",
      fullName("up").as("uploaded_by_name"),
      fullName<string | null>("ob").as("on_behalf_of_name"),
    ])
    .where("report_versions.report_id", "=", id)
    .orderBy("report_versions.number")
    .execute();
  // Attorneys see only the released version (the last), nothing before release.
  const shownVersions = attorney ? (r.status === "released" ? versionRows.slice(-1) : []) : versionRows;
  const reviews = attorney
    ? []
    : await db
        .selectFrom("report_reviews")
        .innerJoin("report_versions", "report_versions.id", "report_reviews.version_id")
        .innerJoin("users", "users.id", "report_reviews.reviewer_id")
        .select([
          "report_reviews.id",
          "report_reviews.outcome",
          "report_reviews.items",
          "report_reviews.comment",
          "report_reviews.created_at",
          "report_versions.number",
          fullName("users").as("reviewer_name"),
        ])
        .where("report_reviews.report_id", "=", id)
        .orderBy("report_reviews.created_at")
        .execute();
  const events = await db
    .selectFrom("report_events")
    .leftJoin("users", "users.id", "report_events.actor_id")
    .select([
      "report_events.id",
      "report_events.at",
      "report_events.from_status",
      "report_events.to_status",
      "report_events.body",
      fullName<string | null>("users").as("actor_name"),
    ])
    .where("report_events.report_id", "=", id)
    .orderBy("report_events.at")
    .execute();
  const parent = r.parent_report_id
    ? await db
        .selectFrom("reports")
        .select(["id", "reference", "kind"])
        .where("id", "=", r.parent_report_id)
        .where(visibleReports(user))
        .executeTakeFirst()
    : undefined;
  const linked = await db
    .selectFrom("reports")
    .select(["id", "reference", "kind", "status"])
    .where("parent_report_id", "=", id)
    .where(visibleReports(user))
    .orderBy("created_at")
    .execute();
  const question = await db
    .selectFrom("report_questions")
    .innerJoin("users", "users.id", "report_questions.asked_by")
    .leftJoin("reports as supp", "supp.id", "report_questions.supplementary_report_id")
    .select([
      "report_questions.body",
      "report_questions.created_at",
      "report_questions.supplementary_report_id",
      "supp.reference as supp_reference",
      fullName("users").as("asked_by_name"),
    ])
    .where("report_questions.report_id", "=", id)
    .executeTakeFirst();
  const booking = r.booking_id
    ? await db.selectFrom("bookings").select("reference").where("id", "=", r.booking_id).executeTakeFirst()
    : undefined;
  const deferral =
    Boolean(await db.selectFrom("release_deferrals").select("attorney_id").where("attorney_id", "=", r.attorney_id).executeTakeFirst()) ||
    (await hasCaseDeferral(db, r.case_id));
  const questionsUntil =
    r.status === "released" && r.released_at && !question && r.kind !== "supplementary"
      ? new Date(r.released_at.getTime() + REPORT_QUESTION_DAYS * DAY_MS)
      : null;
  const staff = isStaff(user);
  // Release terms (early release and its reason, a deferral agreement) are between the agency and
  // the attorney: the expert sees that the report was released, not why or when it was paid
  // (docs/decisions.md, "Reports and SLA: what each side sees").
  const seesReleaseTerms = staff || attorney;
  // The report's invoice: staff see drafts too, the attorney only what was issued to them.
  const invoice = seesReleaseTerms ? await reportInvoice(db, r.id, { drafts: staff }) : null;
  const basis = staff && r.status === "approved" ? await releaseTerms(db, r) : null;
  await recordAccess(db, actor, { action: "view", entityType: "report", entityId: id, patientId: r.patient_id });
  return {
    ...toListItem(r, user),
    versions: shownVersions.length,
    bookingId: r.booking_id,
    bookingReference: booking?.reference ?? null,
    // The attorney reads the RAF 4's findings once released, as on the RAF 4 card.
    examination: await examinationOf(db, r, { withRaf4: !attorney || r.status === "released" }),
    requestedScope: attorney ? null : r.requested_scope,
    consultantId: r.consultant_id,
    parent: parent ?? null,
    linked: linked.map((l) => ({
      ...l,
      status: shownReportStatus(l.status, user.role),
      statusLabel: reportStatusLabel(l.status, user.role),
    })),
    versionList: shownVersions.map((v) => ({
      id: v.id,
      number: v.number,
      fileId: v.file_id,
      // The attorney's copy is named as its download is: without the drafts' version or the expert's own file name.
      fileName: attorney ? releasedReportFileName(r.reference, r.kind) : v.file_name,
      size: v.size,
      pageCount: v.page_count,
      uploadedByName: v.uploaded_by_name,
      onBehalfOfName: v.on_behalf_of_name,
      changeNote: attorney ? null : v.change_note,
      declaration: v.declaration,
      createdAt: v.created_at.toISOString(),
    })),
    reviews: reviews.map((rv) => ({
      id: rv.id,
      versionNumber: rv.number,
      reviewerName: rv.reviewer_name,
      outcome: rv.outcome,
      items: rv.items as ReviewItem[],
      comment: rv.comment,
      createdAt: rv.created_at.toISOString(),
    })),
    events: attorney
      ? []
      : events.map((e) => ({
          id: e.id,
          at: e.at.toISOString(),
          actorName: e.actor_name,
          fromStatus: e.from_status as ReportStatus | null,
          toStatus: e.to_status as ReportStatus | null,
          body: !seesReleaseTerms && e.to_status === "released" ? null : e.body,
        })),
    checklist: staff ? await activeChecklist(db, r.kind) : [],
    questions: question
      ? {
          body: question.body,
          askedByName: question.asked_by_name,
          createdAt: question.created_at.toISOString(),
          supplementaryReportId: question.supplementary_report_id,
          supplementaryReference: question.supp_reference,
        }
      : null,
    questionsUntil: questionsUntil?.toISOString() ?? null,
    releaseOverrideReason: staff ? r.release_override_reason : null,
    withdrawnReason: r.withdrawn_reason,
    releasedOnApproval: seesReleaseTerms && Boolean(deferral),
    invoice,
    releaseBasis: basis,
    can: {
      upload: can(user.role, "reports.upload") && (r.status === "awaiting" || r.status === "changes_requested"),
      take: staff && r.status === "submitted",
      review: staff && r.status === "in_review",
      release: staff && r.status === "approved" && basis !== null,
      overrideRelease: can(user.role, "reports.override") && r.status === "approved" && basis === null,
      withdraw: staff && r.status !== "released" && r.status !== "withdrawn",
      ask: attorney && questionsUntil !== null && questionsUntil.getTime() > now().getTime(),
      link: staff && r.status === "released",
    },
  };
}
