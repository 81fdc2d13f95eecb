export const ROLES = ["administrator", "employee", "attorney", "consultant", "interpreter"] as const;
export type Role = (typeof ROLES)[number];

const roleOf = (who: Role | { role: Role }): Role => (typeof who === "string" ? who : who.role);

/**
 * The roles that work on matters (claimants, queries, bookings, reports, invoices). The interpreter
 * (issue 28) is not one: they see only the bookings they interpret at (docs/decisions.md,
 * "Interpreters as users"), so the permission map grants them little beyond their own account.
 */
export const MATTER_ROLES = ["administrator", "employee", "attorney", "consultant"] as const satisfies readonly Role[];

/** The agency's own people: administrators and employees see every claimant's data (and the two-factor setting can oblige them). */
export const STAFF_ROLES: readonly Role[] = ["administrator", "employee"];

/** Whether a role, or a user with one, is the agency's staff: the one test for it, on the server and in the web. */
export const isStaff = (who: Role | { role: Role }): boolean => STAFF_ROLES.includes(roleOf(who));

/** Self-registration offers only these two (docs/product-rules.md#roles-and-access). */
export const SELF_REGISTER_ROLES = ["attorney", "consultant"] as const;
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

/** The role badge in the user menu (docs/product-rules.md#navigation). */
export const ROLE_BADGE: Record<Role, string> = {
  administrator: "Admin",
  employee: "Employee",
  attorney: "Attorney",
  consultant: "Consultant",
  interpreter: "Interpreter",
};

/** Labels used where a role is chosen or listed; consultants register as Medical Consultant. */
export const ROLE_LABEL: Record<Role, string> = {
  administrator: "Administrator",
  employee: "Employee",
  attorney: "Attorney",
  consultant: "Medical Consultant",
  interpreter: "Interpreter",
};

/**
 * Who a person is, for the rules that turn on identity rather than on a capability of the
 * permission map (whose rows an attorney or an expert sees, who may be invoiced, who hosts a
 * meeting): the one place that compares a role with a name, so the rest of the code never does.
 * Each narrows a role (or a record's role) like the comparison it replaces.
 */
export function isAdministrator(who: Role): who is "administrator";
export function isAdministrator<T extends { role: Role }>(who: T): who is T & { role: "administrator" };
export function isAdministrator(who: Role | { role: Role }): boolean {
  return roleOf(who) === "administrator";
}

/** An attorney: the agency's client, who sees only their own claimants, matters, invoices and payments. */
export function isAttorney(who: Role): who is "attorney";
export function isAttorney<T extends { role: Role }>(who: T): who is T & { role: "attorney" };
export function isAttorney(who: Role | { role: Role }): boolean {
  return roleOf(who) === "attorney";
}

/** A consultant (medical expert): sees only the work assigned to them. */
export function isExpert(who: Role): who is "consultant";
export function isExpert<T extends { role: Role }>(who: T): who is T & { role: "consultant" };
export function isExpert(who: Role | { role: Role }): boolean {
  return roleOf(who) === "consultant";
}

/** An interpreter with an account (issue 28): sees only the bookings they are named on, and joins their video rooms. */
export function isInterpreter(who: Role): who is "interpreter";
export function isInterpreter<T extends { role: Role }>(who: T): who is T & { role: "interpreter" };
export function isInterpreter(who: Role | { role: Role }): boolean {
  return roleOf(who) === "interpreter";
}
