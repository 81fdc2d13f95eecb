import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

// A separate entry point (`@medlegal/domain/common-password`), never re-exported by the index:
// the dictionaries weigh about 450 kB, so the server imports this directly and the web loads it
// lazily, only on screens where a new password is chosen.
zxcvbnOptions.setOptions({ dictionary, graphs: adjacencyGraphs });

/** Digits, punctuation and spaces: what people add around a word to pass composition rules. */
const NO_LETTERS = /^[^\p{L}]*$/u;

/**
 * Whether a password is common (docs/decisions.md, "Common passwords"): zxcvbn guesses it in under
 * a million tries (score 0 or 1), or it is one entry of zxcvbn's password or word lists (in any
 * letter case, l33t spelling or reversed) with only digits and symbols around it ("Password@123",
 * "Welcome@2024"). A dictionary entry beside other letters ("Demo@Password1") is not refused.
 */
export function isCommonPassword(password: string): boolean {
  if (!password) return false;
  const result = zxcvbn(password);
  if (result.score < 2) return true;
  return result.sequence.some(
    (match) => match.pattern === "dictionary" && NO_LETTERS.test(password.slice(0, match.i) + password.slice(match.j + 1)),
  );
}
