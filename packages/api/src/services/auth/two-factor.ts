import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";
import type { Database } from "@medlegal/db";
import type { CurrentUser, LoginAnswer, Role, TwoFactorEnrolment, TwoFactorStatus ,
  twoFactorDisableSchema,
  twoFactorResetSchema,
  twoFactorVerifySchema} from "@medlegal/domain";
import {
  DEFAULT_SECURITY_SETTINGS,
  isStaff,
  isTotpCode,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_ISSUER,
  TOTP_PERIOD_SECONDS,
  TOTP_WINDOW_STEPS,
  TWO_FACTOR_MAX_ATTEMPTS,
  TWO_FACTOR_MESSAGES,
  TWO_FACTOR_PENDING_MS
} from "@medlegal/domain";
import type { z } from "zod";
import type { Actor, SessionControl } from "../../context";
import { AppError } from "../../errors";
import { appSecret } from "../platform/app-secrets";
import { recordAudit } from "../audit/audit";
import { verifyPassword } from "./passwords";
import type { RateLimits } from "./rate-limits";
import { claimLoginAttempt, clearLoginFailures, countInWindow, limitByIp, loginAccountKey } from "./rate-limits";
import { readSetting } from "../settings/settings";
import { findCurrentUser } from "../users/users";
import type { Db, Deps } from "../platform/deps";

// Two-factor sign-in (docs/decisions.md, "Common passwords and two-factor sign-in").

/* ---------- keys: TOTP_KEY, or one generated once and kept in app_secrets ---------- */

interface Keys {
  /** AES-256-GCM key for the TOTP secrets. */
  encryption: Buffer;
  /** HMAC-SHA256 key for the recovery codes' hashes. */
  hashing: Buffer;
}
const keysByDb = new WeakMap<object, Promise<Keys>>();

function keysOf(db: Kysely<Database>): Promise<Keys> {
  let keys = keysByDb.get(db);
  if (!keys) {
    keys = appSecret(db, { variable: "TOTP_KEY", name: "two_factor", bytes: 32 }).then((master) => ({
      encryption: Buffer.from(hkdfSync("sha256", master, "medlegal", "totp secret encryption", 32)),
      hashing: Buffer.from(hkdfSync("sha256", master, "medlegal", "recovery code hashing", 32)),
    }));
    keys.catch(() => keysByDb.delete(db));
    keysByDb.set(db, keys);
  }
  return keys;
}

