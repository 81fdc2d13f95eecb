import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, randomInt } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { Secret, TOTP } from "otpauth";
import type { Database } from "@medlegal/db";
import { isTotpCode, RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_SECONDS, TOTP_WINDOW_STEPS } from "@medlegal/domain";
import { appSecret } from "../platform/app-secrets";
import type { Db } from "../platform/deps";
import { now } from "../platform/clock";

// Two-factor sign-in's keys and codes (docs/decisions.md, "Common passwords and two-factor sign-in"):
// the keys come from TOTP_KEY, or one generated once and kept in app_secrets.

interface Keys {
  /** AES-256-GCM key for the TOTP secrets. */
  encryption: Buffer;
  /** HMAC-SHA256 key for the recovery codes' hashes. */
  hashing: Buffer;
}
const keysByDb = new WeakMap<object, Promise<Keys>>();

export function keysOf(db: Kysely<Database>): Promise<Keys> {
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

export function encryptSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** The plain secret, or null when it cannot be read (TOTP_KEY changed since): no code then matches. */
export function decryptSecret(key: Buffer, stored: string): string | null {
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

export function totpOf(secret: string, label = ""): TOTP {
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
export function stepOf(secret: string | null, code: string, now = Date.now()): number | null {
  if (!secret) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? null : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** Recovery codes: 10 characters of an alphabet without look-alikes (0/o, 1/l/i), shown as two groups of 5. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const newRecoveryCode = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
const formatRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/** Replaces the user's recovery codes with ten new ones; only their keyed hashes are stored. */
export async function replaceRecoveryCodes(trx: Transaction<Database>, keys: Keys, userId: string): Promise<string[]> {
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
export async function spendCode(trx: Transaction<Database>, keys: Keys, userId: string, code: string): Promise<CodeKind | null> {
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
    .set({ used_at: now() })
    .where("user_id", "=", userId)
    .where("code_hash", "=", recoveryCodeHash(keys, code))
    .where("used_at", "is", null)
    .executeTakeFirst();
  return spent.numUpdatedRows > 0n ? "recovery_code" : null;
}

export const recoveryCodesLeft = async (db: Db, userId: string) =>
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
