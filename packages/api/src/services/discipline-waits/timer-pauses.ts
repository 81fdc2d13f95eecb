import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { waitingReason } from "@medlegal/domain";
import { pauseWaiting, resumeTimer } from "../sla/timers";

/**
 * Disciplines that wait (issue 27; docs/decisions.md "Disciplines that wait"): on a query, the report
 * timer of an expert whose discipline needs others' reports first is paused ("Waiting for the …
 * reports") while an upstream report on the query is not released, and resumes by itself once they
 * all are. Runs in the transaction of the change that may alter it (a report asked for, released or
 * withdrawn). A timer paused by staff or by a hold is left as it is.
 */
export async function syncDisciplineWaits(trx: Transaction<Database>, queryId: string, at: Date): Promise<void> {
  const dependencies = await trx
    .selectFrom("specialization_dependencies")
    .innerJoin("specializations as upstream", "upstream.id", "specialization_dependencies.upstream_id")
    .select(["specialization_dependencies.downstream_id", "specialization_dependencies.upstream_id", "upstream.name"])
    .orderBy("upstream.name")
    .execute();
  if (dependencies.length === 0) return;
  const reports = await trx
    .selectFrom("reports")
    .select(["id", "specialization_id", "status", "kind"])
    .where("query_id", "=", queryId)
    .where("kind", "in", ["medico_legal", "raf4"])
    .where("status", "<>", "withdrawn")
    .execute();
  const unreleased = new Set(reports.filter((r) => r.status !== "released").map((r) => r.specialization_id));
  const timers = await trx
    .selectFrom("sla_timers")
    .select(["id", "subject_id", "started_at", "target", "unit", "at_risk_percent", "paused_at", "pause_kind", "pause_reason"])
    .where("query_id", "=", queryId)
    .where("policy", "=", "report_delivery")
    .where("subject_kind", "=", "report")
    .where("status", "=", "open")
    .forUpdate()
    .execute();
  for (const timer of timers) {
    const report = reports.find((r) => r.id === timer.subject_id && r.kind === "medico_legal");
    if (!report) continue;
    const waitingFor = dependencies
      .filter((d) => d.downstream_id === report.specialization_id && unreleased.has(d.upstream_id))
      .map((d) => d.name);
    if (waitingFor.length > 0) {
      const reason = waitingReason(waitingFor);
      if (!timer.paused_at || (timer.pause_kind === "waiting" && timer.pause_reason !== reason)) await pauseWaiting(trx, timer, reason, at);
    } else if (timer.pause_kind === "waiting") {
      await resumeTimer(trx, timer, at);
    }
  }
}
