import type { Role } from "@medlegal/domain";
import { can } from "@medlegal/domain";

/** Administrators and employees: the agency staff who manage every booking. */
export function isStaffRole(role: Role | undefined): boolean {
  return !!role && can(role, "bookings.manage");
}
