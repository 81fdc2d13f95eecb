import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { slaMonitoringService, startSweeper } from "@medlegal/api";
import { migrations } from "@medlegal/db";
import { testDialects } from "@medlegal/db/testing";
import type { TestApp } from "./helpers";
import { createTestApp, login, trpc } from "./helpers";

const TOKEN = "metrics-token-for-the-tests-0123456789";

interface Family {
  name: string;
  type: string;
  metrics: { value?: string; labels?: Record<string, string>; buckets?: Record<string, string>; count?: string }[];
}

describe.each(testDialects())("/metrics and /ready (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    // The workflow's demo matters, so SLA timers are running.
    t = await createTestApp(kind, { metricsAccess: { token: TOKEN, allowedAddresses: [] } }, { workflow: true });
  }, 120_000);
  afterAll(() => t.close());

  async function scrape(app = t.app): Promise<Map<string, Family> & { text: string }> {
    const answer = await app.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    // Prometheus' text format, read by a parser of that format.
    const families = parsePrometheusTextFormat(answer.body) as Family[];
    return Object.assign(new Map(families.map((family) => [family.name, family])), { text: answer.body });
  }
  const value = (families: Map<string, Family>, name: string, labels: Record<string, string> = {}) =>
    Number(
      families.get(name)?.metrics.find((metric) => Object.entries(labels).every(([key, v]) => metric.labels?.[key] === v))?.value ??
        Number.NaN,
    );

  it("refuses an anonymous caller and a wrong token, and answers the token in Prometheus' text format", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong" }, { authorization: `Bearer ${TOKEN}x` }]) {
      const refused = await t.app.inject({ method: "GET", url: "/metrics", headers });
      expect(refused.statusCode).toBe(401);
      expect(refused.body).not.toMatch(/medlegal_/);
    }
    const families = await scrape();
    expect(families.get("medlegal_http_requests_total")?.type).toBe("COUNTER");
    expect(families.get("medlegal_http_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(families.get("process_resident_memory_bytes")?.type).toBe("GAUGE");
  });

  it("counts requests per route and per tRPC procedure, never by a name the caller made up, and failed sign-ins", async () => {
    const before = await scrape();
    const { cookie } = await login(t.app, "employee");
    await t.app.inject({ method: "GET", url: "/api/user", headers: { cookie } });
    expect((await trpc(t.app, cookie, "queries.list")).status).toBe(200);
    await t.app.inject({ method: "GET", url: "/trpc/made.up.name", headers: { cookie } });
    const wrong = await t.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "employee", password: "not-the-password" },
    });
    expect(wrong.statusCode).toBe(401);

    const after = await scrape();
    const requests = (f: Map<string, Family>, labels: Record<string, string>) => value(f, "medlegal_http_requests_total", labels) || 0;
    expect(requests(after, { route: "/api/user", status: "200" }) - requests(before, { route: "/api/user", status: "200" })).toBe(1);
    expect(requests(after, { route: "/trpc/queries.list", status: "200" })).toBeGreaterThanOrEqual(1);
    expect(requests(after, { route: "/trpc/unknown" })).toBeGreaterThanOrEqual(1);
    expect(after.get("medlegal_http_requests_total")!.metrics.some((m) => m.labels?.route?.includes("made.up"))).toBe(false);
    expect(value(after, "medlegal_failed_sign_ins_total") - (value(before, "medlegal_failed_sign_ins_total") || 0)).toBe(1);
    // The parser keeps no labels on a histogram's series: its count per route is read from the text.
    const latencyCount = /^medlegal_http_request_duration_seconds_count\{method="GET",route="\/api\/user"\} (\d+)$/m.exec(after.text);
    expect(Number(latencyCount?.[1])).toBeGreaterThanOrEqual(1);
  });

  it("shows the outbox's backlog and its oldest e-mail's age, and the same SLA figures as SLA Monitoring", async () => {
    const waiting = await t.db
      .selectFrom("email_outbox")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("sent_at", "is", null)
      .where("attempts", "<", 5)
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("email_outbox")
      .values({ to_address: "late@example.com", subject: "Waiting", body: "x", created_at: new Date(Date.now() - 3_600_000) })
      .execute();
    const families = await scrape();
    expect(value(families, "medlegal_outbox_waiting")).toBe(Number(waiting.n) + 1);
    expect(value(families, "medlegal_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(3_600);

    const monitoring = await slaMonitoringService.slaMonitoring({ db: t.db }, { months: 1 });
    expect(value(families, "medlegal_sla_timers_breached")).toBe(monitoring.openBreaches);
    expect(value(families, "medlegal_sla_timers_at_risk")).toBe(monitoring.atRisk);
    expect(monitoring.openBreaches + monitoring.atRisk).toBeGreaterThan(0);
  });

  it("shows each background job's last run, its duration and its failures", async () => {
    let ran!: () => void;
    const bothRan = new Promise<void>((resolve) => (ran = resolve));
    let runs = 0;
    const finish = () => ++runs === 2 && ran();
    const sweeper = startSweeper(
      [
        { name: "test-ok", everyMs: 0, run: async () => finish() },
        {
          name: "test-failing",
          everyMs: 0,
          run: async () => {
            finish();
            throw new Error("no");
          },
        },
      ],
      () => {},
      t.app.metrics.observeSweep,
    );
    await bothRan;
    await sweeper.stop();
    const families = await scrape();
    const last = value(families, "medlegal_sweeper_last_run_timestamp_seconds", { job: "test-ok" });
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(60);
    expect(value(families, "medlegal_sweeper_last_run_duration_seconds", { job: "test-ok" })).toBeGreaterThanOrEqual(0);
    expect(value(families, "medlegal_sweeper_failures_total", { job: "test-failing" })).toBeGreaterThanOrEqual(1);
    expect(value(families, "medlegal_sweeper_failures_total", { job: "test-ok" }) || 0).toBe(0);
  });

  it("lets configured addresses in without the token, refuses others, and is off when nothing is configured", async () => {
    const fromLoopback = await t.another({ metricsAccess: { allowedAddresses: ["127.0.0.0/8"] } });
    expect((await fromLoopback.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(200);
    const elsewhere = await t.another({ metricsAccess: { allowedAddresses: ["10.0.0.0/8"] } });
    expect((await elsewhere.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    const off = await t.another({ metricsAccess: {} });
    const answer = await off.inject({ method: "GET", url: "/metrics" });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ message: "Metrics are not enabled: set METRICS_TOKEN or METRICS_ALLOWED_IPS." });
  });

  it("/ready reports the database and its migration level, the newest migration this version ships", async () => {
    const ready = await t.app.inject({ method: "GET", url: "/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready", database: "ok", migration: Object.keys(migrations).sort().at(-1) });
  });
});
