import type { Transaction } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type { SlaTimerItem, slaListInputSchema, slaPauseSchema } from "@medlegal/domain";
import { describeTarget, isAttorney, isExpert } from "@medlegal/domain";
import type { SignedInActor } from "../../actors";
import { AppError, notFound } from "../../errors";
import { recordAudit } from "../audit/audit";
import { isStaff, managedBy, visibleQueries } from "../platform/access";
import { expertTimers } from "./access";
import { now as clockNow } from "../platform/clock";
import { timerState, timerStateSql } from "./state";
import { pauseTimer, resumeTimer } from "./timers";
import type { Db, Deps } from "../platform/deps";
import { fullName, likePattern } from "../platform/sql";

/**
 * The timers rows of the SLA screens, scoped to the queries the caller may see; an expert sees only
 * the timers of their own reports, not the agency's query timers or another expert's reports on a
 * shared query (docs/decisions.md, "SLA timers").
 */
function timerQuery(db: Db, actor: SignedInActor) {
  let q = db
    .selectFrom("sla_timers")
    .innerJoin("queries", "queries.id", "sla_timers.query_id")
    .leftJoin("users as employee", "employee.id", "queries.assigned_employee_id")
    .leftJoin("users as consultant", "consultant.id", "sla_timers.consultant_id")
    .where(visibleQueries(actor.user));
  if (isExpert(actor.user)) q = q.where(expertTimers(actor.user));
  return q.select([
    "sla_timers.id",
    "sla_timers.policy",
    "sla_timers.subject_kind",
    "sla_timers.subject_id",
    "sla_timers.query_id",
    "queries.reference as query_reference",
    "queries.subject as query_subject",
    "queries.assigned_employee_id",
    "sla_timers.target",
    "sla_timers.unit",
    "sla_timers.started_at",
    "sla_timers.due_at",
    "sla_timers.at_risk_at",
    "sla_timers.status",
    "sla_timers.stopped_at",
    "sla_timers.paused_at",
    "sla_timers.pause_kind",
    "sla_timers.pause_reason",
    fullName<string | null>("employee").as("employee_name"),
    fullName<string | null>("consultant").as("consultant_name"),
  ]);
}

type TimerRow = Awaited<ReturnType<ReturnType<typeof timerQuery>["execute"]>>[number];

/**
 * One timer as the caller may see it: staff reasons for a pause and the case manager's name are
 * the agency's own notes, so an attorney sees only that a timer is paused (and why, for a hold).
 */
function toItem(row: TimerRow, now: Date, actor: SignedInActor): SlaTimerItem {
  const item = toFullItem(row, now);
  if (!isAttorney(actor.user)) return item;
  return {
    ...item,
    assignedEmployeeName: null,
    pauseReason: row.pause_kind === "hold" || row.pause_kind === "waiting" ? row.pause_reason : null,
  };
}

function toFullItem(row: TimerRow, now: Date): SlaTimerItem {
  return {
    id: row.id,
    policy: row.policy,
    subjectKind: row.subject_kind,
    subjectId: row.subject_id,
    queryId: row.query_id,
    queryReference: row.query_reference,
    querySubject: row.query_subject,
    assignedEmployeeName: row.employee_name,
    consultantName: row.consultant_name,
    target: describeTarget(row.target, row.unit),
    startedAt: row.started_at.toISOString(),
    dueAt: row.due_at.toISOString(),
    atRiskAt: row.at_risk_at.toISOString(),
    status: row.status,
    stoppedAt: row.stopped_at?.toISOString() ?? null,
    ...timerState(row, now),
    paused: row.paused_at !== null,
    pauseKind: row.pause_kind,
    pauseReason: row.pause_reason,
    pausedAt: row.paused_at?.toISOString() ?? null,
  };
}

