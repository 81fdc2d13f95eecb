/** Whether a user has two-factor sign-in on: a leaf, so auth, settings and users can all ask without importing each other. */
import type { Db } from "../platform/deps";

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user_two_factor")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}
