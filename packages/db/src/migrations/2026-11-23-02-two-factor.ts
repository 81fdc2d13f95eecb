import type { Kysely } from "kysely";
import { sql } from "kysely";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // One TOTP authenticator per user: the secret encrypted (AES-256-GCM), active once confirmed
  // (enabled_at), and the last 30-second step a code was accepted for, so a code works once.
  await db.schema
    .createTable("user_two_factor")
    .addColumn("user_id", "uuid", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("secret_encrypted", "text", (c) => c.notNull())
    .addColumn("enabled_at", "timestamptz")
    .addColumn("last_used_step", "bigint")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Ten single-use recovery codes per user, kept only as keyed hashes (HMAC-SHA256).
  await db.schema
    .createTable("two_factor_recovery_codes")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "timestamptz")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`CREATE UNIQUE INDEX two_factor_recovery_codes_user_hash ON two_factor_recovery_codes (user_id, code_hash)`.execute(db);
}
