import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import { randomUUID } from "node:crypto";
import type { CurrentUser } from "@medlegal/domain";
import { staffUserSchema } from "@medlegal/domain";
import type { Actor } from "../context";
import { AppError } from "../errors";
import { parseInput } from "../validation";
import { recordAudit } from "./audit";
import { hashPassword } from "./passwords";

type Db = Kysely<Database> | Transaction<Database>;

const UNIQUE_VIOLATION = "23505";

export const usernameTaken = () =>
  new AppError("CONFLICT", "That username is already taken", { username: "That username is already taken" });
export const emailTaken = () =>
  new AppError("CONFLICT", "An account with that email already exists", { email: "An account with that email already exists" });

/** Maps a unique-index violation on users to the 409 that names the field; null for anything else. */
export function uniqueViolation(error: unknown): AppError | null {
  const e = error as { code?: string; constraint?: string; message?: string };
  if (e?.code !== UNIQUE_VIOLATION) return null;
  const which = `${e.constraint ?? ""} ${e.message ?? ""}`;
  if (which.includes("users_email_ci")) return emailTaken();
  if (which.includes("users_username_ci")) return usernameTaken();
  return null;
}

/** 409 naming the field when the username or e-mail is taken in any letter case. */
export async function assertUsernameAndEmailFree(db: Db, username: string | null, email: string, exceptUserId?: string) {
  let query = db
    .selectFrom("users")
    .select([sql<boolean>`lower(username) = ${(username ?? "").toLowerCase()}`.as("sameUsername")])
    .where((eb) =>
      eb.or([
        eb(sql`lower(username)`, "=", (username ?? "").toLowerCase()),
        eb(sql`lower(email)`, "=", email.toLowerCase()),
      ]),
    );
  if (exceptUserId) query = query.where("id", "<>", exceptUserId);
  const taken = await query.execute();
  if (taken.some((t) => t.sameUsername)) throw usernameTaken();
  if (taken.length > 0) throw emailTaken();
}

/** Reads the current-user view of an active user (SPEC.md section 3), never the password hash. */
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
  };
}

/**
 * Creates an account of any role outside self-registration (the first administrator of a
 * deployment, staff accounts), audited in the same transaction.
 */
export async function createStaffUser(
  db: Kysely<Database>,
  input: unknown,
  actor: Actor = { user: null, meta: { ip: null, userAgent: "cli", requestId: randomUUID(), appUrl: "" } },
): Promise<CurrentUser> {
  const data = parseInput(staffUserSchema, input);
  const passwordHash = await hashPassword(data.password);
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("users")
        .values({
          username: data.username,
          email: data.email,
          password_hash: passwordHash,
          first_name: data.firstName,
          last_name: data.lastName,
          role: data.role,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const user = (await findCurrentUser(trx, row.id))!;
      await recordAudit(trx, actor, {
        action: "user.create",
        entityType: "user",
        entityId: user.id,
        after: { username: user.username, email: user.email, role: user.role },
      });
      return user;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}
