import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { DatabaseHandle } from "../src";
import { APPEND_ONLY_TABLES, createDatabase, grantAppRole } from "../src";
import { createTestDatabase, dropTestRole, pgError, testDialects } from "../src/testing";

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

  /** A text column of each append-only table, for the refused UPDATE. */
  const TEXT_COLUMN: Record<(typeof APPEND_ONLY_TABLES)[number], string> = {
    audit_log: "action",
    access_log: "action",
    report_versions: "change_note",
    credit_notes: "reason",
    credit_note_lines: "description",
  };

  // Every append-only table (audit_log, access_log, report_versions, credit notes and their lines): rows may be added and read, never changed.
  describe.each(APPEND_ONLY_TABLES)("%s", (table) => {
    it("can be added to and read", async () => {
      const { rows: grants } = await sql<{ insert: boolean; select: boolean }>`
        SELECT has_table_privilege(current_user, ${table}, 'INSERT') AS insert, has_table_privilege(current_user, ${table}, 'SELECT') AS select`.execute(
        app.db,
      );
      expect(grants).toEqual([{ insert: true, select: true }]);
      // A version needs a report and a file, a credit note an issued invoice: the grant above is all this role adds.
      if (table !== "audit_log" && table !== "access_log") return;
      await sql`INSERT INTO ${sql.table(table)} (action, entity_type, entity_id) VALUES ('view', 'test', ${roleName})`.execute(app.db);
      const { rows } = await sql`SELECT action FROM ${sql.table(table)} WHERE entity_id = ${roleName}`.execute(app.db);
      expect(rows).toEqual([{ action: "view" }]);
    });

    it("cannot be updated, deleted or truncated", async () => {
      // Refused by the missing grant, before the append-only trigger would be reached.
      const denied = pgError("insufficient_privilege", { message: `permission denied for table ${table}` });
      await expect(sql`UPDATE ${sql.table(table)} SET ${sql.ref(TEXT_COLUMN[table])} = 'tampered'`.execute(app.db)).rejects.toMatchObject(
        denied,
      );
      await expect(sql`DELETE FROM ${sql.table(table)}`.execute(app.db)).rejects.toMatchObject(denied);
      await expect(sql`TRUNCATE ${sql.table(table)}`.execute(app.db)).rejects.toMatchObject(denied);
    });

    it("keeps its append-only triggers: the app can neither disable nor drop them, nor drop the table", async () => {
      const trigger = sql.id(`${table}_no_update_delete`);
      const notOwner = pgError("insufficient_privilege", { message: `must be owner of table ${table}` });
      await expect(sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ${trigger}`.execute(app.db)).rejects.toMatchObject(notOwner);
      await expect(sql`ALTER TABLE ${sql.table(table)} DISABLE TRIGGER ALL`.execute(app.db)).rejects.toMatchObject(notOwner);
      await expect(sql`DROP TRIGGER ${trigger} ON ${sql.table(table)}`.execute(app.db)).rejects.toMatchObject({
        ...notOwner,
        message: `must be owner of relation ${table}`,
      });
      await expect(sql`DROP TABLE ${sql.table(table)}`.execute(app.db)).rejects.toMatchObject(notOwner);
      const triggers = await sql<{ tgname: string; tgenabled: string }>`
        SELECT tgname, tgenabled FROM pg_trigger WHERE tgrelid = ${table}::regclass AND NOT tgisinternal ORDER BY tgname`.execute(owner.db);
      expect(triggers.rows).toEqual([
        { tgname: `${table}_no_truncate`, tgenabled: "O" },
        { tgname: `${table}_no_update_delete`, tgenabled: "O" },
      ]);
    });
  });

  it("reads and changes ordinary rows, but cannot write the migration history", async () => {
    const changed = await app.db
      .updateTable("specializations")
      .set({ name: "Neurosurgeon" })
      .where("name", "=", "Neurosurgeon")
      .executeTakeFirst();
    expect(Number(changed.numUpdatedRows)).toBe(1);
    expect((await sql`SELECT name FROM kysely_migration`.execute(app.db)).rows.length).toBeGreaterThan(0);
    await expect(sql`DELETE FROM kysely_migration`.execute(app.db)).rejects.toMatchObject(
      pgError("insufficient_privilege", { message: "permission denied for table kysely_migration" }),
    );
  });

  it("gets ordinary grants on a table the owner creates later, without a new grant run", async () => {
    await sql`CREATE TABLE later_notes (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note text)`.execute(owner.db);
    // Default privileges, the identity's sequence included.
    await sql`INSERT INTO later_notes (note) VALUES ('first')`.execute(app.db);
    await sql`UPDATE later_notes SET note = 'changed'`.execute(app.db);
    expect((await sql`SELECT note FROM later_notes`.execute(app.db)).rows).toEqual([{ note: "changed" }]);
  });

  it("refuses to make the owner itself the app's role", async () => {
    const { rows } = await sql<{ me: string }>`SELECT current_user AS me`.execute(owner.db);
    await expect(grantAppRole(owner.db, { name: rows[0]!.me })).rejects.toThrow(/give DATABASE_URL its own user/);
  });
});