function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The plain secret, or null when it cannot be read (TOTP_KEY changed since): no code then matches. */
function decryptSecret(key: Buffer, stored: string): string | null {
  try {
    const [, iv, tag, data] = stored.split(".").map((part) => Buffer.from(part, "base64url"));
    const decipher = createDecipheriv("aes-256-gcm", key, iv!);
    decipher.setAuthTag(tag!);
    return Buffer.concat([decipher.update(data!), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

const recoveryCodeHash = (keys: Keys, code: string) => createHmac("sha256", keys.hashing).update(code).digest("hex");

/* ---------- codes ---------- */

function totpOf(secret: string, label = ""): TOTP {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step `code` was made for, within the window around now; null when none. */
function stepOf(secret: string | null, code: string, now = Date.now()): number | null {
  if (!secret) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Recovery codes: 10 characters of an alphabet without look-alikes (0/o, 1/l/i), shown as two groups of 5. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const newRecoveryCode = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces the user's recovery codes with ten new ones; only their keyed hashes are stored. */
async function replaceRecoveryCodes(trx: Transaction<Database>, keys: Keys, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await trx.deleteFrom("two_factor_recovery_codes").where("user_id", "=", userId).execute();
  await trx
    .insertInto("two_factor_recovery_codes")
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryCodeHash(keys, code) })))
    .execute();
  return codes.map(formatRecoveryCode);
}

type CodeKind = "totp" | "recovery_code";

/**
 * Checks and spends a code of a user's active authenticator: a TOTP code for a step later than the
 * last one accepted (so a code works once, even under concurrent requests), or an unused recovery
 * code. Null when the code is not good.
 */
async function spendCode(trx: Transaction<Database>, keys: Keys, userId: string, code: string): Promise<CodeKind | null> {
  if (isTotpCode(code)) {
    const row = await trx
      .selectFrom("user_two_factor")
      .select("secret_encrypted")
      .where("user_id", "=", userId)
      .where("enabled_at", "is not", null)
      .executeTakeFirst();
    const step = row ? stepOf(decryptSecret(keys.encryption, row.secret_encrypted), code) : null;
    if (step === null) return null;
    const spent = await trx
      .updateTable("user_two_factor")
      .set({ last_used_step: step })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("last_used_step", "is", null), eb("last_used_step", "<", step)]))
      .executeTakeFirst();
    return spent.numUpdatedRows > 0n ? "totp" : null;
  }
  const spent = await trx
    .updateTable("two_factor_recovery_codes")
    .set({ used_at: new Date() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", recoveryCodeHash(keys, code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n ? "recovery_code" : null;
}

const recoveryCodesLeft = async (db: Db, userId: string) =>
  Number(
    (
      await db
        .selectFrom("two_factor_recovery_codes")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .executeTakeFirstOrThrow()
    ).n,
  );

/* ---------- who needs what ---------- */

export async function hasTwoFactor(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom("user_two_factor")
    .select("user_id")
    .where("user_id", "=", userId)
    .where("enabled_at", "is not", null)
    .executeTakeFirst();
  return Boolean(row);
}

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

/* ---------- enrolment ---------- */

/** A new secret, waiting to be confirmed with a code; it replaces an earlier unconfirmed one. */
export async function startTwoFactorEnrolment({ db, actor }: Deps): Promise<TwoFactorEnrolment> {
  const keys = await keysOf(db);
  const secret = new Secret({ size: 20 }).base32;
  const otpauthUrl = totpOf(secret, actor.user.username).toString();
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("user_two_factor").select("enabled_at").where("user_id", "=", actor.user.id).forUpdate().executeTakeFirst();
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
async function auditFailedCode(db: Kysely<Database>, actor: Actor, userId: string, purpose: string) {
  await db.transaction().execute(async (trx) => {
    if (purpose === "sign_in") {
      await trx.updateTable("users").set({ failed_login_count: sql`failed_login_count + 1` }).where("id", "=", userId).execute();
    }
    await recordAudit(trx, actor, { action: "two_factor.code_failed", entityType: "user", entityId: userId, after: { purpose } });
  });
}

/** Confirms the started authenticator with a current code; only then is it active. Answers the recovery codes, once. */
export async function confirmTwoFactorEnrolment({ db, actor }: Deps, { code }: z.output<typeof twoFactorVerifySchema>): Promise<{ recoveryCodes: string[] }> {
  const keys = await keysOf(db);
  const userId = actor.user.id;
  const recoveryCodes = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("user_two_factor").selectAll().where("user_id", "=", userId).forUpdate().executeTakeFirst();
    if (!row) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.notStarted);
    if (row.enabled_at) throw new AppError("CONFLICT", TWO_FACTOR_MESSAGES.alreadyOn);
    const step = isTotpCode(code) ? stepOf(decryptSecret(keys.encryption, row.secret_encrypted), code) : null;
    if (step === null) return null;
    await trx.updateTable("user_two_factor").set({ enabled_at: new Date(), last_used_step: step }).where("user_id", "=", userId).execute();
    const codes = await replaceRecoveryCodes(trx, keys, userId);
    await recordAudit(trx, actor, { action: "two_factor.enabled", entityType: "user", entityId: userId, after: { recoveryCodes: codes.length } });
    return codes;
  });
  if (!recoveryCodes) {
    await auditFailedCode(db, actor, userId, "enrolment");
    throw wrongCode();
  }
  return { recoveryCodes };
}

