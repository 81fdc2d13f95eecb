import { renameSync, rmSync } from "node:fs";
import { createDatabase, repoRoot } from "../connection";
import { migrateToLatest } from "../migrate";
import { currentPgliteTemplate, pgliteTemplate, stampPgliteTemplate } from "../template";

// Makes the prepared PGlite data directory (initdb and every migration) that a first start copies
// instead of running initdb; `pnpm install` runs it through scripts/prepare.mjs. Nothing to do when
// the template is already current (docs/decisions.md, "Start-up").
const root = repoRoot();
const template = pgliteTemplate(root);
if (currentPgliteTemplate(template, root)) {
  console.log("The prepared PGlite database is up to date.");
} else {
  const started = performance.now();
  const staging = `${template.dir}.new-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  // `template: false`: build from initdb itself, never from the template being replaced.
  const handle = createDatabase({ dataDir: staging, template: false });
  let applied: string[];
  try {
    applied = await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  rmSync(template.stampFile, { force: true });
  rmSync(template.dir, { recursive: true, force: true });
  renameSync(staging, template.dir);
  stampPgliteTemplate(template, root, applied);
  console.log(`Prepared the PGlite database for first starts in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}
