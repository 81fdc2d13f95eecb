import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import Fastify from "fastify";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from "fastify";
import compress from "@fastify/compress";
import cookie from "@fastify/cookie";
import session from "@fastify/session";
import fastifyStatic from "@fastify/static";
import { fastifyTRPCPlugin } from "@trpc/server/adapters/fastify";
import type { FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import type { Kysely } from "kysely";
import type { Database, Listener } from "@medlegal/db";
import type { AppRouter, Context, Mailer, RateLimits } from "@medlegal/api";
import {
  AppError,
  appRouter,
  LiveHub,
  meetingGuestLookup,
  migrationLevel,
  DEFAULT_RATE_LIMITS,
  isDatabaseUnavailable,
  SERVICE_UNAVAILABLE_MESSAGE,
  supportReference,
  toHttpStatus,
  unexpectedErrorMessage,
} from "@medlegal/api";
import { MAX_TRPC_BATCH, MAX_URL_LENGTH } from "@medlegal/domain";
import type { TrustProxy } from "./config";
import { DEFAULT_NOTIFICATION_LIST_CACHE_MB, fastifyTrustProxy } from "./config";
import { authPlugin } from "./plugins/auth";
import { livePlugin } from "./plugins/live";
import { sameOriginPlugin } from "./plugins/same-origin";
import { isApiPath, securityHeadersPlugin } from "./plugins/security-headers";
import { trpcBatchPlugin } from "./plugins/trpc-batch";
import { RequestLog } from "./logging";
import type { AppMetrics, MetricsAccess, PoolUse } from "./metrics";
import { registerMetrics } from "./metrics";
import { guestCookie, requestMeta, SESSION_COOKIE, sessionControl } from "./request-context";
import { authRoutes } from "./rest/auth";
import { calendarRoutes } from "./rest/calendar";
import { claimantTextRoutes } from "./rest/claimant-texts";
import { privacyRoutes } from "./rest/privacy";
import { fileRoutes } from "./rest/files";
import { receivablesRoutes } from "./rest/receivables";
import { jointMinuteRoutes } from "./rest/joint-minutes";
import { bundleShareRoutes } from "./rest/bundle-shares";
import { rule369Routes } from "./rest/rule-36-9";
import { slaRoutes } from "./rest/sla";
import { bankAndBooksRoutes } from "./rest/bank-and-books";
import { notificationRoutes } from "./rest/notifications";
import { BROTLI_OPTIONS, COMPRESSION_THRESHOLD, ENCODINGS } from "./compression";
import { SessionCache } from "./session-cache";
import { rememberingSigner } from "./session-signer";
import { PgSessionStore } from "./session-store";

declare module "fastify" {
  interface FastifyInstance {
    db: Kysely<Database>;
    /** The public origin (AppOptions.appUrl). */
    appUrl: string;
    /** This process's LISTEN connection (AppOptions.listener), null without one. */
    listener: Listener | null;
    /** Sessions, users and notification versions in memory (session-cache.ts), null without a listener. */
    sessionCache: SessionCache | null;
    /** The live event streams of this process (live-hub.ts), null without a listener. */
    liveHub: LiveHub | null;
    /**
     * Starts draining before a shutdown (shutdown.ts): /ready answers 503, every answer closes its
     * connection, live streams complete (tabs reconnect elsewhere). Requests are still served.
     */
    drain(): void;
    /** This app's metrics (metrics.ts): the sweeper reports its runs here. */
    metrics: AppMetrics;
  }
}

export interface AppOptions {
  db: Kysely<Database>;
  mailer: Mailer;
  /** Signs the session cookie; every instance behind one load balancer needs the same. */
  sessionSecret: string;
  /** The built web app (apps/web/dist); served with an SPA fallback when present. */
  webDist?: string | null;
  /** The public origin, from configuration (config.ts): links in e-mails, the same-origin check. Never a request header. */
  appUrl: string;
  rateLimits?: RateLimits;
  /** Extra origins allowed to send state-changing requests (e.g. a separate dev server). */
  allowedOrigins?: string[];
  /** Fastify's logger: off unless set; the server passes serverLogger() (logging.ts). */
  logger?: FastifyServerOptions["logger"];
  /** Which proxies' X-Forwarded-* headers count (config.ts); none by default. */
  trustProxy?: TrustProxy;
  /**
   * This process's listening connection (`DatabaseHandle.createListener()`), for live events and
   * any other LISTEN channel (docs/architecture.md, "Live events"). The app owns it: closing the
   * app closes it. Without one, nothing live reaches this process.
   */
  listener?: Listener;
  /** Bytes of bell lists to keep in memory (session-cache.ts), NOTIFICATION_LIST_CACHE_MB's default unless said. */
  notificationListCacheBytes?: number;
  /** SMS_WEBHOOK_SECRET: signs the text gateway's replies and receipts; without it every such call is refused. */
  textWebhookSecret?: string;
  /** Who may read /metrics (METRICS_TOKEN, METRICS_ALLOWED_IPS); nobody when unset. */
  metricsAccess?: MetricsAccess;
  /** The database pool's use for /metrics (PostgreSQL only). */
  poolUse?: PoolUse;
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per request instead of Fastify's two (logging.ts).
    logController: new RequestLog(),
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    genReqId: () => randomUUID(),
    // A request reaching a closing server on a kept-alive connection is served (with
    // "Connection: close"), not refused with 503: the client already sent it (shutdown.ts).
    return503OnClosing: false,
    routerOptions: { maxParamLength: 5000 },
    // An address Fastify cannot even decode (broken percent-encoding) gets a sentence too.
    frameworkErrors: (_error, _request, reply) => {
      void (reply as FastifyReply).code(400).send({ message: "That address is not valid." });
    },
  });
  app.decorate("db", options.db);
  app.decorate("appUrl", options.appUrl);
  const listener = options.listener ?? null;
  app.decorate("listener", listener);
  // Who is asking, from memory while revocations can be heard (docs/decisions.md, "Session cache").
  const sessionCache = listener
    ? new SessionCache(listener, options.notificationListCacheBytes ?? DEFAULT_NOTIFICATION_LIST_CACHE_MB * 1024 * 1024)
    : null;
  app.decorate("sessionCache", sessionCache);
  // Live event streams fed by the same connection (docs/architecture.md, "Live events").
  const liveHub = listener ? new LiveHub(options.db, listener, { guestParticipantId: meetingGuestLookup(options.db) }) : null;
  app.decorate("liveHub", liveHub);
  // Open streams end first, or closing would wait for them (they never end by themselves).
  if (liveHub) app.addHook("preClose", () => liveHub.close());
  if (listener) app.addHook("onClose", () => listener.close());
  let draining = false;
  app.decorate("drain", () => {
    draining = true;
    liveHub?.close();
  });
  // While draining, each connection closes after its current answer, so the load balancer's next
  // request opens a connection it can send elsewhere once this process stops listening.
  // Hooks on every request take a callback rather than being async: no promise per hook
  // (docs/decisions.md, "Performance").
  app.addHook("onRequest", (_request, reply, done) => {
    if (draining) reply.raw.setHeader("Connection", "close");
    done();
  });

  // One translation of errors for every route: AppError keeps its code and sentence, Fastify's
  // own client errors get a readable sentence, anything else is logged and answered generically.
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // An error answer is JSON, whatever a download had set before its file failed to read.
    for (const header of ["Content-Type", "Content-Length", "Content-Disposition"]) reply.removeHeader(header);
    if (error instanceof AppError) {
      return reply.code(toHttpStatus(error.code)).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("Retry-After", "5").send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE"
          ? "Please send the request as JSON."
          : error.code === "FST_ERR_CTP_EMPTY_JSON_BODY" || error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError
            ? "The request body is not valid JSON."
            : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
              ? "The request is too large."
              : "The request could not be understood.";
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: unexpectedErrorMessage(String(request.id)), reference: supportReference(String(request.id)) });
  });

  // Counted before any route is added, so every route's answers are (docs/operations.md).
  app.decorate(
    "metrics",
    registerMetrics(app, {
      db: options.db,
      access: options.metricsAccess ?? {},
      isProcedure: (name) => Object.hasOwn(appRouter._def.procedures, name),
      liveHub,
      poolUse: options.poolUse,
    }),
  );

  await app.register(securityHeadersPlugin);
  app.addHook("onRequest", (request, reply, done) => {
    if (request.url.length > MAX_URL_LENGTH) return void reply.code(414).send({ message: "The address is too long." });
    done();
  });
  // JSON and other text answers above 1 KB leave compressed; hashed assets come pre-compressed
  // from the build (a Content-Encoding already set is left alone).
  // No client of ours compresses what it sends: no request-body decompression hook on every route.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: COMPRESSION_THRESHOLD,
    encodings: [...ENCODINGS],
    brotliOptions: BROTLI_OPTIONS,
  });
  await app.register(sameOriginPlugin, { allowedOrigins: options.allowedOrigins ?? [] });
  await app.register(trpcBatchPlugin);

  app.get("/health", async () => ({ status: "ok" }));
  app.get("/ready", async (_request, reply) => {
    // A load balancer stops sending new work here once it sees this (README, "Running several processes").
    if (draining) return reply.code(503).send({ status: "shutting down" });
    try {
      // The migration level too: after an upgrade, a process on an older database says so.
      return { status: "ready", database: "ok", migration: await migrationLevel(options.db) };
    } catch {
      return reply.code(503).send({ status: "database unavailable", database: "unavailable" });
    }
  });

  const limits = options.rateLimits ?? DEFAULT_RATE_LIMITS;
  // Sessions and the signed-in user exist only for /api and /trpc: this scope's hooks never run
  // for static files, the SPA shell or health checks (docs/decisions.md, "Performance").
  // The text gateway's webhooks carry a signature, not a session (rest/claimant-texts.ts).
  await app.register(claimantTextRoutes, { secret: options.textWebhookSecret });
  await app.register(async (api) => {
    await api.register(cookie);
    await api.register(session, {
      secret: rememberingSigner(options.sessionSecret),
      cookieName: SESSION_COOKIE,
      store: new PgSessionStore(options.db, sessionCache),
      saveUninitialized: false,
      rolling: false,
      cookie: { httpOnly: true, sameSite: "lax", secure: "auto", path: "/" },
    });
    await api.register(authPlugin, { db: options.db, cache: sessionCache });
    await api.register(livePlugin, { hub: liveHub });

    await api.register(authRoutes, { mailer: options.mailer, limits });
    await api.register(notificationRoutes);
    await api.register(fileRoutes, { limits });
    await api.register(calendarRoutes);
    await api.register(privacyRoutes);
    await api.register(receivablesRoutes);
    await api.register(slaRoutes);
    await api.register(bankAndBooksRoutes);
    await api.register(jointMinuteRoutes);
    await api.register(bundleShareRoutes);
    await api.register(rule369Routes);

    await api.register(fastifyTRPCPlugin, {
      prefix: "/trpc",
      trpcOptions: {
        router: appRouter,
        maxBatchSize: MAX_TRPC_BATCH,
        createContext: ({ req, res }): Context => ({
          db: options.db,
          mailer: options.mailer,
          limits,
          user: req.user,
          meta: requestMeta(req),
          session: sessionControl(req, res),
          guest: guestCookie(req, res),
          live: liveHub,
        }),
        onError({ error, req }) {
          if (error.code === "INTERNAL_SERVER_ERROR") req.log.error({ err: error.cause ?? error }, "tRPC procedure failed");
          if (error.code === "SERVICE_UNAVAILABLE") req.log.warn({ err: error.cause ?? error }, "database unavailable");
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
    });
  });

  const webDist = options.webDist && existsSync(options.webDist) ? options.webDist : null;
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      // dist holds a .br and a .gz beside each compressible file (apps/web/vite.config.ts).
      preCompressed: true,
      setHeaders(res, path) {
        // Hashed assets never change; index.html must always be fresh.
        res.header("Cache-Control", path.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "";
    if (!isApiPath(path) && webDist && (request.method === "GET" || request.method === "HEAD")) {
      // Client-side routes: the SPA decides, including its own 404 screen.
      return reply.header("Cache-Control", "no-cache").sendFile("index.html");
    }
    return reply.code(404).send({ message: `There is no ${request.method} ${path}.` });
  });

  return app;
}
