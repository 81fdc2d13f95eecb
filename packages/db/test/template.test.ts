import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { copyPgliteTemplate, createDatabase, migrations, migrateToLatest, pgliteTemplate, usablePgliteTemplate } from "../src";
import { stampPgliteTemplate } from "../src/template";

// The prepared PGlite database a first start copies instead of running initdb
// (docs/decisions.md, "Start-up"), made here as `pnpm install` makes it, in a root of its own.
describe("the prepared PGlite database", () => {
  const root = mkdtempSync(join(tmpdir(), "medlegal-template-"));
  const template = pgliteTemplate(root);

  beforeAll(async () => {
    // The root's packages/db is this package, so the template is stamped with the installed PGlite.
    mkdirSync(join(root, "packages"));
    symlinkSync(resolve(import.meta.dirname, ".."), join(root, "packages", "db"));
    const handle = createDatabase({ dataDir: template.dir, template: false });
    const applied = await migrateToLatest(handle.db);
    await handle.close();
    stampPgliteTemplate(template, root, applied);
  }, 180_000);

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("becomes a new data directory that already has every migration", async () => {
    const dataDir = join(root, "data", "pglite");
    expect(copyPgliteTemplate(dataDir, root)).toBe(true);
    const handle = createDatabase({ dataDir, template: false });
    try {
      const ran = await handle.db
        .selectFrom("kysely_migration" as never)
        .select(sql<string>`name`.as("name"))
        .execute();
      expect(ran.map((r) => r.name).sort()).toEqual(Object.keys(migrations).sort());
      expect(await migrateToLatest(handle.db)).toEqual([]);
      const users = await sql<{ count: number }>`select count(*)::int as count from users`.execute(handle.db);
      expect(users.rows[0]!.count).toBe(0);
    } finally {
      await handle.close();
    }
  }, 120_000);

  it("never replaces a data directory that has anything in it", () => {
    const dataDir = join(root, "kept");
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, "PG_VERSION"), "17\n");
    expect(copyPgliteTemplate(dataDir, root)).toBe(false);
    expect(readdirSync(dataDir)).toEqual(["PG_VERSION"]);
  });

  it("is not used when another PGlite version made it, nor when it holds a migration the code lacks", () => {
    const stamp = JSON.parse(readFileSync(template.stampFile, "utf8")) as { pglite: string; migrations: string[] };
    try {
      writeFileSync(template.stampFile, JSON.stringify({ ...stamp, pglite: "0.0.1" }));
      expect(usablePgliteTemplate(template, root)).toBe(false);
      writeFileSync(
        template.stampFile,
        JSON.stringify({ ...stamp, migrations: [...stamp.migrations, "2099-01-01-01-from-another-branch"] }),
      );
      expect(usablePgliteTemplate(template, root)).toBe(false);
      const dataDir = join(root, "refused");
      expect(copyPgliteTemplate(dataDir, root)).toBe(false);
    } finally {
      writeFileSync(template.stampFile, JSON.stringify(stamp));
    }
    expect(usablePgliteTemplate(template, root)).toBe(true);
  });
});
