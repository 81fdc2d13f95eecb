import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { ReportKind, ReportStatus } from "@medlegal/domain";
import { canMoveReport, REPORT_DUE_DAYS, REPORT_STATUS_LABELS, saDayLabel, saDueLabel } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { notify } from "../notifications/notifications";
import { now, stamp } from "../platform/clock";
import { nextReference } from "../platform/references";
import { cancelSubjectTimers, startSlaTimer, stopSlaTimer } from "../sla/timers";
import { syncDisciplineWaits } from "../discipline-waits/timer-pauses";
import { shareWithDownstream } from "../discipline-waits/report-sharing";
import { announceQueryChange } from "../queries/query-live";
import { billReportApproved } from "../invoices/attorney-billing";
import { releaseTerms } from "./release-terms";
import type { ReportRow } from "./report-row";
import { assertRaf4Complete, raf4GapsOf } from "./raf4-release-gate";

/**
 * A report's life events, each in one function that runs inside the caller's transaction
 * (docs/decisions.md, "Files and reports"): created awaiting, version submitted, taken for review,
 * changes requested, approved, released, withdrawn. Each moves the status (409 for a move out of
 * order), writes a timeline entry and the audit row. The report's SLA timers start and stop here too:
 * delivery from awaited to approved, release from approved to released (docs/decisions.md, "SLA timers").
 */

type Trx = Transaction<Database>;

const DAY_MS = 86_400_000;

