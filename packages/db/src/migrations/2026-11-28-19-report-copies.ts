import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * A report version's stamped copy, made once on its first download and served from here after
 * (docs/decisions.md, "PDF processing off the request thread"): the attorney's released copy with
 * its release line, or the DRAFT copy staff and the expert see. Versions never change, nor do
 * their copies; a copy goes with its version.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("report_copies")
    .addColumn("version_id", "uuid", (c) => c.notNull().references("report_versions.id").onDelete("cascade"))
    .addColumn("released", "boolean", (c) => c.notNull())
    .addColumn("data", "bytea", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint("report_copies_pkey", ["version_id", "released"])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("report_copies").execute();
}
