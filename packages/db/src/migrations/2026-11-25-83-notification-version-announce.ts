import type { Kysely } from "kysely";
import { sql } from "kysely";

// The bell's version, announced: each process keeps every user's notification version in memory
// (docs/decisions.md, "Session cache"), so an unchanged poll answers 304 with no database round
// trip. The version trigger now also says "n:<user id>" on medlegal_sessions for every user whose
// notifications changed, in the changing transaction, and each process forgets that version.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION bump_notification_versions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        INSERT INTO notification_versions AS v (user_id, version)
        SELECT DISTINCT c.user_id, 1 FROM changed_old c JOIN users u ON u.id = c.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
        PERFORM pg_notify('medlegal_sessions', 'n:' || c.user_id) FROM (SELECT DISTINCT user_id FROM changed_old) c;
      ELSE
        INSERT INTO notification_versions AS v (user_id, version)
        SELECT DISTINCT c.user_id, 1 FROM changed_new c JOIN users u ON u.id = c.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
        PERFORM pg_notify('medlegal_sessions', 'n:' || c.user_id) FROM (SELECT DISTINCT user_id FROM changed_new) c;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
}
