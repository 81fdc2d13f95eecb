export const ROLES = ["administrator", "employee", "attorney", "consultant"] as const;
export type Role = (typeof ROLES)[number];

/** The agency's own people: administrators and employees see every claimant's data (and the two-factor setting can oblige them). */
export const STAFF_ROLES: readonly Role[] = ["administrator", "employee"];

/** Whether a role, or a user with one, is the agency's staff: the one test for it, on the server and in the web. */
export const isStaff = (who: Role | { role: Role }): boolean => STAFF_ROLES.includes(typeof who === "string" ? who : who.role);

/** Self-registration offers only these two (docs/product-rules.md#roles-and-access). */
export const SELF_REGISTER_ROLES = ["attorney", "consultant"] as const;
export type SelfRegisterRole = (typeof SELF_REGISTER_ROLES)[number];

/** The role badge in the user menu (docs/product-rules.md#navigation). */
export const ROLE_BADGE: Record<Role, string> = {
  administrator: "Admin",
  employee: "Employee",
  attorney: "Attorney",
  consultant: "Consultant",
};

/** Labels used where a role is chosen or listed; consultants register as Medical Consultant. */
export const ROLE_LABEL: Record<Role, string> = {
  administrator: "Administrator",
  employee: "Employee",
  attorney: "Attorney",
  consultant: "Medical Consultant",
};
