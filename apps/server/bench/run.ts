/**
 * `pnpm bench`: how the query list holds up at 1,000,000 queries on PostgreSQL (BENCH_DATABASE_URL,
 * or TEST_DATABASE_URL) and 100,000 on PGlite (BENCH_QUERIES changes the count). Prints timings and
 * each figure next to its target; nothing here is a pass/fail test.
 */
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createTestDatabase } from "@medlegal/db/testing";
import type { SignedInActor } from "@medlegal/api";
import { findCurrentUser, parseInput, queryListService, seedDemoData, slaMonitoringService, sweepSlaAlerts } from "@medlegal/api";
import { queryListInputSchema, slaMonitoringInputSchema } from "@medlegal/domain";
import { machine, row } from "./report";

const kind = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? "pg" : "pglite";
const TOTAL = Number(process.env.BENCH_QUERIES ?? (kind === "pg" ? 1_000_000 : 100_000));
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

// The bench's pool has its own statement timeout: a set-based fill of a million rows is one long
// statement, past the app's 15 s (docs/decisions.md, "Performance").
const handle = await createTestDatabase(kind, { statementTimeoutMs: Number(process.env.BENCH_STATEMENT_TIMEOUT_MS ?? 600_000) });
const db = handle.db;
await seedDemoData(db, { workflow: true });
console.log(`${machine()}\nFilling ${TOTAL.toLocaleString()} queries on ${kind}...`);
const started = performance.now();
// One transaction per fill. The table's plain indexes (the trigram one above all) are dropped first
// and built again at the end: one build is far cheaper than a million index updates, which keeps
// the whole bench within a few minutes. Constraint indexes (the unique reference) stay.
const unbounded = <T>(
  fill: (trx: Parameters<Parameters<ReturnType<typeof db.transaction>["execute"]>[0]>[0]) => Promise<T>,
  table = "queries",
) =>
  db.transaction().execute(async (trx) => {
    await sql`SET LOCAL maintenance_work_mem = '256MB'`.execute(trx);
    const indexes = await sql<{ name: string; definition: string }>`
      SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = ${table}
        AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE conrelid = ${table}::regclass)`.execute(trx);
    for (const index of indexes.rows) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);
    const result = await fill(trx);
    for (const index of indexes.rows) await sql.raw(index.definition).execute(trx);
    return result;
  });
// Set-based insert: copies the demo queries' shape with new references, dates, statuses and priorities.
// The cases are numbered once and joined by number (a hash join), not looked up row by row.
await unbounded((trx) =>
  sql`
  WITH cs AS (
    SELECT c.id, c.attorney_id, a.first_name, a.last_name, a.firm_name, row_number() OVER (ORDER BY c.id) - 1 AS n
    FROM cases c JOIN users a ON a.id = c.attorney_id),
  k AS (SELECT count(*) AS total FROM cs),
  employee AS (SELECT id FROM users WHERE username = 'employee')
  INSERT INTO queries (reference, case_id, attorney_id, subject, instructions, priority, priority_rank, status, assigned_employee_id, created_at, updated_at)
  SELECT 'Q-2025-' || lpad(g::text, 7, '0'), cs.id, cs.attorney_id, 'Bulk query ' || g, 'Generated for the benchmark',
         (ARRAY['low','normal','high','urgent'])[1 + g % 4], g % 4,
         (ARRAY['submitted','in_review','assigning','scheduled','assessed','reporting','completed','on_hold','cancelled'])[1 + g % 9],
         CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT id FROM employee) END,
         now() - (g || ' minutes')::interval, now()
  FROM generate_series(1, ${TOTAL}) g
  CROSS JOIN k
  JOIN cs ON cs.n = g % k.total`.execute(trx),
);
await unbounded(
  (trx) =>
    sql`
  WITH sp AS (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM specializations),
  k AS (SELECT count(*) AS total FROM sp)
  INSERT INTO query_specializations (query_id, specialization_id)
  SELECT q.id, sp.id
  FROM queries q CROSS JOIN k JOIN sp ON sp.n = abs(hashtext(q.reference)) % k.total
  WHERE q.reference LIKE 'Q-2025-%'`.execute(trx),
  "query_specializations",
);
await sql`ANALYZE`.execute(db);
console.log(`Filled in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const employee = await db.selectFrom("users").select("id").where("username", "=", "employee").executeTakeFirstOrThrow();
const actor: SignedInActor = {
  user: (await findCurrentUser(db, employee.id))!,
  meta: { ip: null, userAgent: "bench", requestId: "bench", appUrl: "" },
};

async function time(label: string, input: Record<string, unknown>, pages = 5) {
  const samples: number[] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const t0 = performance.now();
    const page: { items: unknown[]; nextCursor: string | null } = await queryListService.listQueries(
      { db, actor },
      parseInput(queryListInputSchema, { ...input, cursor }),
    );
    samples.push(performance.now() - t0);
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  samples.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} median ${samples[Math.floor(samples.length / 2)]!.toFixed(1).padStart(7)} ms   worst ${samples[samples.length - 1]!.toFixed(1).padStart(7)} ms`,
  );
}

await time("newest first, 25 a page", { sort: "newest" });
await time("oldest first", { sort: "oldest" });
await time("by priority", { sort: "priority" });
await time("by reference", { sort: "reference" });
await time("status filter (in_review)", { status: "in_review" });
await time("unassigned only", { unassigned: true });
await time("search by reference", { search: "q-2025-0004321" });
await time("search by claimant name", { search: "khumalo" });
await time("search by firm", { search: "dube attorneys" });
await time("date range (one day)", {
  from: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
  to: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10),
});

