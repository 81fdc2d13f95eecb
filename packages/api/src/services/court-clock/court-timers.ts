import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { CourtClockView } from "@medlegal/domain";
import { addDays, AMBER_COURT_DAYS, courtDaysBefore, planStepDay, sastToUtc } from "@medlegal/domain";
import { now } from "../platform/clock";
import { cancelSubjectTimers, stopSlaTimer } from "../sla/timers";
import type { CaseRow, CourtClockContext } from "./court-clock";
import { courtClockContext, courtClockOf } from "./court-clock";

/**
 * The plan's steps as SLA timers (policy `court_step`; docs/decisions.md "The court's clock"): each
 * discipline's step not yet done has an open timer due at the end of its date, so it shows in SLA
 * tracking and monitoring and its breach is alerted once by the SLA sweeper. The timer is at risk
 * from 10 court days before (the court reminders are its at-risk notices, so the sweeper sends none).
 * A step done stops its timer (met or missed); a step whose date moves gets a new timer; a step that
 * left the plan (no trial, a cancelled query) has its timer cancelled.
 */

const POLICY = "court_step" as const;
/** The end of a step's day in South Africa: late only once that day is over. */
const endOf = (day: string) => sastToUtc(addDays(day, 1), "00:00");

export async function syncCourtTimers(
  trx: Transaction<Database>,
  row: CaseRow,
  view: CourtClockView,
  context: CourtClockContext,
): Promise<void> {
  const at = now();
  const existing = await trx.selectFrom("court_plan_steps").selectAll().where("case_id", "=", row.id).execute();
  const byKey = new Map(existing.map((s) => [`${s.query_id}/${s.specialization_id}/${s.step}`, s]));
  const kept = new Set<string>();
  for (const discipline of view.disciplines) {
    for (const step of discipline.plan) {
      const key = `${discipline.queryId}/${discipline.specializationId}/${step.step}`;
      let planned = byKey.get(key);
      if (!planned) {
        // Another process may plan the same step at once: the unique key keeps one row.
        await trx
          .insertInto("court_plan_steps")
          .values({
            case_id: row.id,
            query_id: discipline.queryId,
            specialization_id: discipline.specializationId,
            step: step.step,
            due_on: step.dueOn,
          })
          .onConflict((oc) => oc.columns(["query_id", "specialization_id", "step"]).doNothing())
          .execute();
        planned = await trx
          .selectFrom("court_plan_steps")
          .selectAll()
          .where("query_id", "=", discipline.queryId)
          .where("specialization_id", "=", discipline.specializationId)
          .where("step", "=", step.step)
          .executeTakeFirstOrThrow();
      } else if (planned.due_on !== step.dueOn) {
        await trx.updateTable("court_plan_steps").set({ due_on: step.dueOn }).where("id", "=", planned.id).execute();
      }
      kept.add(planned.id);
      const subject = { kind: POLICY, id: planned.id };
      const timer = await trx
        .selectFrom("sla_timers")
        .select(["id", "status", "due_at", "before_instruction"])
        .where("policy", "=", POLICY)
        .where("subject_kind", "=", POLICY)
        .where("subject_id", "=", planned.id)
        .executeTakeFirst();
      if (step.done) {
        if (timer?.status === "open") await stopSlaTimer(trx, { policy: POLICY, subject, at });
        continue;
      }
      const day = planStepDay(step);
      const dueAt = endOf(day);
      if (timer?.status === "open" && timer.due_at.getTime() === dueAt.getTime() && timer.before_instruction === step.beforeInstruction)
        continue;
      // A new date (or the step is pending again): the old timer goes, a new one measures the new date.
      if (timer) await trx.deleteFrom("sla_timers").where("id", "=", timer.id).execute();
      await trx
        .insertInto("sla_timers")
        .values({
          policy: POLICY,
          subject_kind: POLICY,
          subject_id: planned.id,
          query_id: discipline.queryId,
          consultant_id: null,
          target: Math.max(1, step.courtDaysLeft),
          unit: "business_days",
          at_risk_percent: Math.min(
            99,
            Math.max(1, Math.round((100 * (step.courtDaysLeft - AMBER_COURT_DAYS)) / Math.max(1, step.courtDaysLeft))),
          ),
          started_at: at,
          due_at: dueAt,
          // Amber from the start of the 10th court day before, as the matter's readiness says.
          at_risk_at: sastToUtc(courtDaysBefore(day, AMBER_COURT_DAYS, context.declared), "00:00"),
          at_risk_alerted_at: at,
          // Past before the agency was instructed: not the agency's breach, and no "missed" alert (the plan says what to do).
          before_instruction: step.beforeInstruction,
          breach_alerted_at: step.beforeInstruction ? at : null,
          escalated_at: step.beforeInstruction ? at : null,
        })
        .onConflict((oc) => oc.columns(["policy", "subject_kind", "subject_id"]).doNothing())
        .execute();
    }
  }
  for (const gone of existing.filter((s) => !kept.has(s.id))) await cancelSubjectTimers(trx, { kind: POLICY, id: gone.id }, at);
}

/** A case's view after a change, with its timers brought in step (in the change's transaction). */
export async function syncedCourtClock(trx: Transaction<Database>, row: CaseRow): Promise<CourtClockView> {
  const context = await courtClockContext(trx);
  const view = await courtClockOf(trx, row, undefined, context);
  await syncCourtTimers(trx, row, view, context);
  return view;
}
