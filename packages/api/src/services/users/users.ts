import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import { randomUUID } from "node:crypto";
import type { CurrentUser, UserDetail } from "@medlegal/domain";
import { staffUserSchema, mayBePrivacyOfficer } from "@medlegal/domain";
import type { Actor } from "../../actors";
import { parseInput } from "../../validation";
import { createAccount } from "./user-records";
import type { Db } from "../platform/deps";

/** Reads the current-user view of an active user (docs/product-rules.md#passwords-and-sessions), never the password hash. */
export async function findCurrentUser(db: Db, userId: string): Promise<CurrentUser | null> {
  const row = await db
    .selectFrom("users")
    .leftJoin("specializations", "specializations.id", "users.specialization_id")
    .select([
      "users.id",
      "users.username",
      "users.first_name",
      "users.last_name",
      "users.email",
      "users.role",
      "users.privacy_officer",
      "specializations.name as specialization",
    ])
    .where("users.id", "=", userId)
    .where("users.is_active", "=", true)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    specialization: row.specialization ?? null,
    ...(row.privacy_officer && mayBePrivacyOfficer(row.role) ? { privacyOfficer: true as const } : {}),
  };
}

/**
 * Creates an account of any role outside self-registration and outside a session (the first
 * administrator of a deployment, from the `user:create` command), audited like any other.
 */
export async function createStaffUser(
  db: Kysely<Database>,
  input: unknown,
  actor: Actor = { user: null, meta: { ip: null, userAgent: "cli", requestId: randomUUID(), appUrl: "" } },
): Promise<UserDetail> {
  const data = parseInput(staffUserSchema, input);
  return createAccount(db, data, { action: "user.create", actor: () => actor });
}
