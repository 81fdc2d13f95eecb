/**
 * The RAF 5 dispute clock (issue 27; docs/decisions.md "RAF 4 as data"): the RAF's rejection starts
 * 90 calendar days to lodge the dispute with the HPCSA Registrar, an SLA timer (policy
 * `raf5_dispute`) whose at-risk and breach alerts the SLA sweeper sends once across instances.
 */
import type { Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import { sastToUtc } from "@medlegal/domain";
import { now } from "../platform/clock";
import type { ReportRow } from "../reports/report-row";
import { startSlaTimer, stopSlaTimer } from "../sla/timers";

const POLICY = "raf5_dispute" as const;

/** Starts the report's RAF 5 clock at the rejection date; a new rejection date starts it afresh. */
export async function startRaf5Clock(trx: Transaction<Database>, report: ReportRow, rejectedOn: string): Promise<void> {
  const startedAt = sastToUtc(rejectedOn, "00:00");
  const subject = { kind: "report" as const, id: report.id };
  const existing = await trx
    .selectFrom("sla_timers")
    .select(["id", "started_at"])
    .where("policy", "=", POLICY)
    .where("subject_kind", "=", "report")
    .where("subject_id", "=", report.id)
    .executeTakeFirst();
  if (existing?.started_at.getTime() === startedAt.getTime()) return; // the same rejection: its reminders stay as sent
  if (existing) await trx.deleteFrom("sla_timers").where("id", "=", existing.id).execute();
  await startSlaTimer(trx, { policy: POLICY, subject, queryId: report.query_id, consultantId: null, startedAt });
}

/**
 * Stops the report's RAF 5 clock: met or missed when the tribunal decided (the dispute was lodged),
 * cancelled when the RAF's outcome is no longer a rejection.
 */
export async function stopRaf5Clock(trx: Transaction<Database>, reportId: string, how: "decided" | "withdrawn"): Promise<void> {
  const subject = { kind: "report" as const, id: reportId };
  if (how === "decided") {
    await stopSlaTimer(trx, { policy: POLICY, subject, at: now() });
    return;
  }
  await trx
    .deleteFrom("sla_timers")
    .where("policy", "=", POLICY)
    .where("subject_kind", "=", "report")
    .where("subject_id", "=", reportId)
    .execute();
}
