/**
 * `pnpm bench:live`: how long a committed change takes to reach a live event stream held on another
 * instance of the app (two instances on one database, the stream read over a real socket, as in
 * test/live-events.test.ts). The tests assert that events arrive; the latency is measured here.
 * PGlite by default; PostgreSQL when BENCH_DATABASE_URL names a server. Nothing here passes or
 * fails: it prints each figure next to its target.
 */
import { performance } from "node:perf_hooks";
import { announce } from "@medlegal/api";
import { createTestApp, login, openLiveStream } from "../test/helpers";
import { machine, row } from "./report";

const kind = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL ? "pg" : "pglite";
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const EVENTS = Number(process.env.BENCH_LIVE_EVENTS ?? 50);
const TARGET_MS = 2_000;

const t = await createTestApp(kind);
const other = await t.another();
await Promise.all([t.app.listener!.ready(), other.listener!.ready()]);
const url = await other.listen({ port: 0, host: "127.0.0.1" });
const attorney = await t.db.selectFrom("users").select("id").where("username", "=", "attorney").executeTakeFirstOrThrow();
const stream = await openLiveStream(url, (await login(other, "attorney")).cookie);
if ((await stream.next())?.event !== "connected") throw new Error("The live stream did not open");
console.log(`${machine()}\nLive events: ${EVENTS} changes committed through one instance, read from a stream on the other (${kind})...`);

const latencies: number[] = [];
for (let i = 0; i < EVENTS; i++) {
  const started = performance.now();
  // Committed on instance A's connection; instance B hears it through the database's notifications.
  await t.db.transaction().execute((trx) => announce(trx, { kind: "query", queryId: `bench-${i}`, userIds: [attorney.id] }));
  for (;;) {
    const event = await stream.next(30_000);
    if (!event) throw new Error(`Event ${i} never arrived`);
    if ((event.data as { queryId?: string } | null)?.queryId === `bench-${i}`) break;
  }
  latencies.push(performance.now() - started);
}
await stream.close();
await t.close();

latencies.sort((a, b) => a - b);
const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!;
row("Live event, commit to stream on another instance (median)", `${at(0.5).toFixed(1)} ms`, `< ${TARGET_MS} ms`, at(0.5) < TARGET_MS);
row("Live event, commit to stream on another instance (p95)", `${at(0.95).toFixed(1)} ms`, `< ${TARGET_MS} ms`, at(0.95) < TARGET_MS);
row("Live event, slowest of the run", `${at(1).toFixed(1)} ms`, "informative", null);
