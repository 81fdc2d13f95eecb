/** Two-factor status and enrolment: who must set it up, setting it up, recovery codes, turning it off, an administrator's reset. */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { Secret } from "otpauth";
import QRCode from "qrcode";
import type { Database } from "@medlegal/db";
import type {
  Role,
  TwoFactorEnrolment,
  TwoFactorStatus,
  twoFactorDisableSchema,
  twoFactorResetSchema,
  twoFactorVerifySchema,
} from "@medlegal/domain";
import { DEFAULT_SECURITY_SETTINGS, isStaff, isTotpCode, TWO_FACTOR_MESSAGES } from "@medlegal/domain";
import type { z } from "zod";
import type { Actor } from "../../actors";
import { AppError } from "../../errors";
import { recordAudit } from "../audit/audit";
import { verifyPassword } from "../credentials/passwords";
import { readSetting } from "../settings/settings";
import type { Db, Deps } from "../platform/deps";
import {
  decryptSecret,
  encryptSecret,
  keysOf,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  spendCode,
  stepOf,
  totpOf,
} from "./two-factor-crypto";
import { hasTwoFactor } from "../credentials/two-factor-state";
import { now } from "../platform/clock";

const requiredFor = async (db: Db, role: Role) =>
  isStaff(role) && (await readSetting(db, "security", DEFAULT_SECURITY_SETTINGS)).requireTwoFactorForStaff;

/**
 * Whether a signed-in user is held at the set-up: a staff member without an active authenticator
 * while the agency requires one. Until they have one, only the set-up answers them.
 */
export async function mustSetUpTwoFactor(db: Db, user: { id: string; role: Role }): Promise<boolean> {
  return (await requiredFor(db, user.role)) && !(await hasTwoFactor(db, user.id));
}

export async function getTwoFactorStatus({ db, actor }: Deps): Promise<TwoFactorStatus> {
  const row = await db.selectFrom("user_two_factor").select("enabled_at").where("user_id", "=", actor.user.id).executeTakeFirst();
  return {
    enabled: Boolean(row?.enabled_at),
    pending: Boolean(row && !row.enabled_at),
    recoveryCodesLeft: row?.enabled_at ? await recoveryCodesLeft(db, actor.user.id) : 0,
    required: await requiredFor(db, actor.user.role),
  };
}

/** A new secret, waiting to be confirmed with a code; it replaces an earlier unconfirmed one. */
export async function startTwoFactorEnrolment({ db, actor }: Deps): Promise<TwoFactorEnrolment> {
  const keys = await keysOf(db);
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, actor.user.username).toString();
  await db.transaction().execute(async (trx) => {
    const existing = await trx
      .selectFrom("user_two_factor")
      .select("enabled_at")
      .where("user_id", "=", actor.user.id)
      .forUpdate()
      .executeTakeFirst();
    if (existing?.enabled_at) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyOn);
    const values = { secret_encrypted: encryptSecret(keys.encryption, secret), enabled_at: null, last_used_step: null };
    await trx
      .insertInto("user_two_factor")
      .values({ user_id: actor.user.id, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    await recordAudit(trx, actor, { action: "two_factor.enrolment_started", entityType: "user", entityId: actor.user.id });
  });
  const qrCode = await QRCode.toString(otpauthUrl, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, otpauthUrl, qrCode: `data:image/svg+xml;base64,${Buffer.from(qrCode).toString("base64")}` };
}

const wrongCode = () => new AppError("INVALID", TWO_FACTOR_MESSAGES.wrongCode, { code: TWO_FACTOR_MESSAGES.wrongCode });

/** Records a refused code in its own transaction (the refusal itself rolls nothing back). */
export async function auditFailedCode(db: Kysely<Database>, actor: Actor, userId: string, purpose: string) {
  await db.transaction().execute(async (trx) => {
    if (purpose === "sign_in") {
      await trx
        .updateTable("users")
        .set({ failed_login_count: sql`failed_login_count + 1` })
        .where("id", "=", userId)
        .execute();
    }
    await recordAudit(trx, actor, { action: "two_factor.code_failed", entityType: "user", entityId: userId, after: { purpose } });
  });
}

