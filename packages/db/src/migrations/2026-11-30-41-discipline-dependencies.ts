import type { Kysely } from "kysely";
import { sql } from "kysely";

/**
 * Disciplines that wait for others (issue 27, section 3; docs/decisions.md "Disciplines that wait"):
 * which specialization's report needs which others' first, and the "waiting" kind of SLA pause that
 * holds a downstream expert's report timer until the upstream reports on the query are released.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE specialization_dependencies (
      downstream_id uuid NOT NULL REFERENCES specializations(id) ON DELETE CASCADE,
      upstream_id uuid NOT NULL REFERENCES specializations(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (downstream_id, upstream_id),
      CHECK (downstream_id <> upstream_id)
    )`.execute(db);
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_pause_kind_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_pause_kind_check CHECK (pause_kind IN ('hold', 'manual', 'waiting'))`.execute(
    db,
  );
  await sql`ALTER TABLE sla_timer_pauses DROP CONSTRAINT sla_timer_pauses_kind_check`.execute(db);
  await sql`ALTER TABLE sla_timer_pauses ADD CONSTRAINT sla_timer_pauses_kind_check CHECK (kind IN ('hold', 'manual', 'waiting'))`.execute(
    db,
  );
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`UPDATE sla_timers SET paused_at = NULL, pause_kind = NULL, pause_reason = NULL WHERE pause_kind = 'waiting'`.execute(db);
  await sql`DELETE FROM sla_timer_pauses WHERE kind = 'waiting'`.execute(db);
  await sql`ALTER TABLE sla_timers DROP CONSTRAINT sla_timers_pause_kind_check`.execute(db);
  await sql`ALTER TABLE sla_timers ADD CONSTRAINT sla_timers_pause_kind_check CHECK (pause_kind IN ('hold', 'manual'))`.execute(db);
  await sql`ALTER TABLE sla_timer_pauses DROP CONSTRAINT sla_timer_pauses_kind_check`.execute(db);
  await sql`ALTER TABLE sla_timer_pauses ADD CONSTRAINT sla_timer_pauses_kind_check CHECK (kind IN ('hold', 'manual'))`.execute(db);
  await sql`DROP TABLE specialization_dependencies`.execute(db);
}
