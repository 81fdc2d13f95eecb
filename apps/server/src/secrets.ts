import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";

/**
 * The session-signing secret: SESSION_SECRET when set, else one generated once and kept in the
 * database, so every instance on the same database signs cookies alike without configuration.
 */
export async function sessionSecret(db: Kysely<Database>): Promise<string> {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv) {
    if (fromEnv.length < 32) throw new Error("SESSION_SECRET must be at least 32 characters long");
    return fromEnv;
  }
  await db
    .insertInto("app_secrets")
    .values({ name: "session", value: randomBytes(48).toString("base64url") })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
  const row = await db.selectFrom("app_secrets").select("value").where("name", "=", "session").executeTakeFirstOrThrow();
  return row.value;
}
