// The server compiled once into dist/ (one ES module per entry, the workspace packages bundled in),
// so a start loads JavaScript instead of compiling TypeScript through tsx every time
// (docs/decisions.md, "Start-up"). scripts/prepare.mjs and scripts/start.mjs call it when stale.
import { builtinModules } from "node:module";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
export const serverDist = join(here, "dist");

const builtins = new Set(builtinModules);

/**
 * Packages from node_modules stay outside the bundle (native modules, PGlite's WebAssembly files
 * beside its code), imported by a path relative to dist/: pnpm gives each workspace package only its
 * own dependencies, so a bare name such as `@electric-sql/pglite` would not resolve from
 * apps/server. The path is relative, so the checkout can move.
 */
const externalDependencies = {
  name: "external-dependencies",
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === "resolving" || args.path.startsWith("@medlegal/")) return undefined;
      if (args.path.startsWith("node:") || builtins.has(args.path)) return { path: args.path, external: true };
      const resolved = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: "resolving" });
      if (resolved.errors.length) return { errors: resolved.errors };
      const path = relative(serverDist, resolved.path).split(sep).join("/");
      return { path: path.startsWith(".") ? path : `./${path}`, external: true };
    });
  },
};

/** Builds dist/main.js (the server), dist/pdf-worker.js (its PDF jobs) and dist/pglite-template.js (scripts/prepare.mjs). */
export async function buildServer() {
  await build({
    absWorkingDir: here,
    entryPoints: {
      main: "src/main.ts",
      "pglite-template": "../../packages/db/src/cli/template.ts",
      // Started as a worker thread by packages/api/src/services/files/pdf-jobs.ts, from this folder.
      "pdf-worker": "../../packages/api/src/services/files/pdf-worker.mjs",
    },
    outdir: serverDist,
    bundle: true,
    // main.ts imports the app after opening the database; its modules stay in chunks of their own
    // (kept beside the entries: the dependency paths above are relative to dist/).
    splitting: true,
    chunkNames: "[name]-[hash]",
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    logLevel: "warning",
    plugins: [externalDependencies],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
