import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { reminderLead, saDateLabel } from "@medlegal/domain";
import { notifyMany } from "../notifications/notifications";
import { now, today } from "../platform/clock";
import type { SweepJob } from "../platform/sweeper";
import { courtClockContext, courtClockOf } from "./court-clock";
import { syncCourtTimers } from "./court-timers";

/**
 * The court clock's sweep (issue 26; docs/decisions.md "The court's clock"): each open case's step
 * timers follow the work (court-timers.ts), then the reminders go. At the lead times
 * an administrator sets (default 20, 10 and 3 court days before each step of a discipline's plan)
 * the query's case manager (every employee while it has none) and the attorney are told what is due.
 * Each reminder is claimed by inserting its row (unique per step, date and lead time) in the
 * transaction that writes the notifications: with two server processes it still goes once.
 */

/** Bounds one sweep; the nearest trials come first, the rest wait for the next run. */
const CASES_PER_SWEEP = 200;

export async function sweepCourtReminders(db: Kysely<Database>): Promise<{ sent: number }> {
  const day = today();
  const cases = await db
    .selectFrom("cases")
    .selectAll()
    .where("trial_date", ">=", day)
    .where("status", "in", ["open", "on_hold"])
    .orderBy("trial_date")
    .limit(CASES_PER_SWEEP)
    .execute();
  if (!cases.length) return { sent: 0 };
  const context = await courtClockContext(db);
  let sent = 0;
  for (const row of cases) {
    // The work moved on since (a report released, a booking made): the timers follow first.
    const view = await db.transaction().execute(async (trx) => {
      const current = await courtClockOf(trx, row, day, context);
      await syncCourtTimers(trx, row, current, context);
      return current;
    });
    for (const discipline of view.disciplines) {
      for (const step of discipline.plan) {
        // A booked assessment needs no chasing; the plan counts its day.
        if (step.done || step.bookedOn) continue;
        const lead = reminderLead(step.courtDaysLeft, context.settings.reminderLeadDays);
        if (lead === null) continue;
        sent += await db.transaction().execute(async (trx) => {
          const claimed = await trx
            .insertInto("court_step_reminders")
            .values({
              case_id: row.id,
              query_id: discipline.queryId,
              specialization_id: discipline.specializationId,
              step: step.step,
              due_on: step.dueOn,
              lead_days: lead,
              sent_at: now(),
            })
            .onConflict((oc) => oc.columns(["query_id", "specialization_id", "step", "due_on", "lead_days"]).doNothing())
            .returning("id")
            .executeTakeFirst();
          if (!claimed) return 0;
          const query = await trx
            .selectFrom("queries")
            .select(["assigned_employee_id", "attorney_id", "reference"])
            .where("id", "=", discipline.queryId)
            .executeTakeFirstOrThrow();
          const managers = query.assigned_employee_id
            ? [query.assigned_employee_id]
            : (await trx.selectFrom("users").select("id").where("role", "=", "employee").where("is_active", "=", true).execute()).map(
                (u) => u.id,
              );
          const left = step.courtDaysLeft === 0 ? "today" : `in ${step.courtDaysLeft} court days`;
          const notice = {
            type: "query_update" as const,
            // The title has references and dates only; the message names the discipline, so e-mail carries the title alone.
            title: `Court deadline ${left}: ${view.caseReference}`,
            message: `${discipline.discipline} on ${query.reference}: ${step.label.toLowerCase()} by ${saDateLabel(step.dueOn)}, for the trial on ${saDateLabel(view.trialDate!)}.`,
            link: `/cases/${row.id}`,
          };
          return notifyMany(
            trx,
            [...new Set([...managers, query.attorney_id])].map((userId) => ({ ...notice, userId })),
          );
        });
      }
    }
  }
  return { sent };
}

export const courtRemindersJob = (db: Kysely<Database>, everyMs = 60 * 60_000): SweepJob => ({
  name: "court-reminders",
  everyMs,
  run: () => sweepCourtReminders(db),
});
