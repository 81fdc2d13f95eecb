import { Signer } from "@fastify/cookie";
import type { UnsignResult } from "@fastify/cookie";

/** About one entry per signed-in tab; the oldest unused goes first. */
const MAX_REMEMBERED = 10_000;

/**
 * The session cookie's signer, remembering what it has signed and verified. Both are pure
 * functions of the secret and the value, so a remembered answer is the one HMAC would give; only
 * valid cookies are remembered, so a forged one always meets HMAC and cannot push out real ones.
 * Most requests carry a cookie this process verified before (docs/decisions.md, "Performance").
 */
export function rememberingSigner(secret: string): Pick<Signer, "sign" | "unsign"> {
  // The length @fastify/session demands of a secret it is given as a string.
  if (secret.length < 32) throw new Error("The session secret must have 32 characters or more.");
  const signer = new Signer(secret, "sha256");
  const verified = new Map<string, UnsignResult>();
  const signed = new Map<string, string>();
  const remember = <T>(map: Map<string, T>, key: string, value: T) => {
    map.delete(key);
    map.set(key, value);
    if (map.size > MAX_REMEMBERED) map.delete(map.keys().next().value!);
    return value;
  };
  return {
    sign(value: string) {
      const known = signed.get(value);
      return remember(signed, value, known ?? signer.sign(value));
    },
    unsign(input: string) {
      const known = verified.get(input);
      if (known) return remember(verified, input, known);
      const result = signer.unsign(input);
      return result.valid ? remember(verified, input, Object.freeze(result)) : result;
    },
  };
}