/** `/sla-tracking`: the caller's timers (staff: all, or theirs), open ones by due time first. */
export async function listSlaTimers(
  { db, actor }: Deps,
  f: z.output<typeof slaListInputSchema>,
  now = clockNow(),
): Promise<{ items: SlaTimerItem[]; asOf: string }> {
  let q = timerQuery(db, actor);
  if (f.policy) q = q.where("sla_timers.policy", "=", f.policy);
  if (f.search) {
    const like = likePattern(f.search);
    q = q.where((eb) => eb.or([eb("queries.reference", "ilike", like), eb("queries.subject", "ilike", like)]));
  }
  if (f.mine && isStaff(actor.user)) q = q.where(managedBy(actor.user));
  if (f.state === "stopped") {
    q = q.where("sla_timers.status", "!=", "open").orderBy("sla_timers.stopped_at", "desc");
  } else {
    q = q.where("sla_timers.status", "=", "open").orderBy("sla_timers.due_at", "asc");
    if (f.state !== "open") q = q.where(timerStateSql(f.state, now));
  }
  const rows = await q.orderBy("sla_timers.id").limit(f.limit).execute();
  return { items: rows.map((r) => toItem(r, now, actor)), asOf: now.toISOString() };
}

async function lockTimer(trx: Transaction<Database>, actor: SignedInActor, id: string) {
  const visible = await timerQuery(trx, actor).where("sla_timers.id", "=", id).executeTakeFirst();
  if (!visible) throw notFound("SLA timer");
  return trx.selectFrom("sla_timers").selectAll().where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
}

async function itemOf(db: Db, actor: SignedInActor, id: string): Promise<SlaTimerItem> {
  return toItem(await timerQuery(db, actor).where("sla_timers.id", "=", id).executeTakeFirstOrThrow(), clockNow(), actor);
}

/** Staff stop one timer's clock with a reason ("awaiting records"); audited. */
export async function pauseSlaTimer({ db, actor }: Deps, { id, reason }: z.output<typeof slaPauseSchema>): Promise<SlaTimerItem> {
  return db.transaction().execute(async (trx) => {
    const timer = await lockTimer(trx, actor, id);
    if (timer.status !== "open") throw new AppError("CONFLICT", "This timer has stopped; only a running timer can be paused.");
    if (timer.paused_at) throw new AppError("CONFLICT", "This timer is already paused.");
    // A court's date does not wait (docs/decisions.md "The court's clock"): it moves only with the trial or an order.
    if (timer.policy === "court_step")
      throw new AppError(
        "CONFLICT",
        "A court deadline cannot be paused: change the trial date or record the court's order on the case instead.",
      );
    const at = clockNow();
    await pauseTimer(trx, id, { reason, by: actor.user.id, at });
    await recordAudit(trx, actor, {
      action: "sla.pause",
      entityType: "sla_timer",
      entityId: id,
      before: { paused: false },
      after: { paused: true, reason },
    });
    return itemOf(trx, actor, id);
  });
}

/** Staff restart a timer they paused; its due time moves by the paused time. A hold pause ends with the hold. */
export async function resumeSlaTimer({ db, actor }: Deps, { id }: { id: string }): Promise<SlaTimerItem> {
  return db.transaction().execute(async (trx) => {
    const timer = await lockTimer(trx, actor, id);
    if (timer.status !== "open" || !timer.paused_at) throw new AppError("CONFLICT", "This timer is not paused.");
    if (timer.pause_kind === "hold") {
      throw new AppError("CONFLICT", "This timer is paused because its query is on hold; it resumes when the query comes off hold.");
    }
    const { dueAt } = await resumeTimer(trx, timer, clockNow());
    await recordAudit(trx, actor, {
      action: "sla.resume",
      entityType: "sla_timer",
      entityId: id,
      before: { paused: true, reason: timer.pause_reason, dueAt: timer.due_at.toISOString() },
      after: { paused: false, dueAt: dueAt.toISOString() },
    });
    return itemOf(trx, actor, id);
  });
}