/** New recovery codes for old ones (all of them stop working), after a current code. */
export async function regenerateRecoveryCodes({ db, actor }: Deps, { code }: z.output<typeof twoFactorVerifySchema>): Promise<{ recoveryCodes: string[] }> {
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
export async function disableTwoFactor({ db, actor }: Deps, { currentPassword, code }: z.output<typeof twoFactorDisableSchema>): Promise<TwoFactorStatus> {
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

/* ---------- sign-in ---------- */

/** The password was right for an account with two-factor sign-in: the second step must follow. */
export interface SecondFactorNeeded {
  twoFactorRequired: true;
  userId: string;
  /** The username or e-mail as typed, so wrong codes count against that account's attempts. */
  account: string;
}

/**
 * Opens the session a correct password earned: the user's own (a new session id), or, when a
 * second factor is due, a new session that holds only the pending sign-in (no user yet).
 */
export async function openSession(session: SessionControl, outcome: CurrentUser | SecondFactorNeeded): Promise<LoginAnswer> {
  if ("twoFactorRequired" in outcome) {
    await session.awaitSecondFactor({ userId: outcome.userId, account: outcome.account });
    return { twoFactorRequired: true };
  }
  await session.login(outcome.id);
  return outcome;
}

/**
 * The second step of a sign-in: a TOTP or recovery code for the user whose password this session
 * checked in the last 5 minutes. Five wrong codes end the pending sign-in. Answers the user; the
 * caller then starts their session (a new id).
 */
export async function verifySecondFactor(
  { db, actor, session, limits }: { db: Kysely<Database>; actor: Actor; session: SessionControl; limits: RateLimits },
  { code }: z.output<typeof twoFactorVerifySchema>,
): Promise<CurrentUser> {
  // A code is a sign-in attempt: it counts against the address's limit, and wrong codes make the
  // account pause like wrong passwords (rate-limits.ts).
  await limitByIp({ db, actor, limits }, "login");
  const pending = session.pendingSecondFactor();
  if (!pending || Date.now() - pending.startedAt > TWO_FACTOR_PENDING_MS) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.signInAgain);
  }
  const user = await findCurrentUser(db, pending.userId);
  if (!user) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.signInAgain);
  }
  // The pending sign-in's codes are counted in the database, atomically, before one is checked:
  // the session's own count is read by concurrent requests all at once, so it cannot cap them.
  const { count: attempts } = await countInWindow(db, `second-factor:${pending.userId}:${pending.startedAt}`, TWO_FACTOR_PENDING_MS);
  if (attempts > TWO_FACTOR_MAX_ATTEMPTS) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.tooManyCodes);
  }
  const accountKey = loginAccountKey(user.id, pending.account);
  await claimLoginAttempt(db, accountKey, limits.loginBackoff);
  const keys = await keysOf(db);
  const signedIn = await db.transaction().execute(async (trx) => {
    const kind = await spendCode(trx, keys, user.id, code);
    if (!kind) return false;
    await clearLoginFailures(trx, accountKey);
    await trx.updateTable("users").set({ failed_login_count: 0, last_login_at: new Date() }).where("id", "=", user.id).execute();
    const userActor = { ...actor, user };
    if (kind === "recovery_code") {
      await recordAudit(trx, userActor, {
        action: "two_factor.recovery_code_used",
        entityType: "user",
        entityId: user.id,
        after: { recoveryCodesLeft: await recoveryCodesLeft(trx, user.id) },
      });
    }
    await recordAudit(trx, userActor, { action: "auth.login", entityType: "user", entityId: user.id, after: { secondFactor: kind } });
    return true;
  });
  if (signedIn) {
    session.setPendingSecondFactor(null);
    return user;
  }
  await auditFailedCode(db, actor, user.id, "sign_in");
  if (attempts >= TWO_FACTOR_MAX_ATTEMPTS) {
    session.setPendingSecondFactor(null);
    throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.tooManyCodes);
  }
  session.setPendingSecondFactor({ ...pending, attempts });
  throw new AppError("UNAUTHORIZED", TWO_FACTOR_MESSAGES.wrongCode);
}
