import { isIP } from "node:net";
import { parseFileStorageUrl } from "@medlegal/api/file-storage-url";
import { parsePdfMaxPages } from "@medlegal/domain/constants";

/**
 * Which proxies may speak for the client in X-Forwarded-* headers: a hop count, or a list of
 * addresses and CIDR ranges (Fastify's `trustProxy`). `false`: no proxy, the socket is the client.
 */
export type TrustProxy = false | number | string[];

export interface ServerConfig {
  port: number;
  host: string;
  /** The public origin, for links in e-mails and the same-origin check; never taken from a request. */
  appUrl: string;
  trustProxy: TrustProxy;
  allowedOrigins: string[];
  /** The app's connection; unset: the embedded PGlite. */
  databaseUrl?: string;
  /** The owner's connection, for migrations and grants (docs/decisions.md, "Platform"). */
  databaseOwnerUrl?: string;
  /** Bytes of bell lists this process keeps in memory (NOTIFICATION_LIST_CACHE_MB); 0 keeps none. */
  notificationListCacheBytes: number;
  /** How long SIGTERM drains before the server closes (SHUTDOWN_GRACE_SECONDS; shutdown.ts). */
  shutdownGraceMs: number;
  /** METRICS_TOKEN and METRICS_ALLOWED_IPS: who may read /metrics (docs/operations.md); nobody when both are unset. */
  metrics: { token?: string; allowedAddresses: string[] };
  /**
   * FILE_STORAGE_URL: where files' bytes go (docs/decisions.md, "File storage"). Unset: the data
   * folder's `files/` on the embedded database, the database itself on PostgreSQL.
   */
  fileStorageUrl?: string;
  /**
   * The embedded database's nightly backups (docs/operations.md, "Nightly backups"): BACKUP_DIR
   * (default the data folder's `backups/`), BACKUP_AT (South African HH:MM, default 02:00), and how
   * many daily and weekly backups are kept (BACKUP_KEEP_DAILY, BACKUP_KEEP_WEEKLY). BACKUP_KEY turns them on.
   */
  backups: { folder?: string; at: string; keepDaily: number; keepWeekly: number };
  /** PDF_MAX_PAGES: pages a PDF may have at upload (the files service reads the same variable); checked here so a bad value stops the start with a sentence. */
  pdfMaxPages: number;
}

/** Seconds of draining on SIGTERM by default: well inside the 10 s a container runtime waits. */
export const DEFAULT_SHUTDOWN_GRACE_SECONDS = 5;

/** Megabytes of bell lists a process keeps by default: a list is a few kilobytes, at most about 40. */
export const DEFAULT_NOTIFICATION_LIST_CACHE_MB = 32;

/** A configuration the server refuses to start with; the message says what to set. */
export class ConfigError extends Error {}

/**
 * Fastify's form of TrustProxy. Fastify 5.12 refuses bare hop counts (they also trust a client that
 * reaches the server directly), so a count becomes a function over the hop index: the socket's
 * peer is hop 0, then X-Forwarded-For from right to left. docs/decisions.md says when it is safe.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== "number") return trust;
  return (_address, hop) => hop < trust;
}

/** Proxy-addr's names for the private ranges, accepted alongside addresses and CIDRs. */
const NAMED_RANGES = new Set(["loopback", "linklocal", "uniquelocal"]);

const isSet = (value: string | undefined) => value !== undefined && value.trim() !== "";

/** `http(s)://host[:port]`, nothing after it. */
function parseAppUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new ConfigError(`APP_URL must be an origin such as https://medlegal.example; "${value}" is not a URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError(`APP_URL must start with http:// or https://; got "${value}".`);
  }
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) {
    throw new ConfigError(`APP_URL must be an origin without a path, query or credentials, such as ${url.origin}; got "${value}".`);
  }
  return url.origin;
}

function isTrustedAddress(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = family === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= bits;
}

const TRUST_PROXY_FORMS =
  "Set TRUST_PROXY to the number of proxies in front of the server (TRUST_PROXY=1 for one load balancer) " +
  "or to their addresses or CIDR ranges, comma-separated (TRUST_PROXY=10.0.0.0/8,127.0.0.1).";

/**
 * TRUST_PROXY as Fastify's `trustProxy`. `true` (trust every X-Forwarded-For) is refused: any
 * client could then pick its own IP for the rate limits and the audit trail.
 */
function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") {
    throw new ConfigError(`TRUST_PROXY=true would trust any client's X-Forwarded-For header. ${TRUST_PROXY_FORMS}`);
  }
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((e) => !isTrustedAddress(e));
  if (wrong.length || !entries.length) {
    throw new ConfigError(`TRUST_PROXY has entries that are not addresses or CIDR ranges: ${wrong.join(", ")}. ${TRUST_PROXY_FORMS}`);
  }
  return entries;
}

function parseListCacheBytes(value: string | undefined): number {
  const megabytes = isSet(value) ? Number(value) : DEFAULT_NOTIFICATION_LIST_CACHE_MB;
  if (!Number.isInteger(megabytes) || megabytes < 0)
    throw new ConfigError(`NOTIFICATION_LIST_CACHE_MB must be a whole number of megabytes (0 keeps none); got "${value}".`);
  return megabytes * 1024 * 1024;
}

