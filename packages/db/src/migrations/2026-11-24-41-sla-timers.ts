import type { Kysely } from "kysely";
import { sql } from "kysely";

// SLA timers (docs/decisions.md, "SLA timers"): each timer copies its policy (target, unit,
// at-risk share) when it starts, so a later change of the defaults never moves a running clock.
// Pauses are rows of their own; `paused_at` mirrors the open one so the sweeper's index can skip
// paused timers. The alert columns are claimed by one UPDATE each, so several server processes
// alert once. `declared_holidays` holds the one-off public holidays administrators add.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("declared_holidays")
    .addColumn("date", "date", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The days declared so far under section 2A of the Public Holidays Act (election days and the
  // like); administrators keep the list from here on.
  const declared: [string, string][] = [
    ["2000-01-02", "Millennium public holiday"],
    ["2000-12-05", "Local government elections"],
    ["2004-04-14", "National and provincial elections"],
    ["2006-03-01", "Local government elections"],
    ["2008-05-02", "Public holiday (Human Rights Day fell on Good Friday)"],
    ["2009-04-22", "National and provincial elections"],
    ["2011-05-18", "Local government elections"],
    ["2011-12-27", "Public holiday (Christmas Day fell on a Sunday)"],
    ["2014-05-07", "National and provincial elections"],
    ["2016-08-03", "Local government elections"],
    ["2016-12-27", "Public holiday (Christmas Day fell on a Sunday)"],
    ["2019-05-08", "National and provincial elections"],
    ["2021-11-01", "Local government elections"],
    ["2022-12-27", "Public holiday (Christmas Day fell on a Sunday)"],
    ["2023-12-15", "Public holiday (Rugby World Cup victory)"],
    ["2024-05-29", "National and provincial elections"],
  ];
  await db
    .insertInto("declared_holidays")
    .values(declared.map(([date, name]) => ({ date, name })))
    .execute();

  await db.schema
    .createTable("sla_timers")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("policy", "text", (c) =>
      c.notNull().check(sql`policy IN ('query_acknowledgement', 'booking_offered', 'report_delivery', 'report_release')`),
    )
    .addColumn("subject_kind", "text", (c) => c.notNull().check(sql`subject_kind IN ('query', 'booking', 'assignment', 'report')`))
    .addColumn("subject_id", "uuid", (c) => c.notNull())
    .addColumn("query_id", "uuid", (c) => c.notNull().references("queries.id").onDelete("cascade"))
    .addColumn("consultant_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("target", "integer", (c) => c.notNull().check(sql`target > 0`))
    .addColumn("unit", "text", (c) => c.notNull().check(sql`unit IN ('hours', 'calendar_days', 'business_days')`))
    .addColumn("at_risk_percent", "integer", (c) => c.notNull().check(sql`at_risk_percent BETWEEN 1 AND 99`))
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("due_at", "timestamptz", (c) => c.notNull())
    .addColumn("at_risk_at", "timestamptz", (c) => c.notNull())
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status IN ('open', 'met', 'missed', 'cancelled')`),
    )
    .addColumn("stopped_at", "timestamptz")
    .addColumn("paused_at", "timestamptz")
    .addColumn("pause_kind", "text", (c) => c.check(sql`pause_kind IN ('hold', 'manual')`))
    .addColumn("pause_reason", "text")
    .addColumn("at_risk_alerted_at", "timestamptz")
    .addColumn("breach_alerted_at", "timestamptz")
    .addColumn("escalated_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("sla_timers_stop", sql`(status = 'open') = (stopped_at IS NULL)`)
    .addCheckConstraint("sla_timers_pause", sql`(paused_at IS NULL) = (pause_kind IS NULL) AND (paused_at IS NULL OR status = 'open')`)
    .execute();
  // One timer per policy and subject: starting it again is a no-op.
  await sql`CREATE UNIQUE INDEX sla_timers_subject ON sla_timers (policy, subject_kind, subject_id)`.execute(db);
  await sql`CREATE INDEX sla_timers_query ON sla_timers (query_id)`.execute(db);
  // The sweeper's three claims walk these partial indexes, never the whole table.
  await sql`CREATE INDEX sla_timers_at_risk_due ON sla_timers (at_risk_at) WHERE status = 'open' AND paused_at IS NULL AND at_risk_alerted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX sla_timers_breach_due ON sla_timers (due_at) WHERE status = 'open' AND paused_at IS NULL AND breach_alerted_at IS NULL`.execute(
    db,
  );
  await sql`CREATE INDEX sla_timers_escalation_due ON sla_timers (breach_alerted_at) WHERE status = 'open' AND paused_at IS NULL AND escalated_at IS NULL AND breach_alerted_at IS NOT NULL`.execute(
    db,
  );
  await sql`CREATE INDEX sla_timers_open ON sla_timers (due_at) WHERE status = 'open'`.execute(db);
  await sql`CREATE INDEX sla_timers_stopped ON sla_timers (stopped_at) WHERE status IN ('met', 'missed')`.execute(db);

  await db.schema
    .createTable("sla_timer_pauses")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("timer_id", "uuid", (c) => c.notNull().references("sla_timers.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('hold', 'manual')`))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("paused_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("from_at", "timestamptz", (c) => c.notNull())
    .addColumn("to_at", "timestamptz")
    .addCheckConstraint("sla_timer_pauses_order", sql`to_at IS NULL OR to_at >= from_at`)
    .execute();
  await sql`CREATE INDEX sla_timer_pauses_timer ON sla_timer_pauses (timer_id, from_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX sla_timer_pauses_open ON sla_timer_pauses (timer_id) WHERE to_at IS NULL`.execute(db);
}
