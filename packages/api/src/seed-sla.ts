import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import type { Database, SlaPolicyKey, SlaTimersTable } from "@medlegal/db";
import { DEFAULT_SLA, slaDueAt, slaPolicyTerms } from "@medlegal/domain";
import { now as clockNow } from "./services/platform/clock";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Demo SLA pictures (docs/decisions.md, "SLA timers"): the workflow seed's queries started their
 * timers through the services just now; this moves some of them back in time so the tracking
 * screen shows timers breached, at risk and on track (the reports' timers already run on the
 * reports' own story, so they stay as they are), and adds six months of stopped timers so
 * the monitoring screen has history per policy, expert and specialization. The seeded alerts count
 * as sent, so a first start does not ring every bell at once.
 */
export async function seedDemoSla(db: Kysely<Database>): Promise<void> {
  const now = clockNow().getTime();
  const open = await db
    .selectFrom("sla_timers")
    .select(["id", "target", "unit", "started_at"])
    .where("status", "=", "open")
    .where("paused_at", "is", null)
    .where("subject_kind", "!=", "report")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  // Of the running timers: one in four breached, one in four at risk, the rest on track.
  for (const [i, timer] of open.entries()) {
    const span = timer.target * (timer.unit === "hours" ? HOUR : DAY);
    const share = i % 4 === 0 ? 1.15 + (i % 3) * 0.1 : i % 4 === 1 ? 0.82 : 0.15 + (i % 5) * 0.1;
    const startedAt = new Date(now - Math.round(span * share));
    const { dueAt, atRiskAt } = slaDueAt({ startedAt, target: timer.target, unit: timer.unit, atRiskRatio: DEFAULT_SLA.atRiskPercent / 100 });
    await db
      .updateTable("sla_timers")
      .set({
        started_at: startedAt,
        due_at: dueAt,
        at_risk_at: atRiskAt,
        at_risk_alerted_at: atRiskAt.getTime() <= now ? new Date(now) : null,
        breach_alerted_at: dueAt.getTime() <= now ? new Date(now) : null,
      })
      .where("id", "=", timer.id)
      .execute();
  }

  // History: stopped report timers of the consultants with bookings, and acknowledgements.
  const bookings = await db
    .selectFrom("bookings")
    .select(["query_id", "consultant_id"])
    .where("query_id", "is not", null)
    .orderBy("reference")
    .execute();
  const queries = await db.selectFrom("queries").select("id").orderBy("reference").execute();
  if (!bookings.length || !queries.length) return;
  const rows: Insertable<SlaTimersTable>[] = [];
  const add = (policy: SlaPolicyKey, queryId: string, consultantId: string | null, startedAt: Date, met: boolean, k: number) => {
    const terms = slaPolicyTerms(policy, DEFAULT_SLA);
    const { dueAt, atRiskAt } = slaDueAt({ startedAt, target: terms.target, unit: terms.unit, atRiskRatio: terms.atRiskPercent / 100 });
    const span = dueAt.getTime() - startedAt.getTime();
    const stoppedAt = new Date(startedAt.getTime() + Math.round(span * (met ? 0.45 + (k % 5) * 0.1 : 1.1 + (k % 4) * 0.15)));
    if (stoppedAt.getTime() > now) return;
    rows.push({
      policy,
      subject_kind: policy.startsWith("report") ? "report" : "query",
      subject_id: randomUUID(),
      query_id: queryId,
      consultant_id: consultantId,
      target: terms.target,
      unit: terms.unit,
      at_risk_percent: terms.atRiskPercent,
      started_at: startedAt,
      due_at: dueAt,
      at_risk_at: atRiskAt,
      status: met ? "met" : "missed",
      stopped_at: stoppedAt,
      at_risk_alerted_at: met ? null : atRiskAt,
      breach_alerted_at: met ? null : dueAt,
    });
  };
  let k = 0;
  for (let monthsBack = 6; monthsBack >= 0; monthsBack--) {
    const perMonth = 6 + ((monthsBack * 5) % 4);
    for (let j = 0; j < perMonth; j++, k++) {
      const booking = bookings[k % bookings.length]!;
      const startedAt = new Date(now - monthsBack * 30 * DAY - (j + 1) * 2 * DAY - 20 * DAY);
      // Roughly one in six missed, more often for report delivery.
      add("report_delivery", booking.query_id!, booking.consultant_id, startedAt, k % 5 !== 2, k);
      add("report_release", booking.query_id!, booking.consultant_id, new Date(startedAt.getTime() + 16 * DAY), k % 7 !== 3, k);
      add("query_acknowledgement", queries[k % queries.length]!.id, null, new Date(startedAt.getTime() - 30 * DAY), k % 6 !== 1, k);
    }
  }
  if (rows.length) await db.insertInto("sla_timers").values(rows).execute();
}
