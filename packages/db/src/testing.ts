import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { DatabaseHandle, DatabaseOptions, DialectKind } from "./connection";
import { createDatabase } from "./connection";
import { migrateToLatest } from "./migrate";

/**
 * The dialects the integration suites run on: PGlite always, and a real PostgreSQL server when
 * TEST_DATABASE_URL names one (each suite then gets its own throw-away database on it).
 */
export function testDialects(): DialectKind[] {
  return process.env.TEST_DATABASE_URL ? ["pglite", "pg"] : ["pglite"];
}

/** A fresh, migrated database of the given dialect; close() removes it. */
export async function createTestDatabase(
  kind: DialectKind = "pglite",
  options: Pick<DatabaseOptions, "statementTimeoutMs"> = {},
): Promise<DatabaseHandle & { url?: string }> {
  if (kind === "pglite") {
    const handle = createDatabase({ dataDir: "memory://" });
    await migrateToLatest(handle.db);
    return handle;
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = createDatabase({ url: empty.url, poolSize: 20, ...options });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    url: empty.url,
    async close() {
      await handle.close();
      await empty.drop();
    },
  };
}

/** A new, empty database on TEST_DATABASE_URL's server (a suite's own; a restore's target); drop() removes it. */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `medlegal_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Drops a role a test made (roles are cluster-wide, so tests name their own): its privileges and
 * default privileges in this database first, as the owner's connection `db`.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function dropTestRole(db: Kysely<any>, name: string): Promise<void> {
  const { rows } = await sql`SELECT 1 FROM pg_roles WHERE rolname = ${name}`.execute(db);
  if (!rows.length) return;
  await sql`DROP OWNED BY ${sql.id(name)}`.execute(db);
  await sql`DROP ROLE ${sql.id(name)}`.execute(db);
}

/** The PostgreSQL conditions the suites expect, by name, with their SQLSTATE codes. */
const PG_ERROR_CODES = {
  unique_violation: "23505",
  exclusion_violation: "23P01",
  raise_exception: "P0001",
  insufficient_privilege: "42501",
} as const;

/**
 * The error a statement must fail with, for `rejects.toMatchObject(pgError(...))`: its SQLSTATE and,
 * when given, the constraint it names or its exact message. Both dialects' errors carry `code`,
 * `constraint` and `message`, so a test cannot pass on some other failure (a typo, a missing grant).
 */
export function pgError(condition: keyof typeof PG_ERROR_CODES, detail: { constraint?: string; message?: string } = {}) {
  return { code: PG_ERROR_CODES[condition], ...detail };
}
