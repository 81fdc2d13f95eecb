import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Meetings get a reference like the other records (issue 37 item 23): `MTG-<year>-<nnnnn>` from the
 * same gap-free counters (`reference_counters`, series MTG), shown on the meeting and found by the
 * global search by prefix of its key. Existing meetings are numbered in the order they were made,
 * per UTC year as `nextReference` counts, and the counters continue after them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE meetings ADD COLUMN reference text`.execute(db);
  await sql`
    UPDATE meetings SET reference = numbered.reference
    FROM (
      SELECT id, 'MTG-' || extract(year FROM created_at AT TIME ZONE 'UTC')::int || '-'
        || lpad((row_number() OVER (PARTITION BY extract(year FROM created_at AT TIME ZONE 'UTC') ORDER BY created_at, id))::text, 5, '0') AS reference
      FROM meetings
    ) AS numbered
    WHERE meetings.id = numbered.id`.execute(db);
  await sql`
    INSERT INTO reference_counters (series, year, last_value)
    SELECT 'MTG', extract(year FROM created_at AT TIME ZONE 'UTC')::int, count(*) FROM meetings GROUP BY 2
    ON CONFLICT (series, year) DO UPDATE SET last_value = GREATEST(reference_counters.last_value, excluded.last_value)`.execute(db);
  await sql`ALTER TABLE meetings ALTER COLUMN reference SET NOT NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX meetings_reference ON meetings (reference)`.execute(db);
  await sql`CREATE INDEX meetings_search_reference ON meetings (search_key(reference) text_pattern_ops)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS meetings_search_reference`.execute(db);
  await sql`DROP INDEX IF EXISTS meetings_reference`.execute(db);
  await sql`ALTER TABLE meetings DROP COLUMN IF EXISTS reference`.execute(db);
  await sql`DELETE FROM reference_counters WHERE series = 'MTG'`.execute(db);
}
