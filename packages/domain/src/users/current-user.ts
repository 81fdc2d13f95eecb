import type { Role } from "./roles";

/** The current user as GET /api/user answers it (docs/product-rules.md#passwords-and-sessions); never holds a password hash. */
export interface CurrentUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  specialization: string | null;
  /** Present (true) only while a compulsory two-factor set-up holds the user (docs/decisions.md). */
  twoFactorSetupRequired?: true;
  /** Present (true) only for an employee an administrator named privacy officer (docs/decisions.md "POPIA"). */
  privacyOfficer?: true;
}

export function initials(user: Pick<CurrentUser, "firstName" | "lastName">): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase();
}

export function fullName(user: Pick<CurrentUser, "firstName" | "lastName">): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
