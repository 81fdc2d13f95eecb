import type { Kysely } from "kysely";
import { sql } from "kysely";

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);

  await db.schema
    .alterTable("users")
    .addColumn("daily_capacity", "integer", (c) => c.notNull().defaultTo(4))
    .execute();

  // Weekly availability: per consultant and ISO weekday (1 Monday ... 7 Sunday), local times.
  await db.schema
    .createTable("availability_rules")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("consultant_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("weekday", "integer", (c) => c.notNull().check(sql`weekday BETWEEN 1 AND 7`))
    .addColumn("start_time", "text", (c) => c.notNull())
    .addColumn("end_time", "text", (c) => c.notNull())
    .addColumn("venue", "text")
    .addColumn("mode", "text", (c) => c.notNull().check(sql`mode IN ('in_person', 'video')`))
    .execute();
  await sql`CREATE INDEX availability_rules_consultant ON availability_rules (consultant_id, weekday)`.execute(db);

  // A date's exception: unavailable, or ranges that replace that weekday's (one row per range).
  await db.schema
    .createTable("availability_overrides")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("consultant_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("date", "date", (c) => c.notNull())
    .addColumn("unavailable", "boolean", (c) => c.notNull())
    .addColumn("start_time", "text")
    .addColumn("end_time", "text")
    .addColumn("venue", "text")
    .addColumn("mode", "text", (c) => c.check(sql`mode IN ('in_person', 'video')`))
    .addColumn("note", "text")
    .execute();
  await sql`CREATE INDEX availability_overrides_consultant ON availability_overrides (consultant_id, date)`.execute(db);

  await db.schema
    .createTable("bookings")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("query_id", "uuid", (c) => c.references("queries.id"))
    .addColumn("case_id", "uuid", (c) => c.notNull().references("cases.id"))
    .addColumn("patient_id", "uuid", (c) => c.notNull().references("patients.id"))
    .addColumn("attorney_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("consultant_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("specialization_id", "uuid", (c) => c.notNull().references("specializations.id"))
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("venue", "text")
    .addColumn("mode", "text", (c) => c.notNull().check(sql`mode IN ('in_person', 'video')`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("requested")
        .check(sql`status IN ('requested', 'confirmed', 'attended', 'no_show', 'cancelled', 'rescheduled')`),
    )
    .addColumn("note", "text")
    .addColumn("cancellation_class", "text", (c) => c.check(sql`cancellation_class IN ('chargeable', 'no_fee', 'no_fee_pay_expert')`))
    .addColumn("cancel_reason", "text")
    .addColumn("rescheduled_from_id", "uuid", (c) => c.references("bookings.id"))
    .addColumn("created_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("bookings_time_order", sql`ends_at > starts_at`)
    .execute();
  // The guarantee: no two live bookings of one consultant overlap, whatever the concurrency.
  await sql`
    ALTER TABLE bookings ADD CONSTRAINT bookings_no_overlap
    EXCLUDE USING gist (consultant_id WITH =, tstzrange(starts_at, ends_at) WITH &&)
    WHERE (status IN ('requested', 'confirmed'))`.execute(db);
  await sql`CREATE INDEX bookings_starts ON bookings (starts_at, id)`.execute(db);
  await sql`CREATE INDEX bookings_consultant ON bookings (consultant_id, starts_at)`.execute(db);
  await sql`CREATE INDEX bookings_attorney ON bookings (attorney_id, starts_at)`.execute(db);
  await sql`CREATE INDEX bookings_query ON bookings (query_id)`.execute(db);

  await db.schema
    .createTable("call_rosters")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("employee_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("starts_at", "timestamptz", (c) => c.notNull())
    .addColumn("ends_at", "timestamptz", (c) => c.notNull())
    .addColumn("duty", "text", (c) => c.notNull().check(sql`duty IN ('bookings_desk', 'reports_desk', 'on_call')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("call_rosters_time_order", sql`ends_at > starts_at`)
    .execute();
  await sql`
    ALTER TABLE call_rosters ADD CONSTRAINT call_rosters_no_clash
    EXCLUDE USING gist (employee_id WITH =, tstzrange(starts_at, ends_at) WITH &&)`.execute(db);
}