function parseGraceMs(value: string | undefined): number {
  const seconds = isSet(value) ? Number(value) : DEFAULT_SHUTDOWN_GRACE_SECONDS;
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 600)
    throw new ConfigError(`SHUTDOWN_GRACE_SECONDS must be a number of seconds from 0 to 600; got "${value}".`);
  return Math.round(seconds * 1000);
}

function parsePdfPages(value: string | undefined): number {
  const pages = parsePdfMaxPages(value);
  if (pages === null) throw new ConfigError(`PDF_MAX_PAGES must be a whole number of pages, at least 1; got "${value}".`);
  return pages;
}

/** A bearer token long enough not to be guessed; METRICS_ALLOWED_IPS as addresses and CIDR ranges. */
function parseMetrics(token: string | undefined, addresses: string | undefined): ServerConfig["metrics"] {
  const trimmed = token?.trim() ?? "";
  if (trimmed !== "" && trimmed.length < 24)
    throw new ConfigError("METRICS_TOKEN must be at least 24 characters (e.g. the output of `openssl rand -hex 24`).");
  const entries = (addresses ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);
  const wrong = entries.filter((entry) => {
    const [address, bits, extra] = entry.split("/");
    const version = isIP(address ?? "");
    if (version === 0 || extra !== undefined) return true;
    return bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= (version === 6 ? 128 : 32));
  });
  if (wrong.length)
    throw new ConfigError(
      `METRICS_ALLOWED_IPS has entries that are not addresses or CIDR ranges: ${wrong.join(", ")}. Example: METRICS_ALLOWED_IPS=10.0.0.5,192.168.1.0/24`,
    );
  return { token: trimmed || undefined, allowedAddresses: entries };
}

/** Nightly backups' settings: a time of day and two counts, each checked with a sentence. */
function parseBackups(env: Record<string, string | undefined>): ServerConfig["backups"] {
  const at = isSet(env.BACKUP_AT) ? env.BACKUP_AT!.trim() : "02:00";
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(at))
    throw new ConfigError(`BACKUP_AT must be a South African time of day as HH:MM, such as 02:00; got "${env.BACKUP_AT}".`);
  const count = (name: "BACKUP_KEEP_DAILY" | "BACKUP_KEEP_WEEKLY", fallback: number, least: number) => {
    const value = isSet(env[name]) ? Number(env[name]) : fallback;
    if (!Number.isInteger(value) || value < least || value > 366)
      throw new ConfigError(`${name} must be a whole number of backups from ${least} to 366; got "${env[name]}".`);
    return value;
  };
  return {
    ...(isSet(env.BACKUP_DIR) ? { folder: env.BACKUP_DIR!.trim() } : {}),
    at,
    keepDaily: count("BACKUP_KEEP_DAILY", 7, 1),
    keepWeekly: count("BACKUP_KEEP_WEEKLY", 4, 0),
  };
}

function parsePort(value: string | undefined): number {
  if (!isSet(value)) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`PORT must be a port number; got "${value}".`);
  return port;
}

/**
 * The server's configuration from its environment, resolved once at start. Refuses (ConfigError)
 * what would be unsafe: in production or behind a proxy the public origin must be configured,
 * since nothing in a request (Host, X-Forwarded-Host) can be trusted to say it.
 */
export function resolveConfig(env: Record<string, string | undefined>): ServerConfig {
  const port = parsePort(env.PORT);
  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (!isSet(env.APP_URL) && (env.NODE_ENV === "production" || trustProxy !== false)) {
    throw new ConfigError(
      "APP_URL is required in production and behind a proxy: set it to the address people open, such as https://medlegal.example. " +
        "E-mailed links (password reset) use it.",
    );
  }
  const databaseUrl = isSet(env.DATABASE_URL) ? env.DATABASE_URL : undefined;
  const databaseOwnerUrl = isSet(env.DATABASE_OWNER_URL) ? env.DATABASE_OWNER_URL : undefined;
  if (databaseOwnerUrl && !databaseUrl) {
    throw new ConfigError("DATABASE_OWNER_URL is set without DATABASE_URL: set DATABASE_URL to the app's own (non-owner) database user.");
  }
  return {
    port,
    host: isSet(env.HOST) ? env.HOST!.trim() : "0.0.0.0",
    appUrl: isSet(env.APP_URL) ? parseAppUrl(env.APP_URL!) : `http://localhost:${port}`,
    trustProxy,
    allowedOrigins: (env.ALLOWED_ORIGINS ?? "")
      .split(",")
      .map((o) => o.trim())
      .filter(Boolean),
    databaseUrl,
    databaseOwnerUrl,
    notificationListCacheBytes: parseListCacheBytes(env.NOTIFICATION_LIST_CACHE_MB),
    shutdownGraceMs: parseGraceMs(env.SHUTDOWN_GRACE_SECONDS),
    pdfMaxPages: parsePdfPages(env.PDF_MAX_PAGES),
    metrics: parseMetrics(env.METRICS_TOKEN, env.METRICS_ALLOWED_IPS),
    backups: parseBackups(env),
    ...(isSet(env.FILE_STORAGE_URL) ? { fileStorageUrl: checkedFileStorageUrl(env.FILE_STORAGE_URL!) } : {}),
  };
}

function checkedFileStorageUrl(value: string): string {
  try {
    parseFileStorageUrl(value);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return value.trim();
}
