import { randomBytes } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "@medlegal/db";

/**
 * A deployment secret: the environment variable `variable` when set (at least 32 characters), else
 * one generated once and kept in `app_secrets` under `name`, so every instance on the same database
 * agrees without configuration.
 */
export async function appSecret(
  db: Kysely<Database> | Transaction<Database>,
  { variable, name, bytes }: { variable: string; name: string; bytes: number },
): Promise<string> {
  const fromEnv = process.env[variable];
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error(`${variable} must be at least 32 characters long`);
    return fromEnv;
  }
  await db
    .insertInto("app_secrets")
    .values({ name, value: randomBytes(bytes).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", name).executeTakeFirstOrThrow();
  return row.value;
}
