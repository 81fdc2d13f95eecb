/**
 * `pnpm bench`: how the query list holds up at 100,000 queries. Runs on PostgreSQL when
 * BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server, else on PGlite. Prints timings;
 * nothing here is a pass/fail test.
 */
import { performance } from "node:perf_hooks";
import { sql } from "kysely";
import { createTestDatabase } from "@medlegal/db/testing";
import type { SignedInActor } from "@medlegal/api";
import { findCurrentUser, parseInput, queriesService, seedDemoData, slaMonitoringService, sweepSlaAlerts } from "@medlegal/api";
import { queryListInputSchema, slaMonitoringInputSchema } from "@medlegal/domain";

const TOTAL = Number(process.env.BENCH_QUERIES ?? 100_000);
const kind = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? "pg" : "pglite";
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;

const handle = await createTestDatabase(kind);
const db = handle.db;
await seedDemoData(db, { workflow: true });
console.log(`Filling ${TOTAL.toLocaleString()} queries on ${kind}...`);
const started = performance.now();
// The fills are single statements longer than the pool's statement timeout on a busy machine.
const unbounded = <T>(fill: (trx: Parameters<Parameters<ReturnType<typeof db.transaction>["execute"]>[0]>[0]) => Promise<T>) =>
  db.transaction().execute(async (trx) => {
    await sql`SET LOCAL statement_timeout = 0`.execute(trx);
    return fill(trx);
  });
// Set-based insert: copies the demo queries' shape with new references, dates, statuses and priorities.
await unbounded((trx) => sql`
  INSERT INTO queries (reference, case_id, attorney_id, subject, instructions, priority, priority_rank, status, assigned_employee_id, search_text, created_at, updated_at)
  SELECT 'Q-2025-' || lpad(g::text, 6, '0'), c.id, c.attorney_id, 'Bulk query ' || g, 'Generated for the benchmark',
         (ARRAY['low','normal','high','urgent'])[1 + g % 4], g % 4,
         (ARRAY['submitted','in_review','assigning','scheduled','assessed','reporting','completed','on_hold','cancelled'])[1 + g % 9],
         CASE WHEN g % 3 = 0 THEN NULL ELSE (SELECT id FROM users WHERE username = 'employee') END,
         lower('q-2025-' || lpad(g::text, 6, '0') || ' claimant' || (g % 5000) || ' ' || a.first_name || ' ' || a.last_name || ' ' || coalesce(a.firm_name, '')),
         now() - (g || ' minutes')::interval, now()
  FROM generate_series(1, ${TOTAL}) g
  CROSS JOIN LATERAL (SELECT * FROM cases ORDER BY id OFFSET (g % (SELECT count(*) FROM cases)) LIMIT 1) c
  JOIN users a ON a.id = c.attorney_id`.execute(trx));
await unbounded((trx) => sql`
  INSERT INTO query_specializations (query_id, specialization_id)
  SELECT q.id, (SELECT id FROM specializations ORDER BY name OFFSET (abs(hashtext(q.reference)) % 17) LIMIT 1)
  FROM queries q WHERE q.reference LIKE 'Q-2025-%'`.execute(trx));
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

// SLA: 100,000 running timers (1 % past their due or at-risk time) and 100,000 stopped ones over
// six months. Timed as ratios against a baseline measured in this run (one page of the query list,
// newest first), so the figures compare across machines.
const TIMERS = Number(process.env.BENCH_TIMERS ?? 100_000);
console.log(`Filling ${TIMERS.toLocaleString()} running and ${TIMERS.toLocaleString()} stopped SLA timers...`);
const timersStarted = performance.now();
await unbounded((trx) => sql`
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
  JOIN q ON q.n = 1 + g % ${TOTAL}`.execute(trx));
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
const baseline = await median(() => queriesService.listQueries({ db, actor }, parseInput(queryListInputSchema, { sort: "newest" })), 9);
const ratio = (label: string, ms: number) =>
  console.log(`${label.padEnd(44)} ${ms.toFixed(1).padStart(8)} ms   ${(ms / baseline).toFixed(1).padStart(6)} x baseline`);
console.log(`${"baseline: query list, newest first".padEnd(44)} ${baseline.toFixed(1).padStart(8)} ms`);
const t0 = performance.now();
const swept = await sweepSlaAlerts(db);
ratio(`sweep: ${swept.breached} breaches, ${swept.atRisk} at risk`, performance.now() - t0);
ratio("sweep with nothing due", await median(() => sweepSlaAlerts(db)));
ratio("/sla-monitoring figures (6 months)", await median(() => slaMonitoringService.slaMonitoring({ db }, parseInput(slaMonitoringInputSchema, { months: 6 }))));
ratio("/sla-monitoring figures (24 months)", await median(() => slaMonitoringService.slaMonitoring({ db }, parseInput(slaMonitoringInputSchema, { months: 24 }))));
await handle.close();
