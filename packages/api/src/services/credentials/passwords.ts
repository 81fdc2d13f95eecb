import { hash, verify } from "@node-rs/argon2";
import { PASSWORD_TOO_COMMON } from "@medlegal/domain";
import { isCommonPassword } from "@medlegal/domain/common-password";
import { AppError } from "../../errors";

/** OWASP's argon2id setting: 19 MiB memory, 2 iterations, 1 lane (2 is Algorithm.Argon2id, a const enum). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/**
 * Hashes a password a person has just chosen (sign-up, an administrator's new account, a change or a
 * reset), refusing a common one (docs/decisions.md) with a 400 naming `field`. Composition rules are
 * the domain schema's, checked before this.
 */
export async function hashNewPassword(password: string, field = "password"): Promise<string> {
  if (isCommonPassword(password)) throw new AppError("INVALID", PASSWORD_TOO_COMMON, { [field]: PASSWORD_TOO_COMMON });
  return hashPassword(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** A hash to verify against when the username is unknown, so both paths take the same time. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword("not-a-real-password-but-long-enough");
  return dummyHash;
}
