import type { Kysely } from "kysely";
import { sql } from "kysely";

// A number per user that moves with every change to their notifications, in the changing
// transaction itself: the bell's poll compares it with the browser's ETag before reading the list
// (docs/decisions.md, "Performance"). Triggers keep it, so no code path that writes notifications
// (notify, notifyMany, the sweeper's alerts, read, read-all, delete, a cascade) can forget it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notification_versions")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("version", "bigint", (c) => c.notNull())
    .execute();
  await sql`
    INSERT INTO notification_versions (user_id, version)
    SELECT user_id, 1 FROM notifications GROUP BY user_id`.execute(db);
  // One bump per user and statement (read-all changes many rows, one version). The join skips a
  // user whose row is going away in the same statement (a cascade from users).
  await sql`
    CREATE FUNCTION bump_notification_versions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        INSERT INTO notification_versions AS v (user_id, version)
        SELECT DISTINCT c.user_id, 1 FROM changed_old c JOIN users u ON u.id = c.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
      ELSE
        INSERT INTO notification_versions AS v (user_id, version)
        SELECT DISTINCT c.user_id, 1 FROM changed_new c JOIN users u ON u.id = c.user_id
        ON CONFLICT (user_id) DO UPDATE SET version = v.version + 1;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER notifications_version_insert AFTER INSERT ON notifications
    REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_notification_versions()`.execute(db);
  await sql`
    CREATE TRIGGER notifications_version_update AFTER UPDATE ON notifications
    REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION bump_notification_versions()`.execute(db);
  await sql`
    CREATE TRIGGER notifications_version_delete AFTER DELETE ON notifications
    REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION bump_notification_versions()`.execute(db);
}
