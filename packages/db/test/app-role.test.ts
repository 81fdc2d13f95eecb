import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DatabaseHandle } from "../src";
import { createDatabase, grantAppRole } from "../src";
import { createTestDatabase, dropTestRole, testDialects } from "../src/testing";

// Roles belong to the whole PostgreSQL cluster (PGlite has a single user): this runs on the "pg"
// dialect only, with a role name of its own, dropped at the end.
describe.skipIf(!testDialects().includes("pg"))("the app's least-privilege database role on pg", () => {
  const roleName = `medlegal_app_test_${randomBytes(5).toString("hex")}`;
  const password = randomBytes(12).toString("hex");
  let owner: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: DatabaseHandle;

  beforeAll(async () => {
    owner = await createTestDatabase("pg");
    await grantAppRole(owner.db, { name: roleName, password });
    // Twice: the second run must change nothing and fail on nothing.
    await grantAppRole(owner.db, { name: roleName, password });
    const url = new URL(owner.url!);
    url.username = roleName;
    url.password = password;
    app = createDatabase({ url: url.toString(), poolSize: 2 });
  });

  afterAll(async () => {
    await app?.close();
    if (owner) {
      await dropTestRole(owner.db, roleName);
      await owner.close();
    }
  });

  it("can add and read audit rows", async () => {
    await app.db.insertInto("audit_log").values({ action: "test.write", entity_type: "test", entity_id: roleName }).execute();
    const rows = await app.db.selectFrom("audit_log").select("action").where("entity_id", "=", roleName).execute();
    expect(rows).toEqual([{ action: "test.write" }]);
  });

  it("cannot update, delete or truncate the audit trail", async () => {
    await expect(sql`UPDATE audit_log SET action = 'tampered'`.execute(app.db)).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM audit_log`.execute(app.db)).rejects.toThrow(/permission denied/);
    await expect(sql`TRUNCATE audit_log`.execute(app.db)).rejects.toThrow(/permission denied/);
  });

  it("cannot disable or drop the append-only triggers, or drop the table", async () => {
    await expect(sql`ALTER TABLE audit_log DISABLE TRIGGER audit_log_no_update_delete`.execute(app.db)).rejects.toThrow(/must be owner/);
    await expect(sql`ALTER TABLE audit_log DISABLE TRIGGER ALL`.execute(app.db)).rejects.toThrow(/must be owner/);
    await expect(sql`DROP TRIGGER audit_log_no_update_delete ON audit_log`.execute(app.db)).rejects.toThrow(/must be owner/);
    await expect(sql`DROP TABLE audit_log`.execute(app.db)).rejects.toThrow(/must be owner/);
    const triggers = await sql<{ tgname: string; tgenabled: string }>`
      SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = 'audit_log'::regclass AND NOT tgisinternal ORDER BY tgname`.execute(owner.db);
    expect(triggers.rows).toEqual([
      { tgname: "audit_log_no_truncate", tgenabled: "O" },
      { tgname: "audit_log_no_update_delete", tgenabled: "O" },
    ]);
  });

  it("reads and changes ordinary rows, but cannot write the migration history", async () => {
    const changed = await app.db.updateTable("specializations").set({ name: "Neurosurgeon" }).where("name", "=", "Neurosurgeon").executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(1);
    expect((await sql`SELECT name FROM kysely_migration`.execute(app.db)).rows.length).toBeGreaterThan(0);
    await expect(sql`DELETE FROM kysely_migration`.execute(app.db)).rejects.toThrow(/permission denied/);
  });

  it("gets ordinary grants on a table the owner creates later, and none once that table is append-only", async () => {
    await sql`CREATE TABLE access_log (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text)`.execute(owner.db);
    // Default privileges: usable at once, identity sequence included.
    await sql`INSERT INTO access_log (note) VALUES ('first')`.execute(app.db);
    // access_log is on the append-only list: the next grant run (every migration as owner does one) takes UPDATE and DELETE back.
    await grantAppRole(owner.db, { name: roleName, password });
    await sql`INSERT INTO access_log (note) VALUES ('second')`.execute(app.db);
    expect((await sql`SELECT note FROM access_log ORDER BY id`.execute(app.db)).rows).toEqual([{ note: "first" }, { note: "second" }]);
    await expect(sql`UPDATE access_log SET note = 'x'`.execute(app.db)).rejects.toThrow(/permission denied/);
    await expect(sql`DELETE FROM access_log`.execute(app.db)).rejects.toThrow(/permission denied/);
  });

  it("refuses to make the owner itself the app's role", async () => {
    const { rows } = await sql<{ me: string }>`SELECT current_user AS me`.execute(owner.db);
    await expect(grantAppRole(owner.db, { name: rows[0]!.me })).rejects.toThrow(/give DATABASE_URL its own user/);
  });
});
