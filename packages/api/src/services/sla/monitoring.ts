import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { z } from "zod";
import type { Database } from "@medlegal/db";
import type { SlaMonitoring, SlaPolicy, slaMonitoringInputSchema } from "@medlegal/domain";
import { sastDate, sastToUtc } from "@medlegal/domain";
import { csvCell, csvDocument } from "../platform/csv";
import { timerState, timerStateSql } from "./state";
import { fullName } from "../platform/sql";
import * as clock from "../platform/clock";

/**
 * `/sla-monitoring`: the agency-wide picture, computed in PostgreSQL over the stored due times
 * (docs/decisions.md, "SLA timers"). Cancelled timers count nowhere, nor do court steps whose date had
 * passed before the agency was instructed (docs/product-rules.md, "The trial is too close"). "Now" is the app's clock,
 * passed in, so the forecast is an "as of" that changes nothing.
 */

/** The first instant of the South African month `monthsBack` months before the one `now` is in. */
export function monthStart(now: Date, monthsBack = 0): Date {
  const [y, m] = sastDate(now).split("-").map(Number) as [number, number];
  const index = y * 12 + (m - 1) - monthsBack;
  return sastToUtc(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}-01`, "00:00");
}

/** A timestamptz as its South African month, YYYY-MM (South Africa keeps UTC+2 all year). */
export const saMonth = (column: string) => sql<string>`to_char((${sql.ref(column)} AT TIME ZONE 'UTC') + interval '2 hours', 'YYYY-MM')`;

const FORECAST_MS = 48 * 3_600_000;

export async function slaMonitoring(
  { db }: { db: Kysely<Database> },
  f: z.output<typeof slaMonitoringInputSchema>,
  now = clock.now(),
): Promise<SlaMonitoring> {
  const thisMonth = monthStart(now);
  const since = monthStart(now, f.months - 1);
  // One expert's or one specialization's row: the timers decided in the window and those still open.
  const tallies = [
    sql<number>`count(*) FILTER (WHERE sla_timers.status = 'met')::int`.as("met"),
    sql<number>`count(*) FILTER (WHERE sla_timers.status = 'missed')::int`.as("missed"),
    sql<number>`count(*) FILTER (WHERE sla_timers.status = 'open')::int`.as("open"),
    sql<number>`count(*) FILTER (WHERE ${timerStateSql("breached", now)})::int`.as("breached"),
  ];
  const inWindow = sql<boolean>`sla_timers.status = 'open' OR (sla_timers.status IN ('met', 'missed') AND sla_timers.stopped_at >= ${since})`;
  const [totals, perMonth, perExpert, perSpecialization, forecast] = await Promise.all([
    db
      .selectFrom("sla_timers")
      .select([
        sql<number>`count(*) FILTER (WHERE status = 'met' AND stopped_at >= ${thisMonth})::int`.as("met"),
        sql<number>`count(*) FILTER (WHERE status = 'missed' AND stopped_at >= ${thisMonth})::int`.as("missed"),
        sql<number>`count(*) FILTER (WHERE status = 'open')::int`.as("open"),
        sql<number>`count(*) FILTER (WHERE ${timerStateSql("breached", now)})::int`.as("breached"),
        sql<number>`count(*) FILTER (WHERE ${timerStateSql("at_risk", now)})::int`.as("at_risk"),
        sql<
          number | null
        >`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM stopped_at - started_at)) FILTER (WHERE policy = 'report_delivery' AND status IN ('met', 'missed') AND stopped_at >= ${since})`.as(
          "median_seconds",
        ),
      ])
      .where((eb) => eb.or([eb("status", "=", "open"), eb("stopped_at", ">=", since)]))
      .where("before_instruction", "=", false)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("sla_timers")
      .select([
        saMonth("stopped_at").as("month"),
        "policy",
        sql<number>`count(*) FILTER (WHERE status = 'met')::int`.as("met"),
        sql<number>`count(*) FILTER (WHERE status = 'missed')::int`.as("missed"),
      ])
      .where("status", "in", ["met", "missed"])
      .where("stopped_at", ">=", since)
      .where("before_instruction", "=", false)
      .groupBy([saMonth("stopped_at"), "policy"])
      .orderBy("month")
      .orderBy("policy")
      .execute(),
    db
      .selectFrom("sla_timers")
      .innerJoin("users", "users.id", "sla_timers.consultant_id")
      .leftJoin("specializations", "specializations.id", "users.specialization_id")
      .select(["users.id as consultant_id", fullName("users").as("name"), "specializations.name as specialization", ...tallies])
      .where(inWindow)
      .groupBy(["users.id", "users.first_name", "users.last_name", "specializations.name"])
      .orderBy("name")
      .execute(),
    db
      .selectFrom("sla_timers")
      .innerJoin("users", "users.id", "sla_timers.consultant_id")
      .innerJoin("specializations", "specializations.id", "users.specialization_id")
      .select(["specializations.name as specialization", ...tallies])
      .where(inWindow)
      .groupBy("specializations.name")
      .orderBy("specializations.name")
      .execute(),
    db
      .selectFrom("sla_timers")
      .innerJoin("queries", "queries.id", "sla_timers.query_id")
      .leftJoin("users as employee", "employee.id", "queries.assigned_employee_id")
      .select([
        "sla_timers.id",
        "sla_timers.policy",
        "sla_timers.query_id",
        "queries.reference",
        "sla_timers.due_at",
        "sla_timers.at_risk_at",
        "sla_timers.status",
        "sla_timers.paused_at",
        "sla_timers.stopped_at",
        fullName<string | null>("employee").as("employee_name"),
      ])
      // Running and not yet breached (the same rule as every screen), due within 48 hours.
      .where(sql<boolean>`(${timerStateSql("on_track", now)} OR ${timerStateSql("at_risk", now)})`)
      .where("sla_timers.due_at", "<=", new Date(now.getTime() + FORECAST_MS))
      .orderBy("sla_timers.due_at")
      .limit(100)
      .execute(),
  ]);
  const decided = totals.met + totals.missed;
  return {
    asOf: now.toISOString(),
    compliancePercent: decided ? Math.round((totals.met / decided) * 1000) / 10 : null,
    metThisMonth: totals.met,
    missedThisMonth: totals.missed,
    openBreaches: totals.breached,
    atRisk: totals.at_risk,
    openTimers: totals.open,
    medianReportTurnaroundHours: totals.median_seconds === null ? null : Math.round(Number(totals.median_seconds) / 360) / 10,
    perMonth: perMonth.map((r) => ({ month: r.month, policy: r.policy as SlaPolicy, met: r.met, missed: r.missed })),
    perExpert: perExpert.map((r) => ({
      consultantId: r.consultant_id,
      name: r.name,
      specialization: r.specialization,
      met: r.met,
      missed: r.missed,
      open: r.open,
      breached: r.breached,
    })),
    perSpecialization: perSpecialization.map((r) => ({
      specialization: r.specialization,
      met: r.met,
      missed: r.missed,
      open: r.open,
      breached: r.breached,
    })),
    forecast: forecast.map((r) => ({
      id: r.id,
      policy: r.policy,
      queryId: r.query_id,
      queryReference: r.reference,
      dueAt: r.due_at.toISOString(),
      state: timerState(r, now).state,
      assignedEmployeeName: r.employee_name,
    })),
  };
}

/** The CSV export of `/sla-monitoring`: every timer of the window, one row each. */
export async function slaTimersCsv(
  { db }: { db: Kysely<Database> },
  f: z.output<typeof slaMonitoringInputSchema>,
  now = clock.now(),
): Promise<string> {
  const since = monthStart(now, f.months - 1);
  const rows = await db
    .selectFrom("sla_timers")
    .innerJoin("queries", "queries.id", "sla_timers.query_id")
    .leftJoin("users as consultant", "consultant.id", "sla_timers.consultant_id")
    .select([
      "sla_timers.policy",
      "queries.reference",
      "sla_timers.started_at",
      "sla_timers.due_at",
      "sla_timers.stopped_at",
      "sla_timers.status",
      "sla_timers.paused_at",
      "sla_timers.at_risk_at",
      "sla_timers.pause_reason",
      fullName<string | null>("consultant").as("consultant"),
    ])
    .where((eb) => eb.or([eb("sla_timers.status", "=", "open"), eb("sla_timers.stopped_at", ">=", since)]))
    .orderBy("sla_timers.started_at")
    .execute();
  const header = ["Policy", "Query", "Started", "Due", "Stopped", "Outcome", "Paused since", "Pause reason", "Consultant"];
  const lines = rows.map((r) => [
    r.policy,
    r.reference,
    r.started_at.toISOString(),
    r.due_at.toISOString(),
    r.stopped_at?.toISOString() ?? "",
    r.status === "open" && timerState(r, now).state === "breached" ? "breached" : r.status,
    r.paused_at?.toISOString() ?? "",
    r.pause_reason ?? "",
    r.consultant ?? "",
  ]);
  return csvDocument(header.map(csvCell).join(","), lines);
}
