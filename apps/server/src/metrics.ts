import { timingSafeEqual } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { LiveHub, SweepObserver } from "@medlegal/api";
import { operationsFigures } from "@medlegal/api";
import type { Database } from "@medlegal/db";

/** Who may read `/metrics`: a bearer token, addresses, or both (config.ts; docs/operations.md). */
export interface MetricsAccess {
  token?: string;
  /** Addresses and CIDR ranges, as METRICS_ALLOWED_IPS lists them. */
  allowedAddresses?: string[];
}

/** The database pool's use, where the database has a pool (PostgreSQL; the embedded default has one connection). */
export type PoolUse = () => { total: number; idle: number; waiting: number };

export interface MetricsOptions {
  db: Kysely<Database>;
  access: MetricsAccess;
  /** Names a request's procedure label only when it is one of ours, so a caller cannot grow the label set. */
  isProcedure: (name: string) => boolean;
  liveHub: LiveHub | null;
  poolUse?: PoolUse;
}

export interface AppMetrics {
  /** Pass to startSweeper: each job's last run, its duration and failures. */
  observeSweep: SweepObserver;
}

const SIGN_IN_PATHS = new Set(["/api/login", "/api/login/two-factor"]);

/** The route a request is counted under: its route pattern, a tRPC procedure by name, or "unmatched". */
function routeLabels(request: FastifyRequest, isProcedure: (name: string) => boolean): string[] {
  const pattern = request.routeOptions.url;
  if (!pattern) return ["unmatched"];
  if (!pattern.startsWith("/trpc/")) return [pattern];
  const names = (request.url.split("?", 1)[0] ?? "").slice("/trpc/".length).split(",");
  return names.map((name) => (isProcedure(name) ? `/trpc/${name}` : "/trpc/unknown"));
}

function addressList(addresses: string[]): BlockList {
  const list = new BlockList();
  for (const entry of addresses) {
    const [address, bits] = entry.split("/");
    const type = isIP(address ?? "") === 6 ? "ipv6" : "ipv4";
    if (bits === undefined) list.addAddress(address!, type);
    else list.addSubnet(address!, Number(bits), type);
  }
  return list;
}

/**
 * `/metrics` in Prometheus' text format (docs/operations.md): requests per route and procedure with
 * their latency, failed sign-ins, the database pool, each background job's last run, the e-mail
 * outbox, open live streams, SLA timers at risk and breached, and the process's own figures. One
 * registry per app, so two apps in one process (the tests) count apart. Refused (401) without the
 * token or an allowed address; 404 when neither is configured.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "medlegal_http_requests_total",
    help: "HTTP requests answered, by method, route (or tRPC procedure) and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "medlegal_http_request_duration_seconds",
    help: "Time to answer a request, by method and route (or tRPC procedure).",
    labelNames: ["method", "route"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const failedSignIns = new Counter({
    name: "medlegal_failed_sign_ins_total",
    help: "Sign-ins refused for a wrong password or second-factor code.",
    registers: [registry],
  });
  const sweepLast = new Gauge({
    name: "medlegal_sweeper_last_run_timestamp_seconds",
    help: "When each background job last finished a run (Unix time).",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const sweepDuration = new Gauge({
    name: "medlegal_sweeper_last_run_duration_seconds",
    help: "How long each background job's last run took.",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const sweepFailures = new Counter({
    name: "medlegal_sweeper_failures_total",
    help: "Runs of each background job that failed.",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "medlegal_live_streams",
    help: "Live event streams open on this process.",
    registers: [registry],
    collect() {
      this.set(options.liveHub?.openStreams ?? 0);
    },
  });
  if (options.poolUse) {
    const poolUse = options.poolUse;
    new Gauge({
      name: "medlegal_database_pool_connections",
      help: "Database pool connections, by state (in use, idle, requests waiting for one).",
      labelNames: ["state"] as const,
      registers: [registry],
      collect() {
        const use = poolUse();
        this.set({ state: "in_use" }, use.total - use.idle);
        this.set({ state: "idle" }, use.idle);
        this.set({ state: "waiting" }, use.waiting);
      },
    });
  }
  // The database's figures, read once per scrape (the handler forgets the last) by whichever gauge is collected first.
  let figures: ReturnType<typeof operationsFigures> | null = null;
  const readFigures = () => (figures ??= operationsFigures(options.db));
  const databaseGauge = (name: string, help: string, pick: (f: Awaited<ReturnType<typeof operationsFigures>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.set(pick(await readFigures()));
      },
    });
  databaseGauge("medlegal_outbox_waiting", "E-mails waiting to be sent.", (f) => f.outboxWaiting);
  databaseGauge(
    "medlegal_outbox_oldest_age_seconds",
    "How long the oldest e-mail still to be sent has waited.",
    (f) => f.outboxOldestSeconds,
  );
  databaseGauge("medlegal_outbox_given_up", "E-mails that failed every attempt.", (f) => f.outboxGivenUp);
  databaseGauge("medlegal_sla_timers_at_risk", "Running SLA timers at risk.", (f) => f.slaAtRisk);
  databaseGauge("medlegal_sla_timers_breached", "Running SLA timers past their due time.", (f) => f.slaBreached);

  app.addHook("onResponse", (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const status = String(reply.statusCode);
    for (const route of routeLabels(request, options.isProcedure)) {
      requests.inc({ method: request.method, route, status });
      duration.observe({ method: request.method, route }, seconds);
    }
    if (reply.statusCode === 401 && request.method === "POST" && SIGN_IN_PATHS.has(request.routeOptions.url ?? "")) failedSignIns.inc();
    done();
  });

  const token = options.access.token ? Buffer.from(options.access.token) : null;
  const addresses = options.access.allowedAddresses?.length ? addressList(options.access.allowedAddresses) : null;
  const allowed = (request: FastifyRequest) => {
    if (token) {
      const given = Buffer.from((request.headers.authorization ?? "").replace(/^Bearer /i, ""));
      if (given.length === token.length && timingSafeEqual(given, token)) return true;
    }
    const ip = request.ip;
    return addresses !== null && isIP(ip) !== 0 && addresses.check(ip, isIP(ip) === 6 ? "ipv6" : "ipv4");
  };
  app.get("/metrics", async (request: FastifyRequest, reply: FastifyReply) => {
    if (!token && !addresses)
      return reply.code(404).send({ message: "Metrics are not enabled: set METRICS_TOKEN or METRICS_ALLOWED_IPS." });
    if (!allowed(request)) return reply.code(401).header("WWW-Authenticate", "Bearer").send({ message: "Metrics need their token." });
    figures = null;
    const text = await registry.metrics();
    return reply.header("Content-Type", registry.contentType).header("Cache-Control", "no-store").send(text);
  });

  return {
    observeSweep({ job, seconds, failed, finishedAt }) {
      sweepLast.set({ job }, finishedAt.getTime() / 1000);
      sweepDuration.set({ job }, seconds);
      if (failed) sweepFailures.inc({ job });
    },
  };
}
