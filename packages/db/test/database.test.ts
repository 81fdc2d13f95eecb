import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { SPECIALIZATIONS } from "@medlegal/domain";
import { migrateToLatest } from "../src";
import { createTestDatabase, pgError, testDialects } from "../src/testing";

describe.each(testDialects())("the database on %s", (kind) => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
  });
  afterAll(() => handle.close());

  it("migrates from empty, and a second run has nothing left to do", async () => {
    const tables = await sql<{ table_name: string }>`
      SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`.execute(handle.db);
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining([
        "audit_log",
        "message_threads",
        "messages",
        "notifications",
        "password_reset_tokens",
        "sessions",
        "specializations",
        "user_contacts",
        "users",
      ]),
    );
    expect(await migrateToLatest(handle.db)).toEqual([]);
  });

  it("seeds the 17 specializations, unique regardless of case", async () => {
    const rows = await handle.db.selectFrom("specializations").select("name").orderBy("name").execute();
    expect(rows.map((r) => r.name).sort()).toEqual([...SPECIALIZATIONS].sort());
    await expect(handle.db.insertInto("specializations").values({ name: "neurosurgeon" }).execute()).rejects.toMatchObject(
      pgError("unique_violation", { constraint: "specializations_name_ci" }),
    );
  });

  it("answers count(*) as a number and dates as YYYY-MM-DD on every dialect", async () => {
    const row = await handle.db
      .selectFrom("specializations")
      .select((eb) => [eb.fn.countAll().as("n"), sql<string>`DATE '2026-11-21'`.as("d"), sql<number>`9007199254740::int8`.as("big")])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ n: 17, d: "2026-11-21", big: 9007199254740 });
  });

  it("keeps the audit trail append-only: UPDATE, DELETE and TRUNCATE are refused", async () => {
    await handle.db.insertInto("audit_log").values({ action: "test.write", entity_type: "test" }).execute();
    // The trigger's own refusal, not some other failure.
    const appendOnly = pgError("raise_exception", { message: "audit_log is append-only" });
    await expect(sql`UPDATE audit_log SET action = 'tampered'`.execute(handle.db)).rejects.toMatchObject(appendOnly);
    await expect(sql`DELETE FROM audit_log`.execute(handle.db)).rejects.toMatchObject(appendOnly);
    await expect(sql`TRUNCATE audit_log`.execute(handle.db)).rejects.toMatchObject(appendOnly);
    const rows = await handle.db.selectFrom("audit_log").select("action").where("entity_type", "=", "test").execute();
    expect(rows).toEqual([{ action: "test.write" }]);
  });

  it("refuses a second user with the same username or email in another letter case", async () => {
    const base = { password_hash: "x", first_name: "A", last_name: "B", role: "attorney" as const };
    await handle.db.insertInto("users").values({ ...base, username: "Dup", email: "dup@x.example" }).execute();
    await expect(handle.db.insertInto("users").values({ ...base, username: "dup", email: "other@x.example" }).execute()).rejects.toMatchObject(
      pgError("unique_violation", { constraint: "users_username_ci" }),
    );
    await expect(handle.db.insertInto("users").values({ ...base, username: "other", email: "DUP@x.example" }).execute()).rejects.toMatchObject(
      pgError("unique_violation", { constraint: "users_email_ci" }),
    );
  });
});
