import type { Kysely, Transaction } from "kysely";
import type { Database } from "@medlegal/db";
import type { SlaPolicy } from "@medlegal/domain";
import { SLA_POLICY_LABELS, slaDueLabel } from "@medlegal/domain";
import { notifyMany } from "../notifications/notifications";
import type { SweepJob } from "../platform/sweeper";
import * as clock from "../platform/clock";

/**
 * SLA alerts, sent by the sweeper (docs/architecture.md, "Background work"). Each kind of alert is
 * claimed by one `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) RETURNING` that sets
 * its column, and the notifications are written in the same transaction: with several server
 * processes on one database each alert goes out once, and a crash before commit sends nothing.
 */

type AlertColumn = "at_risk_alerted_at" | "breach_alerted_at" | "escalated_at";

/** An escalation follows a breach that is still open this long after its alert. */
export const ESCALATE_AFTER_MS = 24 * 3_600_000;

interface Claimed {
  id: string;
  policy: SlaPolicy;
  subject_id: string;
  query_id: string;
  attorney_id: string;
  consultant_id: string | null;
  due_at: Date;
  reference: string;
  assigned_employee_id: string | null;
}

async function claim(trx: Transaction<Database>, column: AlertColumn, now: Date, batch: number): Promise<Claimed[]> {
  const due = trx
    .selectFrom("sla_timers")
    .select("id")
    .where("status", "=", "open")
    .where("paused_at", "is", null)
    .where(column, "is", null)
    .limit(batch)
    .forUpdate()
    .skipLocked();
  const candidates =
    column === "at_risk_alerted_at"
      ? due.where("at_risk_at", "<=", now).orderBy("at_risk_at")
      : column === "breach_alerted_at"
        ? due.where("due_at", "<=", now).orderBy("due_at")
        : due.where("breach_alerted_at", "<=", new Date(now.getTime() - ESCALATE_AFTER_MS)).orderBy("breach_alerted_at");
  const rows = await trx
    .updateTable("sla_timers")
    .set({ [column]: now })
    .where("id", "in", candidates)
    .returning(["id", "policy", "subject_id", "query_id", "consultant_id", "due_at"])
    .execute();
  if (!rows.length) return [];
  const queries = await trx
    .selectFrom("queries")
    .select(["id", "reference", "assigned_employee_id", "attorney_id"])
    .where("id", "in", [...new Set(rows.map((r) => r.query_id))])
    .execute();
  const byId = new Map(queries.map((q) => [q.id, q]));
  return rows.map((r) => ({
    ...r,
    reference: byId.get(r.query_id)!.reference,
    assigned_employee_id: byId.get(r.query_id)!.assigned_employee_id,
    attorney_id: byId.get(r.query_id)!.attorney_id,
  }));
}

const REPORT_POLICIES: readonly SlaPolicy[] = ["report_delivery", "report_release"];

const when = slaDueLabel;

/**
 * The RAF 5 clock is the attorney's deadline (services/raf4/raf5-clock.ts): its reminder and its
 * breach go to the attorney too, worded as the dispute and linked to the report.
 */
function raf5Alert(row: Claimed, late: boolean) {
  return {
    title: late ? `RAF 5 dispute deadline passed: ${row.reference}` : `RAF 5 dispute due: ${row.reference}`,
    message: late
      ? `The RAF 5 dispute for ${row.reference} was due with the HPCSA Registrar ${when(row.due_at)}.`
      : `Lodge the RAF 5 dispute for ${row.reference} with the HPCSA Registrar by ${when(row.due_at)}.`,
    link: `/reports/${row.subject_id}`,
  };
}

/** A step of a case's court plan is late: the case manager and the attorney hear (the step's date is the due time). */
function courtStepBreach(row: Claimed) {
  return {
    title: `Court deadline missed: ${row.reference}`,
    message: `A step of the court plan on ${row.reference} was due by ${when(row.due_at)} and is not done. The case's Court dates section says which.`,
    link: `/queries/${row.query_id}`,
  };
}

async function activeAdministrators(trx: Transaction<Database>): Promise<string[]> {
  const rows = await trx.selectFrom("users").select("id").where("role", "=", "administrator").where("is_active", "=", true).execute();
  return rows.map((r) => r.id);
}

type Notice = Parameters<typeof notifyMany>[1][number];