// Keyset pagination: the deepest page costs what the first does. Its cursor is made here the way
// the list makes it (the last row's exact time and id, base64url JSON), from the row 25 from the end.
const listPage = (input: Record<string, unknown>) => queryListService.listQueries({ db, actor }, parseInput(queryListInputSchema, input));
async function medianMs(run: () => Promise<unknown>, times = 9): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}
const deepest = await sql<{ at: string; id: string }>`
  SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM queries
  ORDER BY created_at DESC, id DESC OFFSET (SELECT count(*) - 26 FROM queries) LIMIT 1`.execute(db);
const deepCursor = Buffer.from(JSON.stringify([deepest.rows[0]!.at, deepest.rows[0]!.id])).toString("base64url");
const firstPage = await medianMs(() => listPage({ sort: "newest" }));
const deepPage = await medianMs(() => listPage({ sort: "newest", cursor: deepCursor }));
const someReference = `q-2025-${String(Math.floor(TOTAL / 2)).padStart(7, "0")}`;
const byReference = await medianMs(() => listPage({ search: someReference }));
console.log(`\nQuery list at ${TOTAL.toLocaleString()} queries (${kind}), medians of 9:`);
row("first page, newest first", `${firstPage.toFixed(1)} ms`, "(baseline)", null);
row(
  "deepest page (keyset cursor)",
  `${deepPage.toFixed(1)} ms = ${(deepPage / firstPage).toFixed(2)}x`,
  "<= 2x the first",
  deepPage <= 2 * firstPage,
);
row("search by a whole reference", `${byReference.toFixed(1)} ms`, "<= 5 ms", byReference <= 5);
console.log("");

// SLA: 100,000 running timers (1 % past their due or at-risk time) and 100,000 stopped ones over
// six months. Timed as ratios against a baseline measured in this run (one page of the query list,
// newest first), so the figures compare across machines.
const TIMERS = Number(process.env.BENCH_TIMERS ?? 100_000);
console.log(`Filling ${TIMERS.toLocaleString()} running and ${TIMERS.toLocaleString()} stopped SLA timers...`);
const timersStarted = performance.now();
await unbounded(
  (trx) =>
    sql`
  WITH q AS (SELECT id, row_number() OVER (ORDER BY reference) AS n FROM queries WHERE reference LIKE 'Q-2025-%'),
       c AS (SELECT id, row_number() OVER (ORDER BY username) AS n FROM users WHERE role = 'consultant')
  INSERT INTO sla_timers (policy, subject_kind, subject_id, query_id, consultant_id, target, unit, at_risk_percent, started_at, due_at, at_risk_at, status, stopped_at)
  SELECT p.policy, CASE WHEN p.policy LIKE 'report%' THEN 'report' ELSE 'query' END, gen_random_uuid(), q.id,
         CASE WHEN p.policy LIKE 'report%' THEN (SELECT id FROM c WHERE c.n = 1 + g % (SELECT count(*) FROM c)) END,
         14, 'calendar_days', 75, s.started, s.started + interval '14 days', s.started + interval '252 hours',
         CASE WHEN g <= ${TIMERS} THEN 'open' WHEN g % 6 = 0 THEN 'missed' ELSE 'met' END,
         CASE WHEN g <= ${TIMERS} THEN NULL WHEN g % 6 = 0 THEN s.started + interval '15 days' ELSE s.started + interval '10 days' END
  FROM generate_series(1, ${2 * TIMERS}) g
  CROSS JOIN LATERAL (SELECT (ARRAY['query_acknowledgement', 'booking_offered', 'report_delivery', 'report_release'])[1 + g % 4] AS policy) p
  CROSS JOIN LATERAL (SELECT CASE
    WHEN g <= ${TIMERS} AND g % 100 = 0 THEN now() - interval '15 days'
    WHEN g <= ${TIMERS} AND g % 100 = 50 THEN now() - interval '11 days'
    WHEN g <= ${TIMERS} THEN now() - ((g % 7) || ' days')::interval
    ELSE now() - interval '15 days' - ((g % 170) || ' days')::interval END AS started) s
  JOIN q ON q.n = 1 + g % ${TOTAL}`.execute(trx),
  "sla_timers",
);
await sql`ANALYZE`.execute(db);
console.log(`Filled in ${((performance.now() - timersStarted) / 1000).toFixed(1)} s`);

async function median(run: () => Promise<unknown>, times = 5): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) {
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
}
const baseline = await median(() => queryListService.listQueries({ db, actor }, parseInput(queryListInputSchema, { sort: "newest" })), 9);
const ratio = (label: string, ms: number) =>
  console.log(`${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms   ${(ms / baseline).toFixed(1).padStart(6)} x baseline`);
console.log(`${"baseline: query list, newest first".padEnd(44)} ${baseline.toFixed(1).padStart(8)} ms`);
const t0 = performance.now();
const swept = await sweepSlaAlerts(db);
ratio(`sweep: ${swept.breached} breaches, ${swept.atRisk} at risk`, performance.now() - t0);
ratio("sweep with nothing due", await median(() => sweepSlaAlerts(db)));
ratio(
  "/sla-monitoring figures (6 months)",
  await median(() => slaMonitoringService.slaMonitoring({ db }, parseInput(slaMonitoringInputSchema, { months: 6 }))),
);
ratio(
  "/sla-monitoring figures (24 months)",
  await median(() => slaMonitoringService.slaMonitoring({ db }, parseInput(slaMonitoringInputSchema, { months: 24 }))),
);
await handle.close();
