import { Signer } from "@fastify/cookie";
import type { UnsignResult } from "@fastify/cookie";
import { LruMap } from "./lru-map";

/** About one entry per signed-in tab; the oldest unused goes first. */
const MAX_REMEMBERED = 10_000;

/**
 * The session cookie's signer, remembering the cookies it has verified. A signature is a pure
 * function of the secret and the value, so a remembered answer is the one HMAC would give. Only
 * cookies that passed are remembered: a forged one always meets HMAC, and requests without a valid
 * cookie (each gets a new id signed) cannot push real ones out. Signing an id whose cookie was
 * verified gives that cookie back. Most requests carry a cookie this process verified before
 * (docs/decisions.md, "Performance").
 */
export function rememberingSigner(secret: string): Pick<Signer, "sign" | "unsign"> {
  // The length @fastify/session demands of a secret it is given as a string.
  if (secret.length < 32) throw new Error("The session secret must have 32 characters or more.");
  const signer = new Signer(secret, "sha256");
  /** Verified cookies, and the cookie of each verified id. */
  const verified = new LruMap<string, UnsignResult>({ maxEntries: MAX_REMEMBERED });
  const cookieOf = new LruMap<string, string>({ maxEntries: MAX_REMEMBERED });
  return {
    sign(value: string) {
      return cookieOf.get(value) ?? signer.sign(value);
    },
    unsign(input: string) {
      const known = verified.get(input);
      if (known) return known;
      const result = signer.unsign(input);
      if (result.valid) {
        verified.set(input, Object.freeze(result));
        cookieOf.set(result.value, input);
      }
      return result;
    },
  };
}
