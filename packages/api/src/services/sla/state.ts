import type { RawBuilder } from "kysely";
import { sql } from "kysely";
import type { SlaViewState, StoredSlaTimer } from "@medlegal/domain";
import { storedSlaState } from "@medlegal/domain";

/**
 * A stored timer's state, the one rule of `storedSlaState` (packages/domain) for rows and as SQL
 * filters, so the dashboard, `/sla-tracking`, `/sla-monitoring` and the CSV never disagree about
 * one timer (test: sla-agreement.test.ts, at the boundary instants).
 */

export interface TimerStateRow {
  status: StoredSlaTimer["status"];
  due_at: Date;
  at_risk_at: Date;
  paused_at: Date | null;
  stopped_at: Date | null;
}

export function timerState(row: TimerStateRow, now: Date): { state: SlaViewState; timeLeftMs: number } {
  return storedSlaState(
    { status: row.status, dueAt: row.due_at, atRiskAt: row.at_risk_at, pausedAt: row.paused_at, stoppedAt: row.stopped_at },
    now,
  );
}

export type RunningState = "breached" | "at_risk" | "on_track" | "paused";

/**
 * The SQL condition "this running timer is in `state` at `now`", on the `sla_timers` columns of
 * `table` (its name or alias). Breached: the due instant has passed (at the pause, while paused).
 */
export function timerStateSql(state: RunningState, now: Date, table = "sla_timers"): RawBuilder<boolean> {
  const c = (column: string) => sql.ref(`${table}.${column}`);
  const open = sql`${c("status")} = 'open'`;
  switch (state) {
    case "breached":
      return sql<boolean>`(${open} AND ${c("due_at")} < coalesce(${c("paused_at")}, ${now}))`;
    case "paused":
      return sql<boolean>`(${open} AND ${c("paused_at")} IS NOT NULL AND ${c("due_at")} >= ${c("paused_at")})`;
    case "at_risk":
      return sql<boolean>`(${open} AND ${c("paused_at")} IS NULL AND ${c("at_risk_at")} <= ${now} AND ${c("due_at")} >= ${now})`;
    case "on_track":
      return sql<boolean>`(${open} AND ${c("paused_at")} IS NULL AND ${c("at_risk_at")} > ${now} AND ${c("due_at")} >= ${now})`;
  }
}
