import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { migrations } from "./migrations";

/**
 * A prepared PGlite data directory: initdb done and every migration applied, made once by
 * `pnpm install` (scripts/prepare.mjs) and copied into an empty data directory instead of running
 * initdb there on first start (docs/decisions.md, "Start-up"). It holds no data, only the schema.
 */
export interface PgliteTemplate {
  dir: string;
  /** Written last, so a template without it is incomplete and never used. */
  stampFile: string;
}

interface Stamp {
  pglite: string;
  migrations: string[];
}

/** Where the template lives: beside the installed packages, gone with them (never committed). */
export function pgliteTemplate(root: string): PgliteTemplate {
  const dir = join(root, "node_modules", ".cache", "medlegal", "pglite-template");
  return { dir, stampFile: `${dir}.json` };
}

/** The installed PGlite's version: a template made by another version is not used. */
export function pgliteVersion(root: string): string {
  const require = createRequire(join(root, "packages", "db", "package.json"));
  const entry = require.resolve("@electric-sql/pglite");
  const manifest = JSON.parse(readFileSync(join(dirname(dirname(entry)), "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

function readStamp(template: PgliteTemplate): Stamp | undefined {
  try {
    return JSON.parse(readFileSync(template.stampFile, "utf8")) as Stamp;
  } catch {
    return undefined;
  }
}

/**
 * The stamp of a template that can seed a new data directory: complete, made by this PGlite, and
 * holding no migration the code no longer has (the start applies the ones added since).
 */
function usableStamp(template: PgliteTemplate, root: string): Stamp | undefined {
  const stamp = readStamp(template);
  if (!stamp || !existsSync(join(template.dir, "PG_VERSION"))) return undefined;
  const known = new Set(Object.keys(migrations));
  try {
    return stamp.pglite === pgliteVersion(root) && stamp.migrations.every((name) => known.has(name)) ? stamp : undefined;
  } catch {
    return undefined;
  }
}

/** True when the template can seed a new data directory (usableStamp). */
export function usablePgliteTemplate(template: PgliteTemplate, root: string): boolean {
  return usableStamp(template, root) !== undefined;
}

/** True when the template is usable and already has every migration (nothing to prepare). */
export function currentPgliteTemplate(template: PgliteTemplate, root: string): boolean {
  return usableStamp(template, root)?.migrations.length === Object.keys(migrations).length;
}

/**
 * Copies the template into `dataDir` when that directory is missing or empty and the template is
 * usable; returns whether it did. The copy goes to a sibling first and is renamed into place, so
 * an interrupted copy never leaves a half data directory behind.
 */
export function copyPgliteTemplate(dataDir: string, root: string): boolean {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) return false;
  const template = pgliteTemplate(root);
  if (!usablePgliteTemplate(template, root)) return false;
  const staging = `${dataDir}.copy-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(template.dir, staging, { recursive: true });
  rmSync(dataDir, { recursive: true, force: true });
  renameSync(staging, dataDir);
  return true;
}

/** Records a finished template (the caller has closed the database in `template.dir`). */
export function stampPgliteTemplate(template: PgliteTemplate, root: string, applied: string[]): void {
  const stamp: Stamp = { pglite: pgliteVersion(root), migrations: applied };
  writeFileSync(template.stampFile, `${JSON.stringify(stamp, null, 2)}\n`);
}
