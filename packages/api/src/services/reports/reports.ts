import { createHash } from "node:crypto";
import type { ExpressionBuilder, Kysely } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type {
  ChecklistItem,
  CurrentUser,
  checklistKindSchema,
  checklistUpdateSchema,
  deferralListInputSchema,
  deferralSchema,
  linkedReportSchema,
  ReleaseDeferral,
  ReportDetail,
  ReportKind,
  ReportListItem,
  reportListInputSchema,
  reportQuestionsSchema,
  reportReasonSchema,
  reportReviewSchema,
  ReportStatus,
  reportUploadSchema,
  ReviewItem,
} from "@medlegal/domain";
import { attorneyStatusFilter, REPORT_QUESTION_DAYS, reportStatusLabel, shownReportStatus } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAccess } from "../audit/access-log";
import { recordAudit } from "../audit/audit";
import { checkUpload, storeFile } from "../files/files";
import { stampPdf } from "../files/pdf-jobs";
import { now, stamp } from "../platform/clock";
import { isStaff } from "../platform/access";
import type { ReportRow } from "./lifecycle";
import {
  createReport,
  recordApproved,
  recordChangesRequested,
  recordReleased,
  recordTakenForReview,
  recordVersionSubmitted,
  recordWithdrawn,
} from "./lifecycle";
import type { Db, Deps } from "../platform/deps";
import { releaseByRule, releaseTerms, reportInvoice } from "./release";

const DAY_MS = 86_400_000;
const MISSING = "That report does not exist or is not yours to see.";

/** Reports a user may see: all for staff, their own for attorneys and consultants (docs/architecture.md, row scoping). */
export function visibleReports(user: CurrentUser) {
  return (eb: ExpressionBuilder<Database, "reports">) => {
    if (isStaff(user)) return eb.lit(true);
    if (user.role === "attorney") return eb("reports.attorney_id", "=", user.id);
    return eb("reports.consultant_id", "=", user.id);
  };
}

async function loadVisibleReport(db: Db, user: CurrentUser, id: string, lock = false): Promise<ReportRow> {
  let query = db.selectFrom("reports").selectAll().where("id", "=", id).where(visibleReports(user));
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", MISSING);
  return row;
}

const fullName = (table: string) => sql<string>`${sql.ref(`${table}.first_name`)} || ' ' || ${sql.ref(`${table}.last_name`)}`;

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
      (eb) => eb.selectFrom("report_versions").select(sql<number>`count(*)::int`.as("n")).whereRef("report_versions.report_id", "=", "reports.id").as("version_count"),
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
    versions: user.role === "attorney" ? (r.status === "released" ? 1 : 0) : Number(r.version_count ?? 0),
    releasedAt: r.released_at?.toISOString() ?? null,
  };
}

