import { hash, verify } from "@node-rs/argon2";

/** OWASP's argon2id setting: 19 MiB memory, 2 iterations, 1 lane (2 is Algorithm.Argon2id, a const enum). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
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
