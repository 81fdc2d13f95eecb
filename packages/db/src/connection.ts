import { existsSync, mkdirSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gist } from "@electric-sql/pglite/contrib/btree_gist";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { Kysely, PGliteDialect, PostgresDialect } from "kysely";
import pg from "pg";
import type { Database } from "./database";
import type { Listener, ListenerOptions } from "./listener";
import { createPgliteListener, createPgListener } from "./listener";
import { copyPgliteTemplate } from "./template";
import { lockDataDir } from "./data-dir-lock";
import { pgDump } from "./pg-tools";

export type DialectKind = "pg" | "pglite";
/** What a backup's database entry is: PGlite's data folder (tar.gz) or pg_dump's custom format. */
export type DumpFormat = "pglite-datadir" | "pg-custom";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DialectKind;
  /**
   * Opens a listening connection for LISTEN/NOTIFY (one per server process; docs/architecture.md,
   * "Live events"): a dedicated client on PostgreSQL, PGlite's own `listen` when embedded.
   * The caller closes it before the database.
   */
  createListener(options?: ListenerOptions): Listener;
  /** The pool's connections (PostgreSQL only; the embedded database has one connection): for /metrics. */
  poolUse?: () => { total: number; idle: number; waiting: number };
  /**
   * Writes the whole database to `path` for a backup (docs/operations.md, "Backups"): PGlite's
   * data folder as a gzipped tar, or PostgreSQL's custom format from the server's own pg_dump.
   */
  dump(path: string): Promise<DumpFormat>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; without it PGlite is used. */
  url?: string;
  /** PGlite data directory; "memory://" for a throw-away database. */
  dataDir?: string;
  /** PGlite only: an empty data directory starts from this dump (a restore), not from the template. */
  loadDataDir?: Blob;
  /**
   * PGlite only: a missing or empty data directory starts as a copy of the prepared template
   * (template.ts) when there is one, instead of running initdb. Default true.
   */
  template?: boolean;
  /** Called when the pool or a pooled client reports an error, e.g. the server restarted. */
  onError?: (error: Error) => void;
  poolSize?: number;
  /** PostgreSQL's statement_timeout for the pool, 15 s unless said (the bench fills need longer). */
  statementTimeoutMs?: number;
}

const INT8_OID = 20;
const DATE_OID = 1082;

/** Both dialects answer int8/count(*) as a JS number and date columns as YYYY-MM-DD strings. */
const parseInt8 = (value: string) => Number(value);
const parseDate = (value: string) => value;

/** Shared buffers of the embedded database (docs/decisions.md, "Memory of the embedded default"). */
const PGLITE_SHARED_BUFFERS = "16MB";

const BYTEA_OID = 17;
/**
 * bytea in and out of PGlite through Buffer's native hex codec. PGlite's own maps every byte to a
 * string and joins them on the thread that answers requests: storing a 2,000-page report's
 * stamped copy held every other request for over a second (docs/decisions.md, "Performance").
 */
export const serializeBytea = (value: unknown): string => {
  if (!(value instanceof Uint8Array)) throw new Error("Invalid input for bytea type");
  return `\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString("hex")}`;
};
export const parseBytea = (value: string): Uint8Array => {
  // A fresh buffer of its own (byteOffset 0), as PGlite's own parser gives.
  const bytes = new Uint8Array((value.length - 2) / 2);
  Buffer.from(bytes.buffer).write(value.slice(2), "hex");
  return bytes;
};

/** The folder that holds pnpm-workspace.yaml, so `.data/` is the same wherever a script starts. */
export function repoRoot(from = process.cwd()): string {
  let dir = resolve(from);
  while (!existsSync(join(dir, "pnpm-workspace.yaml"))) {
    const parent = dirname(dir);
    if (parent === dir) return resolve(from);
    dir = parent;
  }
  return dir;
}

export function defaultDataDir(): string {
  return process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(repoRoot(), ".data");
}

export function createDatabase(options: DatabaseOptions = {}): DatabaseHandle {
  const onError = options.onError ?? ((error: Error) => console.error(`[db] ${error.message}`));
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      statement_timeout: options.statementTimeoutMs ?? 15_000,
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") => {
          if (oid === INT8_OID) return parseInt8;
          if (oid === DATE_OID) return parseDate;
          return pg.types.getTypeParser(oid, format);
        }) as typeof pg.types.getTypeParser,
      },
    });
    // An idle client losing its connection (a database restart) must not crash the process.
    pool.on("error", onError);
    pool.on("connect", (client) => client.on("error", onError));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const url = options.url;
    return {
      db,
      kind: "pg",
      createListener: (o) => createPgListener(url, { onError, ...o }),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      dump: async (path) => {
        await pgDump(url, path);
        return "pg-custom";
      },
      close: () => db.destroy(),
    };
  }

  const dataDir = options.dataDir ?? join(defaultDataDir(), "pglite");
  // One process per data directory: a second one is refused before it opens anything (DataDirLockedError).
  let unlock = () => {};
  if (!dataDir.includes("://")) {
    unlock = lockDataDir(dataDir);
    if (options.template !== false && !options.loadDataDir) copyPgliteTemplate(dataDir, repoRoot());
    mkdirSync(dataDir, { recursive: true });
  }
  const pglite = new PGlite(dataDir, {
    parsers: { [INT8_OID]: parseInt8, [DATE_OID]: parseDate, [BYTEA_OID]: parseBytea },
    serializers: { [BYTEA_OID]: serializeBytea },
    // The extensions the migrations create (trigram search; exclusion constraints on time ranges).
    extensions: { pg_trgm, btree_gist },
    // 16 MB of shared buffers instead of initdb's 128 MB: the embedded server's resident memory drops by
    // about 120 MB (docs/benchmarks.md), and the operating system caches the data files anyway.
    startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  return {
    db,
    kind: "pglite",
    createListener: (o) => createPgliteListener(pglite, { onError, ...o }),
    dump: async (path) => {
      const tarball = await pglite.dumpDataDir("gzip");
      await writeFile(path, Buffer.from(await tarball.arrayBuffer()));
      return "pglite-datadir";
    },
    close: () => db.destroy().finally(unlock),
  };
}

/** The database the app uses: `DATABASE_URL` when set, else the embedded PGlite under `.data/`. */
export function createDatabaseFromEnv(options: Omit<DatabaseOptions, "url"> = {}): DatabaseHandle {
  return createDatabase({ ...options, url: process.env.DATABASE_URL || undefined });
}
