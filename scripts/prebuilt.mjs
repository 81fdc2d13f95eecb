// What `pnpm start` runs ready-made: the web app (apps/web/dist) and the compiled server
// (apps/server/dist). `pnpm install` builds both (scripts/prepare.mjs); a start rebuilds only the
// one whose sources are newer than its output, so an edited checkout never runs old code
// (docs/decisions.md, "Start-up").
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");

const SKIP = new Set(["node_modules", "dist", ".turbo", ".tanstack", "test", "tests", "bench"]);

/** The newest modification time among files and folders (walked) under these paths. */
function newest(paths) {
  let latest = 0;
  const visit = (path) => {
    let stat;
    try {
      stat = statSync(path);
    } catch {
      return;
    }
    latest = Math.max(latest, stat.mtimeMs);
    if (!stat.isDirectory()) return;
    for (const entry of readdirSync(path)) if (!SKIP.has(entry)) visit(join(path, entry));
  };
  for (const path of paths) visit(join(root, path));
  return latest;
}

function stale(output, inputs) {
  const file = join(root, output);
  return !existsSync(file) || newest(inputs) > statSync(file).mtimeMs;
}

const packageInputs = (dir) => [`${dir}/src`, `${dir}/package.json`];

/** The web app's build reads apps/web and, at run time, packages/domain only (packages/api: types). */
const WEB = {
  output: "apps/web/dist/index.html",
  inputs: [
    ...packageInputs("apps/web"),
    "apps/web/public",
    "apps/web/index.html",
    "apps/web/vite.config.ts",
    "apps/web/scripts",
    "apps/web/tsconfig.json",
    ...packageInputs("packages/domain"),
    "pnpm-lock.yaml",
  ],
};
const SERVER = {
  output: "apps/server/dist/main.js",
  inputs: [
    ...packageInputs("apps/server"),
    "apps/server/build.mjs",
    ...["api", "db", "domain"].flatMap((p) => packageInputs(`packages/${p}`)),
    "pnpm-lock.yaml",
  ],
};

export const serverMain = join(root, SERVER.output);

/** Builds the web app and the server where their sources changed since the last build. */
export async function ensureBuilt() {
  if (stale(WEB.output, WEB.inputs)) {
    console.log("Building the web app...");
    const result = spawnSync("pnpm", ["--filter", "@medlegal/web", "build"], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) throw new Error("The web app did not build (see above).");
  }
  if (stale(SERVER.output, SERVER.inputs)) {
    console.log("Compiling the server...");
    const { buildServer } = await import(join(root, "apps/server/build.mjs"));
    await buildServer();
  }
}
