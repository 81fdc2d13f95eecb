import type { Kysely } from "kysely";
import { sql } from "kysely";
import { createDatabase } from "./connection";
import { migrateToLatest } from "./migrate";

/**
 * Tables whose history must never change: the app's role may add and read rows, nothing else.
 * A table named here that does not exist (yet) is skipped, so the list can name tables that
 * later migrations add.
 */
export const APPEND_ONLY_TABLES = ["audit_log", "access_log", "report_versions", "credit_notes", "credit_note_lines"] as const;

/** Kysely's own bookkeeping: the app reads it at start to see it is up to date, and never writes it. */
const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"] as const;

export interface AppRole {
  name: string;
  /** Set (or reset) as the role's password; without it the role has none (trust or peer set-ups). */
  password?: string;
}

/** The user and password of a connection string: the role the app connects as. */
export function appRoleOf(databaseUrl: string): AppRole {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.username);
  if (!name) throw new Error("DATABASE_URL names no user: the app's database user goes there (postgres://medlegal_app:password@host/db).");
  return { name, password: url.password ? decodeURIComponent(url.password) : undefined };
}

/**
 * Creates or updates the app's database role and its grants, as the owner of the tables
 * (docs/decisions.md, "Platform"). The app can read and change ordinary rows, only add and read
 * append-only ones, and, not being the owner, cannot disable or drop their triggers or alter any
 * table. Idempotent: privileges are reset and granted again in one transaction, and default
 * privileges cover tables the owner creates later.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function grantAppRole(db: Kysely<any>, role: AppRole): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ me: string; database: string }>`SELECT current_user AS me, current_database() AS database`.execute(trx);
    const { me, database } = rows[0]!;
    if (me === role.name) {
      throw new Error(
        `The app's database user (${role.name}) is the owner's: give DATABASE_URL its own user, other than DATABASE_OWNER_URL's.`,
      );
    }
    const app = sql.id(role.name);
    const password = role.password === undefined ? sql`` : sql` PASSWORD ${sql.lit(role.password)}`;
    const existing = await sql<{ rolsuper: boolean; rolbypassrls: boolean; rolcreaterole: boolean; member_of_owner: boolean }>`
      SELECT rolsuper, rolbypassrls, rolcreaterole, pg_has_role(rolname, current_user, 'MEMBER') AS member_of_owner
      FROM pg_roles WHERE rolname = ${role.name}`.execute(trx);
    const found = existing.rows[0];
    if (!found) {
      await sql`CREATE ROLE ${app} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS${password}`.execute(trx);
    } else {
      if (found.rolsuper || found.rolbypassrls || found.rolcreaterole || found.member_of_owner) {
        throw new Error(
          `The database role ${role.name} is a superuser, may create roles, bypasses row security or belongs to ${me}: the app needs an ordinary role of its own.`,
        );
      }
      await sql`ALTER ROLE ${app} LOGIN${password}`.execute(trx);
    }
    const owned = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
      WHERE s.nspname = 'public' AND pg_get_userbyid(c.relowner) = ${role.name}`.execute(trx);
    if (owned.rows[0]!.n > 0) {
      throw new Error(
        `The database role ${role.name} owns tables in this database: migrate with their owner (DATABASE_OWNER_URL) and keep ${role.name} for the app.`,
      );
    }

    await sql`GRANT CONNECT ON DATABASE ${sql.id(database)} TO ${app}`.execute(trx);
    await sql`GRANT USAGE ON SCHEMA public TO ${app}`.execute(trx);
    // From nothing, so a privilege granted by hand earlier (TRUNCATE, TRIGGER) does not linger.
    await sql`REVOKE ALL ON ALL TABLES IN SCHEMA public FROM ${app}`.execute(trx);
    await sql`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${app}`.execute(trx);
    for (const table of APPEND_ONLY_TABLES) {
      if (await tableExists(trx, table)) await sql`REVOKE UPDATE, DELETE ON ${sql.table(table)} FROM ${app}`.execute(trx);
    }
    for (const table of MIGRATION_TABLES) {
      if (await tableExists(trx, table)) await sql`REVOKE INSERT, UPDATE, DELETE ON ${sql.table(table)} FROM ${app}`.execute(trx);
    }
    await sql`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${app}`.execute(trx);
    // Tables and sequences this owner creates later (new migrations) are usable without a re-run;
    // migrating as the owner runs this again at once, which takes the append-only grants back.
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${app}`.execute(trx);
    await sql`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO ${app}`.execute(trx);
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function tableExists(db: Kysely<any>, table: string): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`SELECT to_regclass(${`public.${table}`}) IS NOT NULL AS found`.execute(db);
  return rows[0]!.found;
}

/**
 * Migrates as the owner (`ownerUrl`), then brings the app's role (the user of `appUrl`) and its
 * grants up to date. Both the server's start and `pnpm db:migrate` use it when DATABASE_OWNER_URL is set.
 */
export async function migrateAsOwner(ownerUrl: string, appUrl: string): Promise<string[]> {
  const owner = createDatabase({ url: ownerUrl, poolSize: 1 });
  try {
    const applied = await migrateToLatest(owner.db);
    await grantAppRole(owner.db, appRoleOf(appUrl));
    return applied;
  } finally {
    await owner.close();
  }
}
