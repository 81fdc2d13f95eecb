/** Review and release: taking, reviewing, releasing, withdrawing, questions and linked reports. */
import type { z } from "zod";
import type {
  linkedReportSchema,
  ReportDetail,
  ReportKind,
  reportQuestionsSchema,
  reportReasonSchema,
  reportReviewSchema,
  ReviewItem,
} from "@medlegal/domain";
import { addendumDueAt, REPORT_QUESTION_DAYS, reportStatusLabel } from "@medlegal/domain";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { now, stamp } from "../platform/clock";
import type { ReportRow } from "./report-row";
import { createReport, recordApproved, recordChangesRequested, recordReleased, recordTakenForReview, recordWithdrawn } from "./lifecycle";
import type { Deps } from "../platform/deps";
import { releaseByRule } from "./release";
import { getReport } from "./report-view";
import { DAY_MS, loadVisibleReport } from "./report-access";
import { activeChecklist } from "./report-checklist";
import { declaredDays } from "../sla/holidays";

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
      throw new AppError(
        "CONFLICT",
        `${report.reference} is ${reportStatusLabel(report.status, actor.user.role).toLowerCase()}: take it for review first.`,
      );
    }
    const checklist = await activeChecklist(trx, report.kind);
    const given = new Map(input.items.map((i) => [i.itemId, i]));
    const missing = checklist.filter((c) => !given.has(c.id));
    if (missing.length || given.size !== input.items.length || input.items.some((i) => !checklist.some((c) => c.id === i.itemId))) {
      throw new AppError(
        "INVALID",
        missing.length ? `Mark every check: "${missing[0]!.label}" is not marked.` : "Mark each check of this report's checklist once.",
      );
    }
    const items: ReviewItem[] = checklist.map((c) => ({
      itemId: c.id,
      label: c.label,
      mandatory: c.mandatory,
      result: given.get(c.id)!.result,
      comment: given.get(c.id)!.comment,
    }));
    const failed = items.filter((i) => i.result === "fail");
    const failedWithoutComment = failed.find((i) => !i.comment);
    if (failedWithoutComment) throw new AppError("INVALID", `Say what is wrong with "${failedWithoutComment.label}".`);
    const notPassed = items.find((i) => i.mandatory && i.result !== "pass");
    if (!failed.length && notPassed)
      throw new AppError(
        "INVALID",
        `"${notPassed.label}" is mandatory: it must pass for the report to be approved, or fail with a comment.`,
      );
    const version = await trx
      .selectFrom("report_versions")
      .select(["id"])
      .where("report_id", "=", report.id)
      .orderBy("number", "desc")
      .executeTakeFirstOrThrow();
    const outcome = failed.length ? "changes_requested" : "approved";
    await trx
      .insertInto("report_reviews")
      .values({
        report_id: report.id,
        version_id: version.id,
        reviewer_id: actor.user.id,
        outcome,
        items: JSON.stringify(items),
        comment: input.comment,
        ...stamp("created_at"),
      })
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
  await db
    .transaction()
    .execute(async (trx) => recordReleased(trx, actor, await loadVisibleReport(trx, actor.user, id, true), { overrideReason: reason }));
  return getReport({ db, actor }, { id });
}

export async function withdrawReport({ db, actor }: Deps, { id, reason }: z.output<typeof reportReasonSchema>): Promise<ReportDetail> {
  await db.transaction().execute(async (trx) => recordWithdrawn(trx, actor, await loadVisibleReport(trx, actor.user, id, true), reason));
  return getReport({ db, actor }, { id });
}

/** A report that follows another: same query, case, claimant, attorney and expert. */
export function linkedValues(parent: ReportRow, kind: ReportKind) {
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
    if (report.status !== "released" || !report.released_at)
      throw new AppError("CONFLICT", "Questions can be put once the report has been released.");
    if (report.kind === "supplementary")
      throw new AppError("CONFLICT", "Questions are put on the original report, not on a supplementary report.");
    if (now().getTime() > report.released_at.getTime() + REPORT_QUESTION_DAYS * DAY_MS) {
      throw new AppError("CONFLICT", `Questions can be put within ${REPORT_QUESTION_DAYS} days of release; that time has passed.`);
    }
    const asked = await trx.selectFrom("report_questions").select("id").where("report_id", "=", id).executeTakeFirst();
    if (asked)
      throw new AppError("CONFLICT", "Questions on this report have already been put; they are answered in a supplementary report.");
    const supplementary = await createReport(trx, actor, linkedValues(report, "supplementary"));
    await trx
      .insertInto("report_questions")
      .values({ report_id: id, asked_by: actor.user.id, body, supplementary_report_id: supplementary.id, ...stamp("created_at") })
      .execute();
    await trx
      .insertInto("report_events")
      .values({ report_id: id, actor_id: actor.user.id, body: `Questions put; answered in ${supplementary.reference}`, ...stamp("at") })
      .execute();
    await recordAudit(trx, actor, {
      action: "report.questions",
      entityType: "report",
      entityId: id,
      after: { supplementary: supplementary.reference },
    });
  });
  return getReport({ db, actor }, { id });
}

/**
 * Staff start an addendum or joint minute linked to a released report (a released report never changes).
 * An addendum says what it must cover (shown to the expert, in the audit row) and is due at the end of a
 * working day (docs/product-rules.md, "Addenda").
 */
export async function createLinkedReport(
  { db, actor }: Deps,
  { parentId, kind, scope }: z.output<typeof linkedReportSchema>,
): Promise<{ id: string; reference: string; dueAt: string }> {
  return db.transaction().execute(async (trx) => {
    const parent = await loadVisibleReport(trx, actor.user, parentId, true);
    if (parent.status !== "released")
      throw new AppError("CONFLICT", "An addendum or joint minute follows a released report; until then, request changes to this one.");
    const at = now();
    const request = kind === "addendum" ? { scope, dueAt: addendumDueAt(at, await declaredDays(trx)) } : {};
    const report = await createReport(trx, actor, linkedValues(parent, kind), at, request);
    return { id: report.id, reference: report.reference, dueAt: report.due_at.toISOString() };
  });
}
