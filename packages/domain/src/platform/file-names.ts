import { LONE_SURROGATES } from "./input-primitives";

/**
 * Characters that reorder or hide text: bidirectional controls ("report\u202Efdp.exe" reads as
 * "reportexe.pdf"), zero-width and line separators, the byte-order mark.
 */
const INVISIBLE = /[\u200B-\u200F\u2028-\u202E\u2060-\u2069\uFEFF]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/g;
/** Quotes end a header's quoted string; the rest are refused by common file systems. */
const RESERVED = /["'<>|:*?]/g;

/**
 * A file name safe to store, show and offer for download: its last path segment, without
 * invisible or control characters, quotes or reserved characters, at most 200 characters.
 */
export function safeFileName(name: string, fallback = "download"): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(INVISIBLE, "")
    .replace(/\s/g, " ")
    .replace(CONTROL, "")
    .replace(RESERVED, "")
    .replace(/ {2,}/g, " ")
    .trim()
    .replace(/^\.+/, "")
    .slice(0, 200)
    // Broken Unicode (also half of a pair the cut above split) cannot be stored.
    .replace(LONE_SURROGATES, "")
    .trim();
  return clean || fallback;
}