/** One `system_alert` per distinct recipient of a timer's alert. */
function alertsFor(userIds: Iterable<string | null>, message: { title: string; message: string; link: string }): Notice[] {
  // A timer's alert names only the reference, the timer and its times: safe to e-mail in full.
  return [...new Set([...userIds].filter((u): u is string => !!u))].map((userId) => ({
    userId,
    type: "system_alert" as const,
    textInEmail: true,
    ...message,
  }));
}

export interface SlaSweepResult {
  atRisk: number;
  breached: number;
  escalated: number;
}

/**
 * One sweep: at-risk alerts (assigned employee; the consultant too for report timers), breach
 * alerts (assigned employee and every active administrator) and escalations (administrators, once,
 * 24 hours after a breach alert for a timer still open). A timer that is already breached when
 * first seen gets the breach alert alone.
 */
export async function sweepSlaAlerts(db: Kysely<Database>, now = clock.now(), batch = 500): Promise<SlaSweepResult> {
  const result: SlaSweepResult = { atRisk: 0, breached: 0, escalated: 0 };
  const run = async (column: AlertColumn, send: (trx: Transaction<Database>, rows: Claimed[]) => Promise<void>) => {
    for (;;) {
      const count = await db.transaction().execute(async (trx) => {
        const rows = await claim(trx, column, now, batch);
        if (rows.length) await send(trx, rows);
        return rows.length;
      });
      if (column === "at_risk_alerted_at") result.atRisk += count;
      else if (column === "breach_alerted_at") result.breached += count;
      else result.escalated += count;
      if (count < batch) return;
    }
  };
  // Breaches first, so a timer past its due time is never told "at risk" after the fact.
  await run("breach_alerted_at", async (trx, rows) => {
    const admins = await activeAdministrators(trx);
    await trx
      .updateTable("sla_timers")
      .set({ at_risk_alerted_at: now })
      .where(
        "id",
        "in",
        rows.map((r) => r.id),
      )
      .where("at_risk_alerted_at", "is", null)
      .execute();
    await notifyMany(
      trx,
      rows.flatMap((row) => {
        const label = SLA_POLICY_LABELS[row.policy];
        if (row.policy === "raf5_dispute") return alertsFor([row.attorney_id, row.assigned_employee_id], raf5Alert(row, true));
        if (row.policy === "court_step") return alertsFor([row.attorney_id, row.assigned_employee_id], courtStepBreach(row));
        return alertsFor([row.assigned_employee_id, ...admins], {
          title: `SLA breached: ${label}, ${row.reference}`,
          message: `The ${label.toLowerCase()} timer of ${row.reference} was due ${when(row.due_at)} and is still open.`,
          link: "/sla-tracking",
        });
      }),
    );
  });
  await run("at_risk_alerted_at", async (trx, rows) => {
    await notifyMany(
      trx,
      rows.flatMap((row) => {
        const label = SLA_POLICY_LABELS[row.policy];
        if (row.policy === "raf5_dispute") return alertsFor([row.attorney_id, row.assigned_employee_id], raf5Alert(row, false));
        return alertsFor([row.assigned_employee_id, REPORT_POLICIES.includes(row.policy) ? row.consultant_id : null], {
          title: `SLA at risk: ${label}, ${row.reference}`,
          message: `The ${label.toLowerCase()} timer of ${row.reference} is due ${when(row.due_at)}.`,
          link: "/sla-tracking",
        });
      }),
    );
  });
  await run("escalated_at", async (trx, rows) => {
    const admins = await activeAdministrators(trx);
    await notifyMany(
      trx,
      rows.flatMap((row) => {
        const label = SLA_POLICY_LABELS[row.policy];
        if (row.policy === "raf5_dispute") return []; // the attorney's deadline, not the agency's: no escalation
        return alertsFor(admins, {
          title: `SLA still breached: ${label}, ${row.reference}`,
          message: `The ${label.toLowerCase()} timer of ${row.reference} was due ${when(row.due_at)} and is still open a day after its breach alert.`,
          link: "/sla-monitoring",
        });
      }),
    );
  });
  return result;
}

/** The sweeper job that sends SLA alerts (../platform/sweeper.ts). */
export const slaAlertsJob = (db: Kysely<Database>, everyMs = 60_000): SweepJob => ({
  name: "sla-alerts",
  everyMs,
  run: () => sweepSlaAlerts(db),
});
