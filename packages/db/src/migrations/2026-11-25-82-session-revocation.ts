import type { Kysely } from "kysely";
import { sql } from "kysely";

// Every server process keeps sessions and their signed-in users in memory (docs/decisions.md,
// "Session cache"). These triggers tell every process, on channel medlegal_sessions and in the
// changing transaction itself, which entries to forget: "s:<sid>" when a session row changes or
// goes (logout, password change, reset, deactivation), "u:<user id>" when a user or their second
// factor changes (role, deactivation, enrolment), "*" when a setting or a specialization changes.
// Triggers, so no code path that writes these tables can forget to revoke.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('medlegal_sessions', 's:' || OLD.sid);
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER sessions_revoke AFTER UPDATE OR DELETE ON sessions
    FOR EACH ROW EXECUTE FUNCTION notify_session_change()`.execute(db);
  await sql`
    CREATE FUNCTION notify_session_user_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_TABLE_NAME = 'users' THEN
        PERFORM pg_notify('medlegal_sessions', 'u:' || OLD.id);
      ELSIF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('medlegal_sessions', 'u:' || OLD.user_id);
      ELSE
        PERFORM pg_notify('medlegal_sessions', 'u:' || NEW.user_id);
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER users_revoke AFTER UPDATE OR DELETE ON users
    FOR EACH ROW EXECUTE FUNCTION notify_session_user_change()`.execute(db);
  await sql`
    CREATE TRIGGER user_two_factor_revoke AFTER INSERT OR UPDATE OR DELETE ON user_two_factor
    FOR EACH ROW EXECUTE FUNCTION notify_session_user_change()`.execute(db);
  await sql`
    CREATE FUNCTION notify_session_all() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('medlegal_sessions', '*');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER settings_revoke AFTER INSERT OR UPDATE OR DELETE ON settings
    FOR EACH STATEMENT EXECUTE FUNCTION notify_session_all()`.execute(db);
  await sql`
    CREATE TRIGGER specializations_revoke AFTER UPDATE OR DELETE ON specializations
    FOR EACH STATEMENT EXECUTE FUNCTION notify_session_all()`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TRIGGER specializations_revoke ON specializations`.execute(db);
  await sql`DROP TRIGGER settings_revoke ON settings`.execute(db);
  await sql`DROP TRIGGER user_two_factor_revoke ON user_two_factor`.execute(db);
  await sql`DROP TRIGGER users_revoke ON users`.execute(db);
  await sql`DROP TRIGGER sessions_revoke ON sessions`.execute(db);
  await sql`DROP FUNCTION notify_session_all()`.execute(db);
  await sql`DROP FUNCTION notify_session_user_change()`.execute(db);
  await sql`DROP FUNCTION notify_session_change()`.execute(db);
}
