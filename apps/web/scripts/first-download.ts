// The first download's budget, read from a web build (apps/web/dist): what index.html makes a browser
// fetch before the first paint (every script, modulepreload and stylesheet it names), and what a cold
// /auth fetches in all (that, the sign-in form's chunks, loaded as the page shows, and the toasts'),
// as gzip at level 9. `vite build` runs it (vite.config.ts) and fails over budget, so CI fails too;
// `pnpm bench:web` prints the same figures (docs/decisions.md, "Performance").
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

export const KB = 1024;
/** docs/benchmarks.md: initial JavaScript (gzip). */
export const FIRST_DOWNLOAD_BUDGET = 150 * KB;
/** docs/benchmarks.md: a cold /auth, transferred. */
export const COLD_AUTH_BUDGET = 250 * KB;

/** The modules a cold /auth loads lazily before its form is usable: the sign-in form, and the toasts once idle. */
const COLD_AUTH_LAZY = ["src/components/auth/sign-in-form.tsx", "src/components/ui/toaster.tsx"];

/**
 * The files index.html names, as a browser fetches them before the first paint: module scripts,
 * modulepreloads and stylesheets (paths from the site root, without the leading slash).
 */
export function firstDownloadFiles(html: string): string[] {
  const files: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const isScript = tag.startsWith("<script");
    const rel = /\brel="([^"]+)"/.exec(tag)?.[1];
    if (!isScript && rel !== "modulepreload" && rel !== "stylesheet") continue;
    const url = /\b(?:src|href)="\/([^"]+)"/.exec(tag)?.[1];
    if (url && !files.includes(url)) files.push(url);
  }
  return files;
}

interface ManifestChunk {
  file: string;
  src?: string;
  imports?: string[];
  css?: string[];
}

export interface FirstDownload {
  /** What index.html names, in its order. */
  files: string[];
  /** Gzip bytes of its scripts and modulepreloads. */
  javascript: number;
  scripts: number;
  zodInIt: boolean;
  /** Gzip bytes of everything a cold /auth fetches (index.html, the above, the stylesheet, the sign-in form, the toasts). */
  coldAuth: number;
  coldAuthFiles: number;
}

/** The figures of the build in `dist` (its index.html and Vite manifest). */
export function measureFirstDownload(dist: string): FirstDownload {
  const cache = new Map<string, number>();
  const gzip = (file: string): number => {
    let size = cache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
      cache.set(file, size);
    }
    return size;
  };
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const first = firstDownloadFiles(html);
  const scripts = first.filter((file) => file.endsWith(".js"));
  const javascript = scripts.reduce((sum, file) => sum + gzip(file), 0);
  const zodInIt = scripts.some((file) => readFileSync(join(dist, file), "utf8").includes("_zod"));

  const manifest = JSON.parse(readFileSync(join(dist, ".vite/manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const coldAuth = new Set(["index.html", ...first]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || coldAuth.has(chunk.file)) return;
    coldAuth.add(chunk.file);
    for (const css of chunk.css ?? []) coldAuth.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  for (const key of COLD_AUTH_LAZY) {
    if (!manifest[key])
      throw new Error(`${key} is not in the build's manifest: the cold /auth check must be told what the sign-in page loads now.`);
    visit(key);
  }
  const coldAuthBytes = [...coldAuth].reduce((sum, file) => sum + gzip(file), 0);
  return { files: first, javascript, scripts: scripts.length, zodInIt, coldAuth: coldAuthBytes, coldAuthFiles: coldAuth.size };
}

/**
 * The build's check: prints the figures and throws when either is over its budget or zod is in
 * the first download.
 */
export function checkFirstDownload(dist: string): FirstDownload {
  const figures = measureFirstDownload(dist);
  const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
  console.log(
    `First download: ${kb(figures.javascript)} of JavaScript (gzip) in ${figures.scripts} file(s) index.html loads (budget ${kb(FIRST_DOWNLOAD_BUDGET)}); ` +
      `a cold /auth fetches ${kb(figures.coldAuth)} in ${figures.coldAuthFiles} files (budget ${kb(COLD_AUTH_BUDGET)}).`,
  );
  const problems: string[] = [];
  if (figures.javascript > FIRST_DOWNLOAD_BUDGET)
    problems.push(`the first download is ${kb(figures.javascript)} of JavaScript, over its ${kb(FIRST_DOWNLOAD_BUDGET)} budget`);
  if (figures.zodInIt) problems.push("the validation library (zod) is in the first download");
  if (figures.coldAuth > COLD_AUTH_BUDGET)
    problems.push(`a cold /auth fetches ${kb(figures.coldAuth)}, over its ${kb(COLD_AUTH_BUDGET)} budget`);
  if (problems.length) {
    throw new Error(
      `The web build is over its budget: ${problems.join("; ")}. See docs/benchmarks.md and docs/decisions.md "Performance" for what keeps it small.`,
    );
  }
  return figures;
}
