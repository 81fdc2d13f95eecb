import type { Role } from "@medlegal/domain";

/**
 * The three points of view the screens word things for: the agency's staff, an attorney (the
 * agency's client) and an expert. Only for wording and layout: what a user may do is `can(role,
 * permission)` or the server's `can` flags (docs/decisions.md, "Role checks in the web").
 */
export type Audience = "staff" | "attorney" | "consultant";

const AUDIENCE: Record<Role, Audience> = {
  administrator: "staff",
  employee: "staff",
  attorney: "attorney",
  consultant: "consultant",
  // An outside professional, like an expert; the screens worded by audience are not theirs anyway
  // (they open My Interpreting and their account only: docs/decisions.md, "Interpreters as users").
  interpreter: "consultant",
};

export function audienceOf(role: Role): Audience {
  return AUDIENCE[role];
}

/** The wording (or any value) for the reader's point of view; every point of view must be named. */
export function forAudience<T>(role: Role, choices: Record<Audience, T>): T {
  return choices[AUDIENCE[role]];
}

/** The attorney's own file reference for a matter, as the reader names it: theirs, or the attorney's. */
export function fileReferenceWords(role: Role): { label: string; short: string } {
  return forAudience(role, {
    attorney: { label: "Your file reference", short: "your ref." },
    staff: { label: "Attorney's file reference", short: "attorney's ref." },
    consultant: { label: "Attorney's file reference", short: "attorney's ref." },
  });
}
