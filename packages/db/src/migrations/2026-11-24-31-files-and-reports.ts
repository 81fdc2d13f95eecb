import type { Kysely } from "kysely";
import { sql } from "kysely";

const id = sql`gen_random_uuid()`;
const now = sql`now()`;

/**
 * One store for every file (docs/decisions.md, "Files and reports"), then reports: their
 * immutable versions, reviews against a QA checklist per kind, a timeline, attorneys' questions,
 * and the attorneys whose reports are released on approval.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("files")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("owner_kind", "text", (c) => c.notNull().check(sql`owner_kind IN ('query_document', 'report_version')`))
    // The record the file belongs to (a query for its documents, a report for its versions): downloads check it.
    .addColumn("owner_id", "uuid", (c) => c.notNull())
    .addColumn("uploaded_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("data", "bytea", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX files_owner ON files (owner_kind, owner_id, created_at)`.execute(db);
  await sql`CREATE INDEX files_uploader ON files (uploaded_by, created_at)`.execute(db);
  // Query documents move in with their ids, so links and access-log rows keep pointing at them.
  await sql`
    INSERT INTO files (id, owner_kind, owner_id, uploaded_by, file_name, content_type, size, sha256, data, created_at)
    SELECT id, 'query_document', query_id, uploaded_by, file_name, content_type, size, sha256, data, created_at FROM query_documents`.execute(
    db,
  );
  await db.schema.dropTable("query_documents").execute();

  await db.schema
    .createTable("reports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("query_id", "uuid", (c) => c.notNull().references("queries.id"))
    .addColumn("case_id", "uuid", (c) => c.notNull().references("cases.id"))
    .addColumn("patient_id", "uuid", (c) => c.notNull().references("patients.id"))
    .addColumn("attorney_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("booking_id", "uuid", (c) => c.references("bookings.id"))
    .addColumn("consultant_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("specialization_id", "uuid", (c) => c.notNull().references("specializations.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind IN ('medico_legal', 'raf4', 'addendum', 'supplementary', 'joint_minute')`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("awaiting")
        .check(sql`status IN ('awaiting', 'submitted', 'in_review', 'changes_requested', 'approved', 'released', 'withdrawn')`),
    )
    .addColumn("parent_report_id", "uuid", (c) => c.references("reports.id"))
    .addColumn("due_at", "timestamptz", (c) => c.notNull())
    .addColumn("reviewer_id", "uuid", (c) => c.references("users.id"))
    .addColumn("approved_at", "timestamptz")
    .addColumn("released_at", "timestamptz")
    .addColumn("released_by", "uuid", (c) => c.references("users.id"))
    .addColumn("release_override_reason", "text")
    .addColumn("withdrawn_reason", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX reports_status_due ON reports (status, due_at)`.execute(db);
  await sql`CREATE INDEX reports_consultant ON reports (consultant_id, due_at)`.execute(db);
  await sql`CREATE INDEX reports_attorney ON reports (attorney_id, due_at)`.execute(db);
  await sql`CREATE INDEX reports_query ON reports (query_id)`.execute(db);
  // One report per attended booking, however often attendance is corrected back and forth.
  await sql`CREATE UNIQUE INDEX reports_booking ON reports (booking_id) WHERE booking_id IS NOT NULL`.execute(db);

  await db.schema
    .createTable("report_versions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("report_id", "uuid", (c) => c.notNull().references("reports.id"))
    .addColumn("number", "integer", (c) => c.notNull())
    .addColumn("file_id", "uuid", (c) => c.notNull().references("files.id"))
    .addColumn("page_count", "integer", (c) => c.notNull())
    .addColumn("uploaded_by", "uuid", (c) => c.notNull().references("users.id"))
    // The expert whose report staff upload for them (e-mailed in); null when they uploaded it themselves.
    .addColumn("on_behalf_of", "uuid", (c) => c.references("users.id"))
    .addColumn("change_note", "text")
    .addColumn("declaration", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("report_versions_number", ["report_id", "number"])
    .execute();
  await sql`
    CREATE FUNCTION report_versions_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'report versions cannot be changed or deleted';
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER report_versions_no_update_delete BEFORE UPDATE OR DELETE ON report_versions
    FOR EACH ROW EXECUTE FUNCTION report_versions_are_immutable()`.execute(db);
  await sql`
    CREATE TRIGGER report_versions_no_truncate BEFORE TRUNCATE ON report_versions
    FOR EACH STATEMENT EXECUTE FUNCTION report_versions_are_immutable()`.execute(db);

  await db.schema
    .createTable("report_checklist_items")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("mandatory", "boolean", (c) => c.notNull().defaultTo(true))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    .execute();
  await sql`CREATE INDEX report_checklist_items_kind ON report_checklist_items (kind, position)`.execute(db);

  await db.schema
    .createTable("report_reviews")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("report_id", "uuid", (c) => c.notNull().references("reports.id"))
    .addColumn("version_id", "uuid", (c) => c.notNull().references("report_versions.id"))
    .addColumn("reviewer_id", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("outcome", "text", (c) => c.notNull().check(sql`outcome IN ('approved', 'changes_requested')`))
    // [{ itemId, label, mandatory, result: pass|fail|na, comment }]: the checklist as it stood, kept with the review.
    .addColumn("items", "jsonb", (c) => c.notNull())
    .addColumn("comment", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();
  await sql`CREATE INDEX report_reviews_report ON report_reviews (report_id, created_at)`.execute(db);

  await db.schema
    .createTable("report_events")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    .addColumn("report_id", "uuid", (c) => c.notNull().references("reports.id"))
    .addColumn("at", "timestamptz", (c) => c.notNull().defaultTo(sql`clock_timestamp()`))
    .addColumn("actor_id", "uuid", (c) => c.references("users.id"))
    .addColumn("from_status", "text")
    .addColumn("to_status", "text")
    .addColumn("body", "text")
    .execute();
  await sql`CREATE INDEX report_events_report ON report_events (report_id, at)`.execute(db);

  await db.schema
    .createTable("report_questions")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(id))
    // Unique: an attorney puts questions on a released report once.
    .addColumn("report_id", "uuid", (c) => c.notNull().unique().references("reports.id"))
    .addColumn("asked_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("supplementary_report_id", "uuid", (c) => c.references("reports.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();

  await db.schema
    .createTable("release_deferrals")
    .addColumn("attorney_id", "uuid", (c) => c.primaryKey().references("users.id"))
    .addColumn("note", "text", (c) => c.notNull())
    .addColumn("recorded_by", "uuid", (c) => c.notNull().references("users.id"))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(now))
    .execute();

  const defaults: [string, string][] = [];
  const common = [
    "Claimant name, ID number and birth date match the instruction",
    "Assessment date matches the booking",
    "Every question in the instruction is answered",
    "Qualifications and HPCSA number stated",
    "Documents reviewed are listed",
    "Expert's declaration present",
    "Signed and dated",
    "No opinion outside the expert's specialty",
    "Left and right are consistent",
  ];
  for (const kind of ["medico_legal", "raf4", "addendum", "supplementary", "joint_minute"]) {
    for (const label of common) defaults.push([kind, label]);
    if (kind === "raf4") {
      defaults.push([kind, "AMA whole-person-impairment percentage completed"]);
      defaults.push([kind, "Narrative test completed"]);
    }
  }
  let position = 0;
  await db
    .insertInto("report_checklist_items")
    .values(defaults.map(([kind, label]) => ({ kind, label, position: position++ })))
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "release_deferrals",
    "report_questions",
    "report_events",
    "report_reviews",
    "report_checklist_items",
    "report_versions",
    "reports",
  ]) {
    await db.schema.dropTable(table).execute();
  }
  await sql`DROP FUNCTION report_versions_are_immutable()`.execute(db);
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
  await sql`
    INSERT INTO query_documents (id, query_id, uploaded_by, file_name, content_type, size, sha256, data, created_at)
    SELECT id, owner_id, uploaded_by, file_name, content_type, size, sha256, data, created_at FROM files WHERE owner_kind = 'query_document'`.execute(
    db,
  );
  await db.schema.dropTable("files").execute();
}
