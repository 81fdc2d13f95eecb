/**
 * `pnpm bench`: how the query list holds up at 100,000 queries. Runs on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server, else on PGlite. Prints timings;
 * nothing here is a pass/fail test.
 */
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createTestDatabase } from "@medlegal/db/testing";
import type { SignedInActor } from "@medlegal/api";
import { findCurrentUser, parseInput, queriesService, seedDemoData } from "@medlegal/api";
import { queryListInputSchema } from "@medlegal/domain";

const TOTAL = Number(process.env.BENCH_QUERIES ?? 100_000);
const kind = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? "pg" : "pglite";
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const handle = await createTestDatabase(kind);
const db = handle.db;
await seedDemoData(db, { workflow: true });
console.log(`Filling ${TOTAL.toLocaleString()} queries on ${kind}...`);
const started = performance.now();
// Set-based insert: copies the demo queries' shape with new references, dates, statuses and priorities.
await sql`
  INSERT INTO queries (reference, case_id, attorney_id, subject, instructions, priority, priority_rank, status, assigned_employee_id, search_text, created_at, updated_at)
  SELECT 'Q-2025-' || lpad(g::text, 6, '0'), c.id, c.attorney_id, 'Bulk query ' || g, 'Generated for the benchmark',
         (ARRAY['low','normal','high','urgent'])[1 + g % 4], g % 4,
         (ARRAY['submitted','in_review','assigning','scheduled','assessed','reporting','completed','on_hold','cancelled'])[1 + g % 9],
         CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT id FROM users WHERE username = 'employee') END,
         lower('q-2025-' || lpad(g::text, 6, '0') || ' claimant' || (g % 5000) || ' ' || a.first_name || ' ' || a.last_name || ' ' || coalesce(a.firm_name, '')),
         now() - (g || ' minutes')::interval, now()
  FROM generate_series(1, ${TOTAL}) g
  CROSS JOIN LATERAL (SELECT * FROM cases ORDER BY id OFFSET (g % (SELECT count(*) FROM cases)) LIMIT 1) c
  JOIN users a ON a.id = c.attorney_id`.execute(db);
await sql`
  INSERT INTO query_specializations (query_id, specialization_id)
  SELECT q.id, (SELECT id FROM specializations ORDER BY name OFFSET (abs(hashtext(q.reference)) % 17) LIMIT 1)
  FROM queries q WHERE q.reference LIKE 'Q-2025-%'`.execute(db);
await sql`ANALYZE`.execute(db);
console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const employee = await db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
const actor: SignedInActor = { user: (await findCurrentUser(db, employee.id))!, meta: { ip: null, userAgent: "bench", requestId: "bench", appUrl: "" } };

async function time(label: string, input: Record<string, unknown>, pages = 5) {
  const samples: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const t0 = performance.now();
    const page: { items: unknown[]; nextCursor: string | null } = await queriesService.listQueries({ db, actor }, parseInput(queryListInputSchema, { ...input, cursor }));
    samples.push(performance.now() - t0);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  samples.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} median ${samples[Math.floor(samples.length / 2)]!.toFixed(1).padStart(7)} ms   worst ${samples[samples.length - 1]!.toFixed(1).padStart(7)} ms`);
}

await time("newest first, 25 a page", { sort: "newest" });
await time("oldest first", { sort: "oldest" });
await time("by priority", { sort: "priority" });
await time("by reference", { sort: "reference" });
await time("status filter (in_review)", { status: "in_review" });
await time("unassigned only", { unassigned: true });
await time("search by reference", { search: "q-2025-04321" });
await time("search by claimant text", { search: "claimant4321" });
await time("search by firm", { search: "dube attorneys" });
await time("date range (one day)", { from: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10), to: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) });
await handle.close();
