import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { FastifyInstance } from "fastify";
import type { DatabaseHandle, DialectKind } from "@medlegal/db";
import { createDatabase, migrateToLatest, migrateUpTo, migrations } from "@medlegal/db";
import { createEmptyPostgresDatabase, testDialects } from "@medlegal/db/testing";
import { createFileMailer } from "@medlegal/api";
import { buildApp } from "../src/app";
import { login, RELAXED_LIMITS, TEST_SECRET, trpc } from "./helpers";

/**
 * Upgrades (docs/architecture.md, "Upgrades"): a database an older release left, with that
 * release's demo data in it, migrates to the current level without losing a row, and the app's
 * main screens answer on it. Each fixture under fixtures/upgrade/ was made by make-fixture.sh from
 * an old commit (its .level.json names the commit, the migrations it had run and its rows):
 * - first-demo: 7aa98d7c, the first migration level that shipped demo data (the foundation);
 * - before-december: ec1cdafb, the last level before the migrations of 7 December, whose demo
 *   fills cases, queries, bookings, reports, invoices and the audit trail.
 */
const FIXTURES = ["first-demo", "before-december"] as const;

interface Level {
  commit: string;
  migrations: string[];
  rows: Record<string, number>;
}

const fixtureDir = join(import.meta.dirname, "fixtures", "upgrade");
const levelOf = (name: string): Level => JSON.parse(readFileSync(join(fixtureDir, `${name}.level.json`), "utf8")) as Level;

/**
 * The statements of a pg_dump data-only script, in order: split at semicolons outside quoted
 * strings (pg_dump writes standard-conforming literals, where '' is the only escape), comments and
 * session settings left out (the loader's connection is the pool's; the dump names tables in full).
 */