/** Confirms the started authenticator with a current code; only then is it active. Answers the recovery codes, once. */
export async function confirmTwoFactorEnrolment(
  { db, actor }: Deps,
  { code }: z.output<typeof twoFactorVerifySchema>,
): Promise<{ recoveryCodes: string[] }> {
  const keys = await keysOf(db);
  const userId = actor.user.id;
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("user_two_factor").selectAll().where("user_id", "=", userId).forUpdate().executeTakeFirst();
    if (!row) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.notStarted);
    if (row.enabled_at) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyOn);
    const step = isTotpCode(code) ? stepOf(decryptSecret(keys.encryption, row.secret_encrypted), code) : null;
    if (step === null) return null;
    await trx.updateTable("user_two_factor").set({ enabled_at: now(), last_used_step: step }).where("user_id", "=", userId).execute();
    const codes = await replaceRecoveryCodes(trx, keys, userId);
    await recordAudit(trx, actor, {
      action: "two_factor.enabled",
      entityType: "user",
      entityId: userId,
      after: { recoveryCodes: codes.length },
    });
    return codes;
  });
  if (!recoveryCodes) {
    await auditFailedCode(db, actor, userId, "enrolment");
    throw wrongCode();
  }
  return { recoveryCodes };
}

/** New recovery codes for old ones (all of them stop working), after a current code. */
export async function regenerateRecoveryCodes(
  { db, actor }: Deps,
  { code }: z.output<typeof twoFactorVerifySchema>,
): Promise<{ recoveryCodes: string[] }> {
  const keys = await keysOf(db);
  const userId = actor.user.id;
  if (!(await hasTwoFactor(db, userId))) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.notOn);
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const kind = await spendCode(trx, keys, userId, code);
    if (!kind) return null;
    const codes = await replaceRecoveryCodes(trx, keys, userId);
    await recordAudit(trx, actor, {
      action: "two_factor.recovery_codes_regenerated",
      entityType: "user",
      entityId: userId,
      after: { recoveryCodes: codes.length, confirmedWith: kind },
    });
    return codes;
  });
  if (!recoveryCodes) {
    await auditFailedCode(db, actor, userId, "regenerate_recovery_codes");
    throw wrongCode();
  }
  return { recoveryCodes };
}

/** Turns two-factor sign-in off with the current password and a code; refused while compulsory. */
export async function disableTwoFactor(
  { db, actor }: Deps,
  { currentPassword, code }: z.output<typeof twoFactorDisableSchema>,
): Promise<TwoFactorStatus> {
  const userId = actor.user.id;
  if (!(await hasTwoFactor(db, userId))) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.notOn);
  if (await requiredFor(db, actor.user.role)) throw new AppError("FORBIDDEN", TWO_FACTOR_MESSAGES.compulsory);
  const user = await db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirstOrThrow();
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    const message = "Your current password is not correct";
    throw new AppError("INVALID", message, { currentPassword: message });
  }
  const keys = await keysOf(db);
  const done = await db.transaction().execute(async (trx) => {
    const kind = await spendCode(trx, keys, userId, code);
    if (!kind) return false;
    await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
    await trx.deleteFrom("user_two_factor").where("user_id", "=", userId).execute();
    await recordAudit(trx, actor, { action: "two_factor.disabled", entityType: "user", entityId: userId, after: { confirmedWith: kind } });
    return true;
  });
  if (!done) {
    await auditFailedCode(db, actor, userId, "disable");
    throw wrongCode();
  }
  return getTwoFactorStatus({ db, actor });
}

/** An administrator removes a user's authenticator and recovery codes (a lost phone); the user's sessions end. */
export async function resetUserTwoFactor({ db, actor }: Deps, { id }: z.output<typeof twoFactorResetSchema>): Promise<{ message: string }> {
  if (id === actor.user.id) throw new AppError("FORBIDDEN", TWO_FACTOR_MESSAGES.selfReset);
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("users").select("id").where("id", "=", id).executeTakeFirst();
    if (!user) throw new AppError("NOT_FOUND", "That user does not exist.");
    const removed = await trx.deleteFrom("user_two_factor").where("user_id", "=", id).executeTakeFirst();
    await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", id).execute();
    const ended = await trx.deleteFrom("sessions").where("user_id", "=", id).executeTakeFirst();
    await recordAudit(trx, actor, {
      action: "two_factor.reset_by_admin",
      entityType: "user",
      entityId: id,
      after: { authenticatorRemoved: removed.numDeletedRows > 0n, sessionsEnded: Number(ended.numDeletedRows) },
    });
    return { message: TWO_FACTOR_MESSAGES.resetDone };
  });
}
