import type { Kysely } from "kysely";
import type { Database } from "@medlegal/db";
import type { z } from "zod";
import type {
  changePasswordSchema,
  ExpertBillingDetails,
  expertBillingDetailsSchema,
  NotificationPreference,
  notificationPreferencesSchema,
  profileInputSchema,
  UserDetail,
} from "@medlegal/domain";
import {
  ACCOUNT_MESSAGES,
  defaultNotificationPreference,
  EMPTY_EXPERT_BILLING_DETAILS,
  emailChanged,
  NOTIFICATION_TYPES,
  profileSchemaFor,
} from "@medlegal/domain";
import { AppError } from "../../errors";
import { parseInput } from "../../validation";
import { changedFields, recordAudit } from "../audit/audit";
import { voidResetLinks } from "../credentials/reset-links";
import { hashNewPassword, verifyPassword } from "../credentials/passwords";
import { assertUsernameAndEmailFree, auditView, loadUserDetail, replaceContacts, roleColumns, uniqueViolation } from "./user-records";
import type { RoleFields } from "./user-records";
import type { Deps } from "../platform/deps";
import { now } from "../platform/clock";

export function getOwnAccount({ db, actor }: Deps): Promise<UserDetail> {
  return loadUserDetail(db, actor.user.id);
}

async function assertCurrentPassword(db: Kysely<Database>, userId: string, password: string | undefined, message: string) {
  if (!password) throw new AppError("INVALID", message, { currentPassword: message });
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(row.password_hash, password))) {
    throw new AppError("INVALID", ACCOUNT_MESSAGES.wrongCurrentPassword, { currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword });
  }
}

/**
 * A user edits their own profile; a new e-mail needs the current password. Username and role stay.
 * The door checked every field's form; which fields the caller's role requires is checked here.
 */
export async function updateOwnProfile({ db, actor }: Deps, input: z.output<typeof profileInputSchema>): Promise<UserDetail> {
  const role = actor.user.role;
  const data = parseInput(profileSchemaFor(role), input) as {
    firstName: string;
    lastName: string;
    email: string;
    currentPassword?: string;
  } & Omit<RoleFields, "role">;
  const before = await loadUserDetail(db, actor.user.id);
  if (emailChanged(before.email, data.email)) {
    await assertCurrentPassword(db, actor.user.id, data.currentPassword, ACCOUNT_MESSAGES.currentPasswordForEmail);
    await assertUsernameAndEmailFree(db, null, data.email, actor.user.id);
  }
  const fields: RoleFields = { ...data, role };
  const columns = await roleColumns(db, fields, role);
  try {
    return await db.transaction().execute(async (trx) => {
      await trx
        .updateTable("users")
        .set({ email: data.email, first_name: data.firstName, last_name: data.lastName, ...columns, updated_at: now() })
        .where("id", "=", actor.user.id)
        .execute();
      await replaceContacts(trx, actor.user.id, fields);
      const after = await loadUserDetail(trx, actor.user.id);
      await recordAudit(trx, actor, {
        action: "account.update_profile",
        entityType: "user",
        entityId: actor.user.id,
        ...changedFields(auditView(before), auditView(after)),
      });
      return after;
    });
  } catch (error) {
    throw uniqueViolation(error) ?? error;
  }
}

/** Changes the caller's password, voids their outstanding reset links and ends every other session; this one stays. */
export async function changeOwnPassword(
  { db, actor, currentSessionId }: Deps & { currentSessionId: string | null },
  { currentPassword, newPassword }: z.output<typeof changePasswordSchema>,
): Promise<{ message: string }> {
  await assertCurrentPassword(db, actor.user.id, currentPassword, ACCOUNT_MESSAGES.wrongCurrentPassword);
  const passwordHash = await hashNewPassword(newPassword, "newPassword");
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash, updated_at: now() }).where("id", "=", actor.user.id).execute();
    let others = trx.deleteFrom("sessions").where("user_id", "=", actor.user.id);
    if (currentSessionId) others = others.where("sid", "<>", currentSessionId);
    const ended = await others.executeTakeFirst();
    await voidResetLinks(trx, actor.user.id);
    await recordAudit(trx, actor, {
      action: "account.change_password",
      entityType: "user",
      entityId: actor.user.id,
      after: { passwordChanged: true, otherSessionsEnded: Number(ended.numDeletedRows) },
    });
  });
  return { message: ACCOUNT_MESSAGES.passwordChanged };
}

export async function notificationPreferencesOf(db: Kysely<Database>, userId: string): Promise<NotificationPreference[]> {
  const saved = await db.selectFrom("notification_preferences").select(["type", "bell", "email"]).where("user_id", "=", userId).execute();
  return NOTIFICATION_TYPES.map((type) => saved.find((s) => s.type === type) ?? defaultNotificationPreference(type));
}

export function getOwnNotificationPreferences({ db, actor }: Deps): Promise<NotificationPreference[]> {
  return notificationPreferencesOf(db, actor.user.id);
}

export async function setOwnNotificationPreferences(
  { db, actor }: Deps,
  { preferences }: z.output<typeof notificationPreferencesSchema>,
): Promise<NotificationPreference[]> {
  const before = await notificationPreferencesOf(db, actor.user.id);
  await db.transaction().execute(async (trx) => {
    for (const preference of preferences) {
      await trx
        .insertInto("notification_preferences")
        .values({ user_id: actor.user.id, ...preference })
        .onConflict((oc) => oc.columns(["user_id", "type"]).doUpdateSet({ bell: preference.bell, email: preference.email }))
        .execute();
    }
    const after = await notificationPreferencesOf(trx, actor.user.id);
    const asMap = (list: NotificationPreference[]) => Object.fromEntries(list.map((p) => [p.type, { bell: p.bell, email: p.email }]));
    await recordAudit(trx, actor, {
      action: "account.notification_preferences",
      entityType: "user",
      entityId: actor.user.id,
      ...changedFields(asMap(before), asMap(after)),
    });
  });
  return notificationPreferencesOf(db, actor.user.id);
}

/** An expert's billing details: their VAT number and bank account as their invoices print them (issue 23). */
export async function getOwnBillingDetails({ db, actor }: Deps): Promise<ExpertBillingDetails> {
  const row = await db.selectFrom("users").select(["vat_number", "bank_account"]).where("id", "=", actor.user.id).executeTakeFirstOrThrow();
  return { ...EMPTY_EXPERT_BILLING_DETAILS, ...row.bank_account, vatNumber: row.vat_number ?? "" };
}

/** Saves an expert's billing details, audited; issued invoices keep what was frozen on them. */
export async function updateOwnBillingDetails(
  deps: Deps,
  input: z.output<typeof expertBillingDetailsSchema>,
): Promise<ExpertBillingDetails> {
  const before = await getOwnBillingDetails(deps);
  const { vatNumber, ...bank } = input;
  await deps.db.transaction().execute(async (trx) => {
    const empty = Object.values(bank).every((v) => v === "");
    await trx
      .updateTable("users")
      .set({ vat_number: vatNumber || null, bank_account: empty ? null : JSON.stringify(bank), updated_at: now() })
      .where("id", "=", deps.actor.user.id)
      .execute();
    await recordAudit(trx, deps.actor, {
      action: "account.update_billing",
      entityType: "user",
      entityId: deps.actor.user.id,
      ...changedFields(before, input),
    });
  });
  return getOwnBillingDetails(deps);
}
