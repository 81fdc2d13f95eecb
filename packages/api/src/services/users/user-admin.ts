import type { Transaction } from "kysely";
import { sql } from "kysely";
import type { Database } from "@medlegal/db";
import type {
  adminUserCreateSchema,
  adminUserUpdateSchema,
  idInputSchema,
  setUserActiveSchema,
  UserDetail,
  userListInputSchema,
  UserSummary,
} from "@medlegal/domain";
import { ADMIN_MESSAGES, isAdministrator } from "@medlegal/domain";
import type { z } from "zod";
import { AppError } from "../../errors";
import { changedFields, recordAudit } from "../audit/audit";
import { decodeCursor, encodeCursor } from "../platform/keyset";
import { issuePasswordReset } from "../credentials/reset-links";
import type { Mailer } from "../notifications/mailer";
import {
  assertUsernameAndEmailFree,
  auditView,
  createAccount,
  loadUserDetail,
  replaceContacts,
  roleColumns,
  toUserSummary,
  uniqueViolation,
  userSummaryQuery,
} from "./user-records";
import type { Deps } from "../platform/deps";
import { fullName, likePattern } from "../platform/sql";
import { now } from "../platform/clock";

export async function listUsers(
  { db }: Deps,
  { search, role, active, specializationId, cursor, limit }: z.output<typeof userListInputSchema>,
): Promise<{ items: UserSummary[]; nextCursor: string | null }> {
  let query = userSummaryQuery(db)
    .orderBy(sql`lower(users.last_name)`)
    .orderBy(sql`lower(users.first_name)`)
    .orderBy("users.id")
    .limit(limit + 1);
  if (search) {
    const pattern = likePattern(search.toLowerCase());
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(${fullName("users")})`, "like", pattern),
        eb(sql`lower(users.username)`, "like", pattern),
        eb(sql`lower(users.email)`, "like", pattern),
        eb(sql`lower(coalesce(users.firm_name, ''))`, "like", pattern),
      ]),
    );
  }
  if (role) query = query.where("users.role", "=", role);
  if (active !== undefined) query = query.where("users.is_active", "=", active);
  if (specializationId) query = query.where("users.specialization_id", "=", specializationId);
  if (cursor) {
    const [last, first, id] = decodeCursor(cursor, ["text", "text", "id"]);
    query = query.where(sql<boolean>`(lower(users.last_name), lower(users.first_name), users.id) > (${last}, ${first}, ${id})`);
  }
  const rows = await query.execute();
  const items = rows.slice(0, limit).map(toUserSummary);
  const last = items[items.length - 1];
  return {
    items,
    nextCursor: rows.length > limit && last ? encodeCursor([last.lastName.toLowerCase(), last.firstName.toLowerCase(), last.id]) : null,
  };
}

export async function getUser({ db }: Deps, { id }: z.output<typeof idInputSchema>): Promise<UserDetail> {
  return loadUserDetail(db, id);
}

export async function createUser({ db, actor }: Deps, data: z.output<typeof adminUserCreateSchema>): Promise<UserDetail> {
  return createAccount(db, data, { action: "user.create", actor: () => actor });
}

/**
 * Locks the active administrators and refuses a change that would leave none. Row locks make two
 * administrators demoting each other at once wait for one another instead of both succeeding.
 */
async function assertAnotherAdministratorRemains(trx: Transaction<Database>, userId: string) {
  const admins = await trx
    .selectFrom("users")
    .select("id")
    .where("role", "=", "administrator")
    .where("is_active", "=", true)
    .forUpdate()
    .execute();
  if (admins.every((a) => a.id === userId)) throw new AppError("CONFLICT", ADMIN_MESSAGES.lastAdministrator);
}

export async function updateUser({ db, actor }: Deps, data: z.output<typeof adminUserUpdateSchema>): Promise<UserDetail> {
  const before = await loadUserDetail(db, data.id);
  if (data.id === actor.user.id && data.role !== before.role) throw new AppError("FORBIDDEN", ADMIN_MESSAGES.selfDemote);
  const columns = await roleColumns(db, data, before.role);
  await assertUsernameAndEmailFree(db, null, data.email, data.id);
  try {
    return await db.transaction().execute(async (trx) => {
      if (isAdministrator(before) && !isAdministrator(data.role) && before.isActive) {
        await assertAnotherAdministratorRemains(trx, data.id);
      }
      await trx
        .updateTable("users")
        .set({ email: data.email, first_name: data.firstName, last_name: data.lastName, role: data.role, ...columns, updated_at: now() })
        .where("id", "=", data.id)
        .execute();
      await replaceContacts(trx, data.id, data);
      const after = await loadUserDetail(trx, data.id);
      const diff = changedFields(auditView(before), auditView(after));
      await recordAudit(trx, actor, {
        action: before.role !== after.role ? "user.role_change" : "user.update",
        entityType: "user",
        entityId: data.id,
        ...diff,
      });
      return after;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** Deactivation ends the user's sessions at once; they then fail sign-in like anyone else. */
export async function setUserActive({ db, actor }: Deps, { id, active }: z.output<typeof setUserActiveSchema>): Promise<UserDetail> {
  if (id === actor.user.id && !active) throw new AppError("FORBIDDEN", ADMIN_MESSAGES.selfDeactivate);
  return db.transaction().execute(async (trx) => {
    const before = await loadUserDetail(trx, id);
    if (before.isActive === active) return before;
    if (!active && isAdministrator(before)) await assertAnotherAdministratorRemains(trx, id);
    await trx.updateTable("users").set({ is_active: active, updated_at: now() }).where("id", "=", id).execute();
    if (!active) await trx.deleteFrom("sessions").where("user_id", "=", id).execute();
    await recordAudit(trx, actor, {
      action: active ? "user.reactivate" : "user.deactivate",
      entityType: "user",
      entityId: id,
      before: { isActive: before.isActive },
      after: { isActive: active },
    });
    return loadUserDetail(trx, id);
  });
}

export async function sendUserPasswordReset(
  { db, actor, mailer }: Deps & { mailer: Mailer },
  { id }: z.output<typeof idInputSchema>,
): Promise<{ message: string }> {
  const user = await db.selectFrom("users").select(["id", "email", "first_name", "is_active"]).where("id", "=", id).executeTakeFirst();
  if (!user) throw new AppError("NOT_FOUND", ADMIN_MESSAGES.userNotFound);
  if (!user.is_active) throw new AppError("CONFLICT", "Reactivate this user before sending a reset link.");
  await issuePasswordReset({ db, actor, mailer }, user);
  return { message: `A password reset link has been sent to ${user.email}.` };
}