/** The one place a report changes state: checks the move, writes the timeline entry and the audit row. */
async function moveReport(
  trx: Trx,
  actor: Actor,
  report: ReportRow,
  to: ReportStatus,
  extra: {
    set?: Partial<
      Record<
        "reviewer_id" | "approved_at" | "released_at" | "released_by" | "release_override_reason" | "release_basis" | "withdrawn_reason",
        unknown
      >
    >;
    body?: string | null;
    audit?: Record<string, unknown>;
  } = {},
): Promise<ReportRow> {
  if (!canMoveReport(report.status, to)) {
    throw new AppError(
      "CONFLICT",
      `${report.reference} is ${REPORT_STATUS_LABELS[report.status].toLowerCase()}, so it cannot be moved to ${REPORT_STATUS_LABELS[to].toLowerCase()}.`,
    );
  }
  const updated = await trx
    .updateTable("reports")
    .set({ ...(extra.set as object), status: to, updated_at: now() })
    .where("id", "=", report.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("report_events")
    .values({
      report_id: report.id,
      actor_id: actor.user?.id ?? null,
      from_status: report.status,
      to_status: to,
      body: extra.body ?? null,
      ...stamp("at"),
    })
    .execute();
  await recordAudit(trx, actor, {
    action: `report.${to}`,
    entityType: "report",
    entityId: report.id,
    before: { status: report.status },
    after: { status: to, ...extra.audit },
  });
  await announceQueryChange(trx, report.query_id);
  return updated;
}

/**
 * Event: a report is awaited. Called when a booking is marked attended (and when a no-show is
 * corrected to attended); at most one report per booking. Due REPORT_DUE_DAYS later.
 */
export async function createAwaitingReport(
  trx: Trx,
  actor: Actor,
  bookingId: string,
  kind: ReportKind = "medico_legal",
): Promise<ReportRow | null> {
  const existing = await trx.selectFrom("reports").select("id").where("booking_id", "=", bookingId).executeTakeFirst();
  if (existing) return null;
  const b = await trx.selectFrom("bookings").selectAll().where("id", "=", bookingId).executeTakeFirstOrThrow();
  if (!b.query_id) return null;
  return createReport(trx, actor, {
    query_id: b.query_id,
    case_id: b.case_id,
    patient_id: b.patient_id,
    attorney_id: b.attorney_id,
    booking_id: b.id,
    consultant_id: b.consultant_id,
    specialization_id: b.specialization_id,
    kind,
    parent_report_id: null,
  });
}

/** Event: a report is awaited (also for linked reports: addendum, supplementary, joint minute). */
export async function createReport(
  trx: Trx,
  actor: Actor,
  values: Pick<
    ReportRow,
    | "query_id"
    | "case_id"
    | "patient_id"
    | "attorney_id"
    | "booking_id"
    | "consultant_id"
    | "specialization_id"
    | "kind"
    | "parent_report_id"
  >,
  at = now(),
  /** An addendum's request: its due time (the end of a working day) and what it must cover. */
  request: { dueAt?: Date; scope?: string } = {},
): Promise<ReportRow> {
  const reference = await nextReference(trx, "RPT", at);
  const report = await trx
    .insertInto("reports")
    .values({
      ...values,
      reference,
      due_at: request.dueAt ?? new Date(at.getTime() + REPORT_DUE_DAYS * DAY_MS),
      requested_scope: request.scope ?? null,
      ...stamp("created_at", "updated_at"),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("report_events")
    .values({ report_id: report.id, actor_id: actor.user?.id ?? null, to_status: "awaiting", body: null, ...stamp("at") })
    .execute();
  await recordAudit(trx, actor, {
    action: "report.create",
    entityType: "report",
    entityId: report.id,
    after: {
      reference,
      kind: values.kind,
      bookingId: values.booking_id,
      parentReportId: values.parent_report_id,
      dueAt: report.due_at.toISOString(),
      ...(request.scope ? { scope: request.scope } : {}),
    },
  });
  await startSlaTimer(trx, {
    policy: "report_delivery",
    subject: { kind: "report", id: report.id },
    queryId: values.query_id,
    consultantId: values.consultant_id,
    startedAt: at,
  });
  await syncDisciplineWaits(trx, values.query_id, at);
  if (actor.user?.id !== values.consultant_id) {
    await notify(trx, {
      userId: values.consultant_id,
      type: "query_update",
      title: `Report awaited: ${reference}`,
      message: request.scope
        ? `Please upload ${reference} by ${saDueLabel(report.due_at)}. It must cover: ${request.scope}`
        : `Please upload ${reference} by ${saDayLabel(report.due_at)}.`,
      link: `/reports/${report.id}`,
    });
  }
  await announceQueryChange(trx, values.query_id);
  return report;
}

/** Event: a version was uploaded (awaiting or changes requested -> submitted). */
export async function recordVersionSubmitted(
  trx: Trx,
  actor: Actor,
  report: ReportRow,
  version: { number: number; fileName: string },
): Promise<ReportRow> {
  return moveReport(trx, actor, report, "submitted", {
    body: `Version ${version.number}: ${version.fileName}`,
    audit: { version: version.number },
  });
}

/** Event: an employee takes a submitted report for review. */
export async function recordTakenForReview(trx: Trx, actor: Actor & { user: { id: string } }, report: ReportRow): Promise<ReportRow> {
  return moveReport(trx, actor, report, "in_review", { set: { reviewer_id: actor.user.id } });
}

/** Event: the review failed at least one check; the expert is told. */
export async function recordChangesRequested(trx: Trx, actor: Actor, report: ReportRow, comment: string): Promise<ReportRow> {
  const updated = await moveReport(trx, actor, report, "changes_requested", { body: comment });
  await notify(trx, {
    userId: report.consultant_id,
    type: "query_update",
    title: `Changes requested: ${report.reference}`,
    message: comment,
    link: `/reports/${report.id}`,
  });
  return updated;
}

/**
 * Event: every mandatory check passed. An attorney with a deferral agreement (contingency
 * matters), or whose invoice for it is paid already, gets the report on approval, released in the
 * same transaction.
 */
export async function recordApproved(trx: Trx, actor: Actor, report: ReportRow): Promise<ReportRow> {
  const at = now();
  const approved = await moveReport(trx, actor, report, "approved", { set: { approved_at: at } });
  await billReportApproved(trx, actor, report);
  await stopSlaTimer(trx, { policy: "report_delivery", subject: { kind: "report", id: report.id }, at });
  await startSlaTimer(trx, {
    policy: "report_release",
    subject: { kind: "report", id: report.id },
    queryId: report.query_id,
    consultantId: report.consultant_id,
    startedAt: at,
  });
  // The release rule (release.ts): a deferral agreement, or an invoice paid before the report was ready;
  // a RAF 4 report whose assessment has gaps waits approved (QA's check, services/reports/raf4-release-gate.ts).
  const basis = (await raf4GapsOf(trx, report)).length ? null : await releaseTerms(trx, report);
  if (basis === "deferral")
    return recordReleased(trx, actor, approved, { body: "Released on approval (deferral agreement with the attorney)" });
  if (basis === "paid") return recordReleased(trx, actor, approved, { body: "Released on approval: its invoice is paid in full" });
  return approved;
}

/** Event: the report goes to the attorney (by hand, by an administrator's override with a reason, or on approval). */
export async function recordReleased(
  trx: Trx,
  actor: Actor,
  report: ReportRow,
  how: { overrideReason?: string; body?: string } = {},
): Promise<ReportRow> {
  // Every way of releasing comes here: a RAF 4 report goes only with a complete assessment (409 listing the gaps).
  if (report.status === "approved") await assertRaf4Complete(trx, report);
  const at = now();
  // The terms it went on, kept: its joint minutes follow them (issue 37, joint-minutes/release.ts).
  const basis = how.overrideReason ? "override" : await releaseTerms(trx, report);
  const released = await moveReport(trx, actor, report, "released", {
    set: {
      released_at: at,
      released_by: actor.user?.id ?? null,
      release_override_reason: how.overrideReason ?? null,
      release_basis: basis,
    },
    body: how.overrideReason ? `Released before payment: ${how.overrideReason}` : (how.body ?? null),
    audit: how.overrideReason ? { overrideReason: how.overrideReason } : {},
  });
  await stopSlaTimer(trx, { policy: "report_release", subject: { kind: "report", id: report.id }, at });
  await syncDisciplineWaits(trx, report.query_id, at);
  await shareWithDownstream(trx, actor, report);
  await notify(trx, {
    userId: report.attorney_id,
    type: "query_completed",
    title: `Report released: ${report.reference}`,
    message: `${report.reference} is ready to download.`,
    link: `/reports/${report.id}`,
  });
  return released;
}

/** Event: the report will not be delivered (any state before release), with a reason. */
export async function recordWithdrawn(trx: Trx, actor: Actor, report: ReportRow, reason: string): Promise<ReportRow> {
  const withdrawn = await moveReport(trx, actor, report, "withdrawn", {
    set: { withdrawn_reason: reason },
    body: reason,
    audit: { reason },
  });
  await cancelSubjectTimers(trx, { kind: "report", id: report.id }, now());
  await syncDisciplineWaits(trx, report.query_id, now());
  return withdrawn;
}
