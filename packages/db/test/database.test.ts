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

  it("keeps binary data byte for byte, a few megabytes of it too, in one statement each way", async () => {
    const big = new Uint8Array(3 * 1024 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = (i * 7919) % 256;
    for (const bytes of [new Uint8Array([0, 1, 127, 128, 255]), new Uint8Array(0), big]) {
      const row = await sql<{ data: Uint8Array }>`SELECT ${bytes}::bytea AS data`.execute(handle.db);
      const data = row.rows[0]!.data;
      expect(data).toBeInstanceOf(Uint8Array);
      expect(data.byteLength).toBe(bytes.byteLength);
      expect(Buffer.compare(Buffer.from(data), Buffer.from(bytes))).toBe(0);
    }
    // A slice of a larger buffer is stored as the slice, not as the buffer behind it.
    const slice = new Uint8Array([9, 8, 7, 6, 5]).subarray(1, 3);
    const stored = await sql<{
      data: Uint8Array;
      length: number;
    }>`SELECT ${slice}::bytea AS data, length(${slice}::bytea) AS length`.execute(handle.db);
    expect([...stored.rows[0]!.data]).toEqual([8, 7]);
    expect(Number(stored.rows[0]!.length)).toBe(2);
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
    await handle.db
      .insertInto("users")
      .values({ ...base, username: "Dup", email: "dup@x.example" })
      .execute();
    await expect(
      handle.db
        .insertInto("users")
        .values({ ...base, username: "dup", email: "other@x.example" })
        .execute(),
    ).rejects.toMatchObject(pgError("unique_violation", { constraint: "users_username_ci" }));
    await expect(
      handle.db
        .insertInto("users")
        .values({ ...base, username: "other", email: "DUP@x.example" })
        .execute(),
    ).rejects.toMatchObject(pgError("unique_violation", { constraint: "users_email_ci" }));
  });
});
