import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { HolidayCalendar, SlaPause, SlaPolicy, SlaSubjectKind, SlaUnit } from "@medlegal/domain";
import { slaDueAt, slaPolicyTerms, STATUTORY_SLA_POLICIES } from "@medlegal/domain";
import { getSlaDefaults } from "../settings/settings";
import { publicHolidayCalendar } from "./holidays";
import type { Db } from "../platform/deps";

/**
 * SLA timers: started and stopped by the events of DESIGN.md section 6 inside the transaction of
 * the change that causes them. Each timer copies its policy's terms when it starts; due and
 * at-risk times come from one pure function (`slaDueAt`, packages/domain) and are stored, so the
 * sweeper and the screens read them from an index. See docs/decisions.md, "SLA timers".
 */

export interface SlaSubject {
  kind: SlaSubjectKind;
  id: string;
}

/** The reason the automatic pause records while a query is on hold. */
export const HOLD_PAUSE_REASON = "Query on hold";

interface TimerClockRow {
  id: string;
  started_at: Date;
  target: number;
  unit: SlaUnit;
  at_risk_percent: number;
}

/** Business-day and working-hour timers need the holiday calendar; the others skip the read. */
async function calendarFor(db: Db, unit: SlaUnit): Promise<HolidayCalendar | undefined> {
  return unit === "business_days" || unit === "working_hours" ? publicHolidayCalendar(db) : undefined;
}

/**
 * Due and at-risk times of a timer with these pauses. An open pause is taken to end where it began,
 * so a paused timer keeps the due time it had when it stopped; resuming recomputes it.
 */
function times(row: TimerClockRow, pauses: readonly SlaPause[], holidays: HolidayCalendar | undefined) {
  const closed = pauses.map((p) => ({ from: p.from, to: p.to ?? p.from }));
  return slaDueAt({
    startedAt: row.started_at,
    target: row.target,
    unit: row.unit,
    pauses: closed,
    ...(holidays ? { holidays } : {}),
    atRiskRatio: row.at_risk_percent / 100,
  });
}

async function pausesOf(db: Db, timerId: string): Promise<SlaPause[]> {
  const rows = await db
    .selectFrom("sla_timer_pauses")
    .select(["from_at", "to_at"])
    .where("timer_id", "=", timerId)
    .orderBy("from_at")
    .execute();
  return rows.map((r) => ({ from: r.from_at, to: r.to_at }));
}

/** Stores the due and at-risk times a timer's pauses give it now. */
async function refreshDue(trx: Db, row: TimerClockRow): Promise<{ dueAt: Date; atRiskAt: Date }> {
  const { dueAt, atRiskAt } = times(row, await pausesOf(trx, row.id), await calendarFor(trx, row.unit));
  await trx.updateTable("sla_timers").set({ due_at: dueAt, at_risk_at: atRiskAt }).where("id", "=", row.id).execute();
  return { dueAt, atRiskAt };
}

/**
 * Starts a policy's timer for a subject, copying the policy's current terms. Starting one that
 * exists (open or stopped) changes nothing and answers null. A timer whose query is on hold starts
 * paused, as if it had been running when the hold began.
 */
