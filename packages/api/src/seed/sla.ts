import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { DemoStory } from "./story";
import { now as clockNow, runAt } from "../services/platform/clock";
import { pauseSlaTimer } from "../services/sla/tracking";

/**
 * Demo SLA pictures (docs/decisions.md, "SLA timers"): every timer was started and stopped by the
 * story's own events through the services (a query's submission, its review, its first booking,
 * the reports' life), so no timer predates its query and the monitoring charts reach back as far
 * as the story does. On top: one timer paused by its case manager with a reason, as staff do, and
 * the alerts of timers already at risk or breached counted as sent, so a first start does not ring
 * every bell at once.
 */
export async function seedDemoSla(db: Kysely<Database>): Promise<void> {
  const now = clockNow();
  const story = new DemoStory(db, now);

  // The case manager pauses a booking-offered timer on the last working day: the agency waits on
  // the claimant's hospital records. A timer still running then and not yet breached.
  const pausedAt = story.workdaysAgo(1, "11:30");
  const timer = await db
    .selectFrom("sla_timers")
    .innerJoin("queries", "queries.id", "sla_timers.query_id")
    .innerJoin("users", "users.id", "queries.assigned_employee_id")
    .select(["sla_timers.id", "users.username"])
    .where("sla_timers.status", "=", "open")
    .where("sla_timers.paused_at", "is", null)
    .where("sla_timers.policy", "=", "booking_offered")
    .where("sla_timers.started_at", "<", pausedAt)
    .where("sla_timers.due_at", ">=", pausedAt)
    .orderBy("sla_timers.started_at", "desc")
    .orderBy("sla_timers.id")
    .executeTakeFirst();
  if (timer) {
    const actor = await story.actor(timer.username);
    await runAt(pausedAt, () => pauseSlaTimer({ db, actor }, { id: timer.id, reason: "Awaiting the claimant's hospital records" }));
  }

  await db
    .updateTable("sla_timers")
    .set({ at_risk_alerted_at: now })
    .where("status", "=", "open")
    .where("at_risk_at", "<=", now)
    .where("at_risk_alerted_at", "is", null)
    .execute();
  await db
    .updateTable("sla_timers")
    .set({ breach_alerted_at: now })
    .where("status", "=", "open")
    .where("due_at", "<", now)
    .where("breach_alerted_at", "is", null)
    .execute();
}