/** The caller's reports with filters; staff's review queue (submitted and in review) is sorted by due date. */
export async function listReports({ db, actor }: Deps, f: z.output<typeof reportListInputSchema>): Promise<ReportListItem[]> {
  let query = listQuery(db, actor.user);
  if (f.queue) {
    if (!isStaff(actor.user)) throw new AppError("FORBIDDEN", "The review queue is for the agency.");
    query = query.where("reports.status", "in", ["submitted", "in_review"]);
  }
  if (f.status) query = query.where("reports.status", "in", actor.user.role === "attorney" ? attorneyStatusFilter(f.status) : [f.status]);
  if (f.kind) query = query.where("reports.kind", "=", f.kind);
  if (f.overdue) query = query.where("reports.status", "in", OPEN).where("reports.due_at", "<", now());
  if (f.queryId) query = query.where("reports.query_id", "=", f.queryId);
  if (f.bookingId) query = query.where("reports.booking_id", "=", f.bookingId);
  if (f.caseId) query = query.where("reports.case_id", "=", f.caseId);
  if (f.search) {
    const like = `%${f.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb("reports.reference", "ilike", like),
        eb(fullName("patients"), "ilike", like),
        eb(fullName("consultant"), "ilike", like),
        eb("queries.reference", "ilike", like),
      ]),
    );
  }
  const rows = await query.orderBy("reports.due_at").orderBy("reports.reference").limit(500).execute();
  return rows.map((r) => toListItem(r, actor.user));
}

async function activeChecklist(db: Db, kind: ReportKind): Promise<ChecklistItem[]> {
  const rows = await db.selectFrom("report_checklist_items").select(["id", "label", "mandatory"]).where("kind", "=", kind).where("active", "=", true).orderBy("position").execute();
  return rows;
}

/** One report with its versions, reviews, timeline and questions; a view is recorded in the access log. */
export async function getReport({ db, actor }: Deps, { id }: { id: string }): Promise<ReportDetail> {
  const r = await listQuery(db, actor.user).where("reports.id", "=", id).executeTakeFirst();
  if (!r) throw new AppError("NOT_FOUND", MISSING);
  const user = actor.user;
  const attorney = user.role === "attorney";
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
      sql<string | null>`ob.first_name || ' ' || ob.last_name`.as("on_behalf_of_name"),
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
        .select(["report_reviews.id", "report_reviews.outcome", "report_reviews.items", "report_reviews.comment", "report_reviews.created_at", "report_versions.number", fullName("users").as("reviewer_name")])
        .where("report_reviews.report_id", "=", id)
        .orderBy("report_reviews.created_at")
        .execute();
  const events = await db
    .selectFrom("report_events")
    .leftJoin("users", "users.id", "report_events.actor_id")
    .select(["report_events.id", "report_events.at", "report_events.from_status", "report_events.to_status", "report_events.body", sql<string | null>`users.first_name || ' ' || users.last_name`.as("actor_name")])
    .where("report_events.report_id", "=", id)
    .orderBy("report_events.at")
    .execute();
  const parent = r.parent_report_id
    ? await db.selectFrom("reports").select(["id", "reference", "kind"]).where("id", "=", r.parent_report_id).where(visibleReports(user)).executeTakeFirst()
    : undefined;
  const linked = await db.selectFrom("reports").select(["id", "reference", "kind", "status"]).where("parent_report_id", "=", id).where(visibleReports(user)).orderBy("created_at").execute();
  const question = await db
    .selectFrom("report_questions")
    .innerJoin("users", "users.id", "report_questions.asked_by")
    .leftJoin("reports as supp", "supp.id", "report_questions.supplementary_report_id")
    .select(["report_questions.body", "report_questions.created_at", "report_questions.supplementary_report_id", "supp.reference as supp_reference", fullName("users").as("asked_by_name")])
    .where("report_questions.report_id", "=", id)
    .executeTakeFirst();
  const booking = r.booking_id ? await db.selectFrom("bookings").select("reference").where("id", "=", r.booking_id).executeTakeFirst() : undefined;
  const deferral = await db.selectFrom("release_deferrals").select("attorney_id").where("attorney_id", "=", r.attorney_id).executeTakeFirst();
  const questionsUntil =
    r.status === "released" && r.released_at && !question && r.kind !== "supplementary" ? new Date(r.released_at.getTime() + REPORT_QUESTION_DAYS * DAY_MS) : null;
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
    consultantId: r.consultant_id,
    parent: parent ?? null,
    linked: linked.map((l) => ({ ...l, status: shownReportStatus(l.status, user.role), statusLabel: reportStatusLabel(l.status, user.role) })),
    versionList: shownVersions.map((v) => ({
      id: v.id,
      number: v.number,
      fileId: v.file_id,
      fileName: v.file_name,
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
      upload: (staff || user.role === "consultant") && (r.status === "awaiting" || r.status === "changes_requested"),
      take: staff && r.status === "submitted",
      review: staff && r.status === "in_review",
      release: staff && r.status === "approved" && basis !== null,
      overrideRelease: user.role === "administrator" && r.status === "approved" && basis === null,
      withdraw: staff && r.status !== "released" && r.status !== "withdrawn",
      ask: attorney && questionsUntil !== null && questionsUntil.getTime() > now().getTime(),
      link: staff && r.status === "released",
    },
  };
}

function assertOpenForUpload(report: ReportRow, user: CurrentUser): void {
  if (report.status !== "awaiting" && report.status !== "changes_requested") {
    throw new AppError("CONFLICT", `${report.reference} is ${reportStatusLabel(report.status, user.role).toLowerCase()}: a new version can be uploaded only while the report is awaited or after changes were requested.`);
  }
}

/**
 * Whether the caller may upload a version to this report now: 403 for attorneys, 404 for a report
 * they may not see, 409 when it takes no uploads. The upload route asks before it reads the file,
 * so nobody can make the server buffer 25 MB for a report that is not theirs.
 */
export async function assertMayUploadVersion({ db, actor }: Deps, id: string): Promise<void> {
  if (actor.user.role === "attorney") throw new AppError("FORBIDDEN", "The expert or the agency uploads reports.");
  assertOpenForUpload(await loadVisibleReport(db, actor.user, id), actor.user);
}

/**
 * Uploads the next version: the consultant to their own report, staff on the expert's behalf (a
 * report e-mailed in). Only while the report is awaited or changes were requested.
 */
export async function uploadVersion(
  { db, actor }: Deps,
  input: z.output<typeof reportUploadSchema> & { fileName: string; data: Uint8Array },
): Promise<{ id: string; number: number }> {
  await assertMayUploadVersion({ db, actor }, input.id);
  // Opened in a worker thread (pdf-jobs.ts): a damaged, encrypted or oversized PDF is refused there.
  const file = await checkUpload("report_version", input);
  const pages = file.pages ?? 0;
  return db.transaction().execute(async (trx) => {
    const report = await loadVisibleReport(trx, actor.user, input.id, true);
    assertOpenForUpload(report, actor.user);
    const stored = await storeFile(trx, actor, "report_version", report.id, file);
    const { last } = await trx.selectFrom("report_versions").select(sql<number>`coalesce(max(number), 0)::int`.as("last")).where("report_id", "=", report.id).executeTakeFirstOrThrow();
    const number = Number(last) + 1;
    const version = await trx
      .insertInto("report_versions")
      .values({
        report_id: report.id,
        number,
        file_id: stored.id,
        page_count: pages,
        uploaded_by: actor.user.id,
        on_behalf_of: actor.user.id === report.consultant_id ? null : report.consultant_id,
        change_note: input.changeNote,
        declaration: input.declaration,
        ...stamp("created_at"),
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: "report.version_upload",
      entityType: "report",
      entityId: report.id,
      after: { version: number, fileName: file.fileName, size: file.size, sha256: file.sha256, pages },
    });
    await recordVersionSubmitted(trx, actor, report, { number, fileName: file.fileName });
    return { id: version.id, number };
  });
}

/** An employee takes a submitted report for review. */
export async function takeReport({ db, actor }: Deps, { id }: { id: string }): Promise<ReportDetail> {
  await db.transaction().execute(async (trx) => recordTakenForReview(trx, actor, await loadVisibleReport(trx, actor.user, id, true)));
  return getReport({ db, actor }, { id });
}

/**
 * Records a review of the latest version against the kind's checklist: every active check marked.
 * A failed check (with a comment) sends it back; all mandatory checks passing approves it.
 */
export async function reviewReport({ db, actor }: Deps, input: z.output<typeof reportReviewSchema>): Promise<ReportDetail> {
  await db.transaction().execute(async (trx) => {
    const report = await loadVisibleReport(trx, actor.user, input.id, true);
    if (report.status !== "in_review") {
      throw new AppError("CONFLICT", `${report.reference} is ${reportStatusLabel(report.status, actor.user.role).toLowerCase()}: take it for review first.`);
    }
    const checklist = await activeChecklist(trx, report.kind);
    const given = new Map(input.items.map((i) => [i.itemId, i]));
    const missing = checklist.filter((c) => !given.has(c.id));
    if (missing.length || given.size !== input.items.length || input.items.some((i) => !checklist.some((c) => c.id === i.itemId))) {
      throw new AppError("INVALID", missing.length ? `Mark every check: "${missing[0]!.label}" is not marked.` : "Mark each check of this report's checklist once.");
    }
    const items: ReviewItem[] = checklist.map((c) => ({ itemId: c.id, label: c.label, mandatory: c.mandatory, result: given.get(c.id)!.result, comment: given.get(c.id)!.comment }));
    const failed = items.filter((i) => i.result === "fail");
    const failedWithoutComment = failed.find((i) => !i.comment);
    if (failedWithoutComment) throw new AppError("INVALID", `Say what is wrong with "${failedWithoutComment.label}".`);
    const notPassed = items.find((i) => i.mandatory && i.result !== "pass");
    if (!failed.length && notPassed) throw new AppError("INVALID", `"${notPassed.label}" is mandatory: it must pass for the report to be approved, or fail with a comment.`);
    const version = await trx.selectFrom("report_versions").select(["id"]).where("report_id", "=", report.id).orderBy("number", "desc").executeTakeFirstOrThrow();
    const outcome = failed.length ? "changes_requested" : "approved";
    await trx
      .insertInto("report_reviews")
      .values({ report_id: report.id, version_id: version.id, reviewer_id: actor.user.id, outcome, items: JSON.stringify(items), comment: input.comment, ...stamp("created_at") })
      .execute();
    if (outcome === "approved") await recordApproved(trx, actor, report);
    else await recordChangesRequested(trx, actor, report, input.comment ?? failed.map((i) => `${i.label}: ${i.comment}`).join("\n"));
  });
  return getReport({ db, actor }, { id: input.id });
}

/** Staff release an approved report when the release rule allows it (paid in full or a deferral agreement), else 409. */
export async function releaseReport({ db, actor }: Deps, { id }: { id: string }): Promise<ReportDetail> {
  await db.transaction().execute(async (trx) => releaseByRule(trx, actor, await loadVisibleReport(trx, actor.user, id, true)));
  return getReport({ db, actor }, { id });
}

/** An administrator releases an unpaid report, with a reason (audited). */
export async function overrideRelease({ db, actor }: Deps, { id, reason }: z.output<typeof reportReasonSchema>): Promise<ReportDetail> {
  await db.transaction().execute(async (trx) => recordReleased(trx, actor, await loadVisibleReport(trx, actor.user, id, true), { overrideReason: reason }));
  return getReport({ db, actor }, { id });
}

export async function withdrawReport({ db, actor }: Deps, { id, reason }: z.output<typeof reportReasonSchema>): Promise<ReportDetail> {
  await db.transaction().execute(async (trx) => recordWithdrawn(trx, actor, await loadVisibleReport(trx, actor.user, id, true), reason));
  return getReport({ db, actor }, { id });
}

/** Copies a report's parties onto a new linked report. */
function linkedValues(parent: ReportRow, kind: ReportKind) {
  return {
    query_id: parent.query_id,
    case_id: parent.case_id,
    patient_id: parent.patient_id,
    attorney_id: parent.attorney_id,
    booking_id: null,
    consultant_id: parent.consultant_id,
    specialization_id: parent.specialization_id,
    kind,
    parent_report_id: parent.id,
  };
}

/**
 * The attorney's written questions on a released report, once, within REPORT_QUESTION_DAYS; they
 * start a supplementary report that goes through review and release like any other.
 */
export async function askQuestions({ db, actor }: Deps, { id, body }: z.output<typeof reportQuestionsSchema>): Promise<ReportDetail> {
  await db.transaction().execute(async (trx) => {
    const report = await loadVisibleReport(trx, actor.user, id, true);
    if (report.status !== "released" || !report.released_at) throw new AppError("CONFLICT", "Questions can be put once the report has been released.");
    if (report.kind === "supplementary") throw new AppError("CONFLICT", "Questions are put on the original report, not on a supplementary report.");
    if (now().getTime() > report.released_at.getTime() + REPORT_QUESTION_DAYS * DAY_MS) {
      throw new AppError("CONFLICT", `Questions can be put within ${REPORT_QUESTION_DAYS} days of release; that time has passed.`);
    }
    const asked = await trx.selectFrom("report_questions").select("id").where("report_id", "=", id).executeTakeFirst();
    if (asked) throw new AppError("CONFLICT", "Questions on this report have already been put; they are answered in a supplementary report.");
    const supplementary = await createReport(trx, actor, linkedValues(report, "supplementary"));
    await trx.insertInto("report_questions").values({ report_id: id, asked_by: actor.user.id, body, supplementary_report_id: supplementary.id, ...stamp("created_at") }).execute();
    await trx.insertInto("report_events").values({ report_id: id, actor_id: actor.user.id, body: `Questions put; answered in ${supplementary.reference}`, ...stamp("at") }).execute();
    await recordAudit(trx, actor, { action: "report.questions", entityType: "report", entityId: id, after: { supplementary: supplementary.reference } });
  });
  return getReport({ db, actor }, { id });
}

/** Staff start an addendum or joint minute linked to a released report (a released report never changes). */
export async function createLinkedReport({ db, actor }: Deps, { parentId, kind }: z.output<typeof linkedReportSchema>): Promise<{ id: string; reference: string }> {
  return db.transaction().execute(async (trx) => {
    const parent = await loadVisibleReport(trx, actor.user, parentId, true);
    if (parent.status !== "released") throw new AppError("CONFLICT", "An addendum or joint minute follows a released report; until then, request changes to this one.");
    const report = await createReport(trx, actor, linkedValues(parent, kind));
    return { id: report.id, reference: report.reference };
  });
}

export async function getChecklist({ db }: { db: Kysely<Database> }, { kind }: z.output<typeof checklistKindSchema>): Promise<ChecklistItem[]> {
  return activeChecklist(db, kind);
}

/** Administrators replace a kind's checklist; old items stay (inactive) so past reviews keep their meaning. */
export async function updateChecklist({ db, actor }: Deps, { kind, items }: z.output<typeof checklistUpdateSchema>): Promise<ChecklistItem[]> {
  await db.transaction().execute(async (trx) => {
    const before = await activeChecklist(trx, kind);
    await trx.updateTable("report_checklist_items").set({ active: false }).where("kind", "=", kind).execute();
    await trx
      .insertInto("report_checklist_items")
      .values(items.map((item, position) => ({ kind, label: item.label, mandatory: item.mandatory, position })))
      .execute();
    await recordAudit(trx, actor, {
      action: "report.checklist_update",
      entityType: "report_checklist",
      entityId: null,
      before: { kind, items: before.map((i) => ({ label: i.label, mandatory: i.mandatory })) },
      after: { kind, items },
    });
  });
  return activeChecklist(db, kind);
}

/**
 * Attorneys with their release-on-approval agreement (those with one first), up to 200 by name,
 * firm or e-mail; inactive accounts too, so an agreement is never hidden.
 */
export async function listDeferrals({ db }: { db: Kysely<Database> }, { search }: z.output<typeof deferralListInputSchema> = {}): Promise<ReleaseDeferral[]> {
  let query = db
    .selectFrom("users")
    .leftJoin("release_deferrals", "release_deferrals.attorney_id", "users.id")
    .leftJoin("users as recorder", "recorder.id", "release_deferrals.recorded_by")
    .select([
      "users.id",
      "users.firm_name",
      "users.email",
      "users.is_active",
      "release_deferrals.note",
      "release_deferrals.created_at",
      fullName("users").as("name"),
      sql<string | null>`recorder.first_name || ' ' || recorder.last_name`.as("recorded_by_name"),
    ])
    .where("users.role", "=", "attorney");
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(fullName("users"), "ilike", like),
        eb("users.firm_name", "ilike", like),
        eb("users.email", "ilike", like),
      ]),
    );
  }
  const rows = await query
    .orderBy(sql`release_deferrals.attorney_id IS NULL`)
    .orderBy("users.last_name")
    .orderBy("users.first_name")
    .orderBy("users.id")
    .limit(200)
    .execute();
  return rows.map((r) => ({
    attorneyId: r.id,
    attorneyName: r.name,
    firmName: r.firm_name,
    email: r.email,
    active: r.is_active,
    agreed: r.created_at !== null,
    note: r.note,
    recordedByName: r.recorded_by_name,
    recordedAt: r.created_at?.toISOString() ?? null,
  }));
}

/**
 * Records (or ends) an attorney's agreement that their reports are released on approval
 * (contingency matters). Either way with a note, kept in the audit row; recording it again
 * replaces the note and who recorded it when.
 */
export async function setDeferral({ db, actor }: Deps, { attorneyId, agreed, note }: z.output<typeof deferralSchema>): Promise<ReleaseDeferral[]> {
  await db.transaction().execute(async (trx) => {
    const attorney = await trx.selectFrom("users").select("id").where("id", "=", attorneyId).where("role", "=", "attorney").executeTakeFirst();
    if (!attorney) throw new AppError("NOT_FOUND", "That attorney does not exist.");
    const existing = await trx.selectFrom("release_deferrals").selectAll().where("attorney_id", "=", attorneyId).forUpdate().executeTakeFirst();
    if (!agreed && !existing) throw new AppError("CONFLICT", "This attorney has no agreement to end.");
    if (agreed) {
      await trx
        .insertInto("release_deferrals")
        .values({ attorney_id: attorneyId, note: note!, recorded_by: actor.user.id, ...stamp("created_at") })
        // Recording again renews it: the new note, who recorded it and when (the time the insert would have had).
        .onConflict((oc) => oc.column("attorney_id").doUpdateSet((eb) => ({ note: note!, recorded_by: actor.user.id, created_at: eb.ref("excluded.created_at") })))
        .execute();
    } else {
      await trx.deleteFrom("release_deferrals").where("attorney_id", "=", attorneyId).execute();
    }
    await recordAudit(trx, actor, {
      action: "report.release_deferral",
      entityType: "user",
      entityId: attorneyId,
      before: { releaseOnApproval: Boolean(existing), note: existing?.note ?? null },
      after: { releaseOnApproval: agreed, note },
    });
  });
  return listDeferrals({ db });
}

const RELEASE_DATE = new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", day: "numeric", month: "long", year: "numeric" });

/**
 * A version's stamped copy: the one kept from its first download, or stamped now in a worker
 * thread and kept (two first downloads at once both stamp; the first kept copy wins).
 */
async function stampedCopy(db: Db, versionId: string, released: boolean, original: () => Promise<Uint8Array>, footer: string | null): Promise<Uint8Array> {
  const kept = () => db.selectFrom("report_copies").select("data").where("version_id", "=", versionId).where("released", "=", released).executeTakeFirst();
  const earlier = await kept();
  if (earlier) return earlier.data;
  const data = await stampPdf(await original(), footer);
  await db
    .insertInto("report_copies")
    .values({ version_id: versionId, released, data, sha256: createHash("sha256").update(data).digest("hex") })
    .onConflict((oc) => oc.columns(["version_id", "released"]).doNothing())
    .execute();
  return (await kept())?.data ?? data;
}

/**
 * A report version's file, for whoever may see the report (404 otherwise). Attorneys get only the
 * released version, stamped "Released to {firm} on {date}, {reference}"; staff and the expert get
 * earlier versions marked DRAFT. Every download is in the access log.
 */
export async function downloadVersion({ db, actor }: Deps, fileId: string): Promise<{ fileName: string; contentType: string; data: Uint8Array }> {
  const missing = new AppError("NOT_FOUND", "That report file does not exist or is not yours to see.");
  const row = await db
    .selectFrom("report_versions")
    .innerJoin("reports", "reports.id", "report_versions.report_id")
    .innerJoin("files", "files.id", "report_versions.file_id")
    .innerJoin("users as attorney", "attorney.id", "reports.attorney_id")
    .select([
      "reports.id as report_id",
      "reports.reference",
      "reports.status",
      "reports.released_at",
      "reports.patient_id",
      "report_versions.id as version_id",
      "report_versions.number",
      "files.file_name",
      "attorney.firm_name",
      fullName("attorney").as("attorney_name"),
      (eb) => eb.selectFrom("report_versions as later").select(sql<number>`max(later.number)::int`.as("n")).whereRef("later.report_id", "=", "reports.id").as("last_number"),
    ])
    .where("report_versions.file_id", "=", fileId)
    .where(visibleReports(actor.user))
    .executeTakeFirst();
  if (!row) throw missing;
  const releasedCopy = row.status === "released" && row.released_at !== null && row.number === Number(row.last_number);
  if (actor.user.role === "attorney" && !releasedCopy) throw missing;
  const footer = releasedCopy ? `Released to ${row.firm_name ?? row.attorney_name} on ${RELEASE_DATE.format(row.released_at!)}, ${row.reference}` : null;
  const original = async () => (await db.selectFrom("files").select("data").where("id", "=", fileId).executeTakeFirstOrThrow()).data;
  const data = await stampedCopy(db, row.version_id, releasedCopy, original, footer);
  await recordAccess(db, actor, { action: "download", entityType: "report", entityId: row.report_id, patientId: row.patient_id });
  const base = row.file_name.replace(/\.pdf$/i, "");
  return { fileName: `${row.reference} v${row.number}${releasedCopy ? "" : " DRAFT"} - ${base}.pdf`, contentType: "application/pdf", data };
}