function dumpStatements(script: string): string[] {
  const statements: string[] = [];
  let current = "";
  let quoted = false;
  for (const line of script.split("\n")) {
    if (!quoted && (line.startsWith("--") || line === "")) continue;
    for (const char of line) {
      if (char === "'") quoted = !quoted;
      if (char === ";" && !quoted) {
        statements.push(current.trim());
        current = "";
      } else current += char;
    }
    current += "\n";
  }
  if (current.trim()) throw new Error(`The dump ends inside a statement: ${current.slice(0, 80)}`);
  return statements.filter((s) => !/^SET |^SELECT pg_catalog\.set_config\(/.test(s));
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function tables(db: Kysely<any>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name NOT LIKE 'kysely%'
    ORDER BY table_name`.execute(db);
  return rows.map((r) => r.name);
}

/** Each table's rows: their count, and the ids of the tables keyed by an `id` column. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function census(db: Kysely<any>): Promise<Record<string, { count: number; ids: string[] | null }>> {
  const { rows: keyed } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id'`.execute(db);
  const withId = new Set(keyed.map((r) => r.name));
  const result: Record<string, { count: number; ids: string[] | null }> = {};
  for (const table of await tables(db)) {
    const { rows } = await sql<{ count: number }>`SELECT count(*)::int AS count FROM ${sql.id(table)}`.execute(db);
    const ids = withId.has(table)
      ? (await sql<{ id: string }>`SELECT id::text AS id FROM ${sql.id(table)}`.execute(db)).rows.map((r) => r.id)
      : null;
    result[table] = { count: rows[0]!.count, ids };
  }
  return result;
}

/** A throw-away empty database of the given dialect, and how to remove it. */
async function emptyDatabase(kind: DialectKind): Promise<{ handle: DatabaseHandle; drop(): Promise<void> }> {
  if (kind === "pglite") {
    const handle = createDatabase({ dataDir: "memory://" });
    return { handle, drop: () => handle.close() };
  }
  const empty = await createEmptyPostgresDatabase();
  const handle = createDatabase({ url: empty.url, poolSize: 4 });
  return {
    handle,
    async drop() {
      await handle.close();
      await empty.drop();
    },
  };
}

/** The main screens' lists: who reads them, and the table whose rows they list. */
const SCREENS: { account: string; path: string; input?: unknown; table?: string }[] = [
  { account: "admin", path: "users.list", input: {}, table: "users" },
  { account: "employee", path: "dashboard.summary" },
  { account: "employee", path: "patients.list", input: {}, table: "patients" },
  { account: "employee", path: "cases.list", input: {}, table: "cases" },
  { account: "employee", path: "queries.list", input: {}, table: "queries" },
  { account: "employee", path: "bookings.list", input: { limit: 500 }, table: "bookings" },
  { account: "employee", path: "reports.list", input: {}, table: "reports" },
  { account: "employee", path: "invoices.list", input: {}, table: "invoices" },
  { account: "attorney", path: "notifications.list", input: {}, table: "notifications" },
  { account: "attorney", path: "messages.threads", input: {}, table: "message_threads" },
];

const listed = (data: unknown): number | null =>
  Array.isArray(data)
    ? data.length
    : data && typeof data === "object" && "items" in data && Array.isArray(data.items)
      ? data.items.length
      : null;

for (const kind of testDialects()) {
  for (const fixture of FIXTURES) {
    describe(`upgrading the ${fixture} database (${kind})`, () => {
      const level = levelOf(fixture);
      const latest = Object.keys(migrations);
      let drop: () => Promise<void> = async () => {};
      let handle: DatabaseHandle;
      let loaded: Awaited<ReturnType<typeof census>>;
      let upgraded: Awaited<ReturnType<typeof census>>;
      let ran: string[];

      beforeAll(async () => {
        ({ handle, drop } = await emptyDatabase(kind));
        const upTo = await migrateUpTo(handle.db, level.migrations.at(-1)!);
        // The level's migrations are still the first of ours, under the same names.
        expect(upTo).toEqual(level.migrations);
        // The old database held exactly the dump: rows the migrations wrote (specializations) go first.
        // (DELETE, not TRUNCATE: a truncate cascades to the append-only audit trail, which refuses it.)
        for (const [table, rows] of Object.entries(await census(handle.db))) {
          if (rows.count > 0) await sql`DELETE FROM ${sql.id(table)}`.execute(handle.db);
        }
        const script = gunzipSync(readFileSync(join(fixtureDir, `${fixture}.sql.gz`))).toString("utf8");
        await handle.db.transaction().execute(async (trx) => {
          for (const statement of dumpStatements(script)) await sql.raw(statement).execute(trx);
        });
        loaded = await census(handle.db);
        ran = await migrateToLatest(handle.db);
        upgraded = await census(handle.db);
      });
      afterAll(() => drop());

      it("loads the old level whole, then runs every later migration", () => {
        expect(Object.fromEntries(Object.entries(loaded).map(([table, t]) => [table, t.count]))).toEqual(level.rows);
        expect(ran).toEqual(latest.slice(level.migrations.length));
      });

      it("loses no row of any table: every old table keeps its rows, and each row its id", () => {
        const lost: string[] = [];
        for (const [table, before] of Object.entries(loaded)) {
          const after = upgraded[table];
          // A later migration may drop a table it replaced (message_reads, claimant_message_opt_outs):
          // rows in it would be lost unless the migration carried them over, which counts cannot see.
          if (!after) {
            if (before.count > 0) lost.push(`${table}: the table is gone, and its ${before.count} rows with it`);
            continue;
          }
          if (after.count < before.count) lost.push(`${table}: ${before.count} rows before, ${after.count} after`);
          if (before.ids && after.ids) {
            const kept = new Set(after.ids);
            const gone = before.ids.filter((id) => !kept.has(id));
            if (gone.length) lost.push(`${table}: ${gone.length} of ${before.ids.length} rows gone by id (${gone.slice(0, 3).join(", ")})`);
          }
        }
        expect(lost).toEqual([]);
        // The audit trail is append-only (no hash chain to verify): its rows are all still there.
        expect(upgraded.audit_log!.count).toBeGreaterThanOrEqual(level.rows.audit_log ?? 0);
      });

      describe("the app on the upgraded database", () => {
        let app: FastifyInstance;
        const mail = mkdtempSync(join(tmpdir(), "medlegal-upgrade-mail-"));
        const cookies: Record<string, string> = {};
        const signIns: Record<string, number> = {};

        beforeAll(async () => {
          app = await buildApp({
            db: handle.db,
            mailer: createFileMailer(mail),
            sessionSecret: TEST_SECRET,
            appUrl: "http://localhost:3000",
            rateLimits: RELAXED_LIMITS,
          });
          for (const account of new Set(SCREENS.map((s) => s.account))) {
            const { response, cookie } = await login(app, account);
            signIns[account] = response.statusCode;
            cookies[account] = cookie;
          }
        });
        afterAll(async () => {
          await app?.close();
          rmSync(mail, { recursive: true, force: true });
        });

        it("is ready, and the old demo's users sign in with the old demo password", async () => {
          expect((await app.inject({ method: "GET", url: "/ready" })).statusCode).toBe(200);
          expect(signIns).toEqual({ admin: 200, employee: 200, attorney: 200 });
        });

        it("answers the main screens, listing what the old demo had", async () => {
          const answers: string[] = [];
          const expected: string[] = [];
          for (const screen of SCREENS) {
            const answer = await trpc(app, cookies[screen.account]!, screen.path, screen.input);
            const count = listed(answer.data);
            const had = screen.table ? (level.rows[screen.table] ?? 0) : 0;
            answers.push(`${screen.path}: ${answer.status}${had > 0 ? (count ? ", rows" : ", empty") : ""}`);
            expected.push(`${screen.path}: 200${had > 0 ? ", rows" : ""}`);
          }
          expect(answers).toEqual(expected);
        });
      });
    });
  }
}
