import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { appSecret } from "@medlegal/api";

/**
 * The session-signing secret: SESSION_SECRET when set, else one generated once and kept in the
 * database, so every instance on the same database signs cookies alike without configuration.
 */
export function sessionSecret(db: Kysely<Database>): Promise<string> {
  return appSecret(db, { variable: "SESSION_SECRET", name: "session", bytes: 48 });
}
