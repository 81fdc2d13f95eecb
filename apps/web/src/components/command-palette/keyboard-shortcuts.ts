import type { Role } from "@medlegal/domain";
import { goToHref, GO_TO_KEYS } from "./palette-entries";

/**
 * The app's keyboard shortcuts (issue 30): what a key press asks for, decided apart from the DOM so
 * it can be tested. Letters and `/` never fire while the user types in a field or works in another
 * dialog; Ctrl+K (⌘K on a Mac) is a chord, so it opens the palette from a field too.
 */
export type ShortcutAction = { kind: "palette" } | { kind: "help" } | { kind: "go"; href: string } | { kind: "new" } | { kind: "await-go" };

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** The user is typing in a field (input, textarea, select, contenteditable). */
  inField: boolean;
  /** Another dialog (a form, a confirmation) is open. */
  inDialog: boolean;
}

/** How long `g` waits for its letter. */
export const GO_TO_WAIT_MS = 1500;

export function isMac(platform: string = typeof navigator === "undefined" ? "" : navigator.platform || navigator.userAgent): boolean {
  return /mac|iphone|ipad/i.test(platform);
}

/** The palette's chord as the keyboard shows it. */
export const paletteChord = (mac = isMac()) => (mac ? "⌘K" : "Ctrl+K");

export function shortcutFor(press: KeyPress, role: Role, awaitingGo: boolean): ShortcutAction | null {
  if (press.inDialog) return null;
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === "k") return { kind: "palette" };
  if (press.inField || press.ctrlKey || press.metaKey || press.altKey) return null;
  if (awaitingGo) {
    const href = goToHref(role, press.key.toLowerCase());
    return href ? { kind: "go", href } : null;
  }
  switch (press.key) {
    case "/":
      return { kind: "palette" };
    case "?":
      return { kind: "help" };
    case "g":
      return { kind: "await-go" };
    case "n":
      return { kind: "new" };
    default:
      return null;
  }
}

/** The shortcuts the role has, for the `?` list. */
export function shortcutList(role: Role, mac = isMac()): { keys: string[]; what: string }[] {
  const goTo = Object.entries(GO_TO_KEYS)
    .filter(([key]) => goToHref(role, key))
    .map(([key, target]) => ({ keys: ["g", key], what: `Go to ${target.label.toLowerCase()}` }));
  return [
    { keys: ["/"], what: "Search and commands" },
    { keys: [paletteChord(mac)], what: "Search and commands, also while typing" },
    ...goTo,
    { keys: ["n"], what: "New on the current list, where you may create" },
    { keys: ["?"], what: "This list of shortcuts" },
    { keys: ["Esc"], what: "Close the palette or this list" },
  ];
}

/** Whether the element takes typed text: shortcuts stay out of its way. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag !== "INPUT") return false;
  const type = (target as HTMLInputElement).type;
  return !["button", "checkbox", "radio", "submit", "reset", "file", "range", "color", "image"].includes(type);
}
