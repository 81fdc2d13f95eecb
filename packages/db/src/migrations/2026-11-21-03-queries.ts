import type { Kysely } from "kysely";
import { sql } from "kysely";

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  // Gap-free reference numbers per series and year (CASE-2026-00001, Q-2026-00001).
  await db.schema
    .createTable("reference_counters")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("year", "integer", (c) => c.notNull())
    .addColumn("last_value", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("reference_counters_pk", ["series", "year"])
    .execute();

  await db.schema
    .createTable("patients")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("attorney_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("id_number", "text")
    .addColumn("passport_number", "text")
    .addColumn("birth_date", "date", (c) => c.notNull())
    .addColumn("gender", "text", (c) => c.notNull().check(sql`gender IN ('male', 'female', 'other')`))
    .addColumn("email", "text")
    .addColumn("phone", "text")
    .addColumn("address", "text")
    .addColumn("home_language", "text", (c) => c.notNull())
    .addColumn("interpreter_needed", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("consent_received_at", "date")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("patients_identity", sql`id_number IS NOT NULL OR passport_number IS NOT NULL`)
    .execute();
  await sql`CREATE INDEX patients_attorney ON patients (attorney_id, lower(last_name), lower(first_name))`.execute(db);
  await sql`CREATE UNIQUE INDEX patients_id_number_per_attorney ON patients (attorney_id, id_number) WHERE id_number IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable("cases")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("attorney_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("patient_id", "uuid", (c) => c.notNull().references("patients.id"))
    .addColumn("claim_type", "text", (c) =>
      c.notNull().check(sql`claim_type IN ('raf', 'medical_negligence', 'personal_injury', 'workers_compensation', 'other')`),
    )
    .addColumn("incident_date", "date", (c) => c.notNull())
    .addColumn("raf_claim_number", "text")
    .addColumn("court_case_number", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("open")
        .check(sql`status IN ('open', 'on_hold', 'settled', 'closed')`),
    )
    .addColumn("notes", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX cases_attorney ON cases (attorney_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX cases_patient ON cases (patient_id)`.execute(db);

  await db.schema
    .createTable("queries")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("case_id", "uuid", (c) => c.notNull().references("cases.id"))
    .addColumn("attorney_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("instructions", "text", (c) => c.notNull())
    .addColumn("priority", "text", (c) =>
      c
        .notNull()
        .defaultTo("normal")
        .check(sql`priority IN ('low', 'normal', 'high', 'urgent')`),
    )
    .addColumn("priority_rank", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("submitted")
        .check(
          sql`status IN ('submitted', 'in_review', 'assigning', 'scheduled', 'assessed', 'reporting', 'completed', 'on_hold', 'cancelled')`,
        ),
    )
    .addColumn("held_from", "text")
    .addColumn("cancel_reason", "text")
    .addColumn("assigned_employee_id", "uuid", (c) => c.references("users.id"))
    // Reference, claimant, attorney and firm in one lower-case string, for trigram search at scale.
    .addColumn("search_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX queries_created ON queries (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX queries_status_created ON queries (status, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX queries_priority ON queries (priority_rank DESC, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX queries_attorney ON queries (attorney_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX queries_employee ON queries (assigned_employee_id, created_at DESC)`.execute(db);
  await sql`CREATE INDEX queries_case ON queries (case_id)`.execute(db);
  await sql`CREATE INDEX queries_search ON queries USING gin (search_text gin_trgm_ops)`.execute(db);

  await db.schema
    .createTable("query_specializations")
    .addColumn("query_id", "uuid", (c) => c.notNull().references("queries.id").onDelete("cascade"))
    .addColumn("specialization_id", "uuid", (c) => c.notNull().references("specializations.id"))
    .addPrimaryKeyConstraint("query_specializations_pk", ["query_id", "specialization_id"])
    .execute();
  await sql`CREATE INDEX query_specializations_spec ON query_specializations (specialization_id, query_id)`.execute(db);

  await db.schema
    .createTable("consultant_assignments")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("query_id", "uuid", (c) => c.notNull().references("queries.id"))
    .addColumn("consultant_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("specialization_id", "uuid", (c) => c.notNull().references("specializations.id"))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("proposed")
        .check(sql`status IN ('proposed', 'accepted', 'declined', 'withdrawn', 'completed')`),
    )
    .addColumn("fee_agreed_cents", "integer")
    .addColumn("decline_reason", "text")
    .addColumn("assigned_by", "uuid", (c) => c.references("users.id"))
    .addColumn("responded_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX assignments_query ON consultant_assignments (query_id)`.execute(db);
  await sql`CREATE INDEX assignments_consultant ON consultant_assignments (consultant_id, status)`.execute(db);
  // One live assignment per consultant and query.
  await sql`CREATE UNIQUE INDEX assignments_live_once ON consultant_assignments (query_id, consultant_id) WHERE status IN ('proposed', 'accepted')`.execute(
    db,
  );

  // The query's timeline: status moves, comments, assignments and documents, oldest first.
  await db.schema
    .createTable("query_events")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("query_id", "uuid", (c) => c.notNull().references("queries.id").onDelete("cascade"))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("actor_id", "uuid", (c) => c.references("users.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('status', 'comment', 'assignment', 'document')`))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("body", "text")
    .execute();
  await sql`CREATE INDEX query_events_query ON query_events (query_id, at)`.execute(db);

  await db.schema
    .createTable("query_documents")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("query_id", "uuid", (c) => c.notNull().references("queries.id"))
    .addColumn("uploaded_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("data", "bytea", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX query_documents_query ON query_documents (query_id, created_at)`.execute(db);
}
