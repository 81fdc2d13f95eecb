// Runs after `pnpm install` (the root package's `prepare`): builds the web app and the server, and
// prepares the PGlite database a first start copies instead of running initdb, so that `pnpm start`
// answers in seconds (docs/decisions.md, "Start-up"). Each step is skipped when already current.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { ensureBuilt, root } from "./prebuilt.mjs";

await ensureBuilt();
const template = spawnSync(process.execPath, [join(root, "apps/server/dist/pglite-template.js")], { cwd: root, stdio: "inherit" });
if (template.status !== 0) process.exit(template.status ?? 1);