export async function startSlaTimer(
  trx: Transaction<Database>,
  input: { policy: SlaPolicy; subject: SlaSubject; queryId: string; consultantId?: string | null; startedAt: Date },
): Promise<string | null> {
  const terms = slaPolicyTerms(input.policy, await getSlaDefaults({ db: trx }));
  const clock = { id: "", started_at: input.startedAt, target: terms.target, unit: terms.unit, at_risk_percent: terms.atRiskPercent };
  const { dueAt, atRiskAt } = times(clock, [], await calendarFor(trx, terms.unit));
  const query = await trx.selectFrom("queries").select("status").where("id", "=", input.queryId).executeTakeFirstOrThrow();
  const onHold = query.status === "on_hold" && !STATUTORY_SLA_POLICIES.includes(input.policy);
  const row = await trx
    .insertInto("sla_timers")
    .values({
      policy: input.policy,
      subject_kind: input.subject.kind,
      subject_id: input.subject.id,
      query_id: input.queryId,
      consultant_id: input.consultantId ?? null,
      target: terms.target,
      unit: terms.unit,
      at_risk_percent: terms.atRiskPercent,
      started_at: input.startedAt,
      due_at: dueAt,
      at_risk_at: atRiskAt,
      ...(onHold ? { paused_at: input.startedAt, pause_kind: "hold" as const, pause_reason: HOLD_PAUSE_REASON } : {}),
    })
    .onConflict((oc) => oc.columns(["policy", "subject_kind", "subject_id"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row && onHold) {
    await trx
      .insertInto("sla_timer_pauses")
      .values({ timer_id: row.id, kind: "hold", reason: HOLD_PAUSE_REASON, from_at: input.startedAt })
      .execute();
  }
  return row?.id ?? null;
}

/** Closes a timer's open pause at `at` and recomputes its due time. */
async function closePause(trx: Transaction<Database>, row: TimerClockRow, at: Date) {
  await trx.updateTable("sla_timer_pauses").set({ to_at: at }).where("timer_id", "=", row.id).where("to_at", "is", null).execute();
  await trx.updateTable("sla_timers").set({ paused_at: null, pause_kind: null, pause_reason: null }).where("id", "=", row.id).execute();
  return refreshDue(trx, row);
}

export type SlaOutcome = "met" | "missed";

/**
 * Stops a policy's open timer for a subject at `at`: met when by its due time (pauses moved it),
 * missed otherwise. A paused timer's pause ends at `at`. No open timer: null, nothing changes.
 */
export async function stopSlaTimer(
  trx: Transaction<Database>,
  input: { policy: SlaPolicy; subject: SlaSubject; at: Date },
): Promise<SlaOutcome | null> {
  const row = await trx
    .selectFrom("sla_timers")
    .select(["id", "started_at", "target", "unit", "at_risk_percent", "paused_at", "due_at"])
    .where("policy", "=", input.policy)
    .where("subject_kind", "=", input.subject.kind)
    .where("subject_id", "=", input.subject.id)
    .where("status", "=", "open")
    .forUpdate()
    .executeTakeFirst();
  if (!row) return null;
  const dueAt = row.paused_at ? (await closePause(trx, row, input.at)).dueAt : row.due_at;
  const outcome: SlaOutcome = input.at.getTime() <= dueAt.getTime() ? "met" : "missed";
  await trx.updateTable("sla_timers").set({ status: outcome, stopped_at: input.at }).where("id", "=", row.id).execute();
  return outcome;
}

/** A cancelled query's open timers are cancelled: stopped without an outcome, left out of compliance. */
export async function cancelQueryTimers(trx: Transaction<Database>, queryId: string, at: Date): Promise<number> {
  const open = trx.selectFrom("sla_timers").select("id").where("query_id", "=", queryId).where("status", "=", "open");
  await trx.updateTable("sla_timer_pauses").set({ to_at: at }).where("timer_id", "in", open).where("to_at", "is", null).execute();
  const result = await trx
    .updateTable("sla_timers")
    .set({ status: "cancelled", stopped_at: at, paused_at: null, pause_kind: null, pause_reason: null })
    .where("query_id", "=", queryId)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A withdrawn subject's open timers are cancelled, like a cancelled query's: left out of compliance. */
export async function cancelSubjectTimers(trx: Transaction<Database>, subject: SlaSubject, at: Date): Promise<number> {
  const open = trx
    .selectFrom("sla_timers")
    .select("id")
    .where("subject_kind", "=", subject.kind)
    .where("subject_id", "=", subject.id)
    .where("status", "=", "open");
  await trx.updateTable("sla_timer_pauses").set({ to_at: at }).where("timer_id", "in", open).where("to_at", "is", null).execute();
  const result = await trx
    .updateTable("sla_timers")
    .set({ status: "cancelled", stopped_at: at, paused_at: null, pause_kind: null, pause_reason: null })
    .where("subject_kind", "=", subject.kind)
    .where("subject_id", "=", subject.id)
    .where("status", "=", "open")
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A query put on hold pauses its running timers; one paused by staff already stays as it is. */
export async function holdQueryTimers(trx: Transaction<Database>, queryId: string, at: Date): Promise<number> {
  const rows = await trx
    .updateTable("sla_timers")
    .set({ paused_at: at, pause_kind: "hold", pause_reason: HOLD_PAUSE_REASON })
    .where("query_id", "=", queryId)
    .where("status", "=", "open")
    .where("paused_at", "is", null)
    .where("policy", "not in", STATUTORY_SLA_POLICIES)
    .returning("id")
    .execute();
  if (rows.length) {
    await trx
      .insertInto("sla_timer_pauses")
      .values(rows.map((r) => ({ timer_id: r.id, kind: "hold" as const, reason: HOLD_PAUSE_REASON, from_at: at })))
      .execute();
  }
  return rows.length;
}

/** A query back from hold resumes the timers the hold paused; their due times move by the pause. */
export async function releaseQueryTimers(trx: Transaction<Database>, queryId: string, at: Date): Promise<number> {
  const rows = await trx
    .selectFrom("sla_timers")
    .select(["id", "started_at", "target", "unit", "at_risk_percent"])
    .where("query_id", "=", queryId)
    .where("status", "=", "open")
    .where("pause_kind", "=", "hold")
    .forUpdate()
    .execute();
  for (const row of rows) await closePause(trx, row, at);
  return rows.length;
}

/** Staff pause one running timer with a reason ("awaiting records"). */
export async function pauseTimer(trx: Transaction<Database>, timerId: string, input: { reason: string; by: string; at: Date }) {
  await trx
    .updateTable("sla_timers")
    .set({ paused_at: input.at, pause_kind: "manual", pause_reason: input.reason })
    .where("id", "=", timerId)
    .execute();
  await trx
    .insertInto("sla_timer_pauses")
    .values({ timer_id: timerId, kind: "manual", reason: input.reason, paused_by: input.by, from_at: input.at })
    .execute();
}

/**
 * A downstream discipline's report timer waits for the upstream reports (discipline-waits/timer-pauses.ts):
 * paused with the reason in words, or its reason brought up to date when it waits already.
 */
export async function pauseWaiting(trx: Transaction<Database>, timer: { id: string; paused_at: Date | null }, reason: string, at: Date) {
  if (timer.paused_at) {
    await trx.updateTable("sla_timers").set({ pause_reason: reason }).where("id", "=", timer.id).execute();
    await trx.updateTable("sla_timer_pauses").set({ reason }).where("timer_id", "=", timer.id).where("to_at", "is", null).execute();
    return;
  }
  await trx
    .updateTable("sla_timers")
    .set({ paused_at: at, pause_kind: "waiting", pause_reason: reason })
    .where("id", "=", timer.id)
    .execute();
  await trx.insertInto("sla_timer_pauses").values({ timer_id: timer.id, kind: "waiting", reason, from_at: at }).execute();
}

/** Staff resume a timer they paused; the due time moves by the paused time. */
export async function resumeTimer(trx: Transaction<Database>, row: TimerClockRow, at: Date) {
  return closePause(trx, row, at);
}
