import type { Role } from "./roles";
import { ROLES } from "./roles";

export interface NavEntry {
  label: string;
  to: string;
}

const DASHBOARD: NavEntry = { label: "Dashboard", to: "/" };
const MESSAGES: NavEntry = { label: "Messages", to: "/messages" };

/**
 * The sidebar (docs/product-rules.md#navigation): Dashboard and Messages for everyone, then each role's
 * entries in the table's order. Targets and who may open them: docs/product-rules.md#roles-and-access.
 */
export const SIDEBAR: Record<Role, readonly NavEntry[]> = {
  administrator: [
    DASHBOARD,
    MESSAGES,
    { label: "Query Management", to: "/admin/query-management" },
    { label: "Expert Appointments", to: "/admin/expert-appointments" },
    { label: "Booking Management", to: "/admin/bookings" },
    { label: "Assessment Schedules", to: "/admin/assessment-schedules" },
    { label: "Expert Availability", to: "/expert-availability" },
    { label: "Video Conferences", to: "/video-conferences" },
    { label: "User Management", to: "/admin/users" },
    { label: "Consultants", to: "/consultants" },
    { label: "Specializations", to: "/admin/specializations" },
    { label: "Reports", to: "/reports" },
    { label: "Audit Trail", to: "/audit-trail" },
    { label: "Invoice Management", to: "/invoices" },
    { label: "Payment Management", to: "/admin/payments" },
    { label: "Settings", to: "/settings" },
  ],
  employee: [
    DASHBOARD,
    MESSAGES,
    { label: "Query Management", to: "/admin/query-management" },
    { label: "Expert Appointments", to: "/admin/expert-appointments" },
    { label: "Booking Management", to: "/admin/bookings" },
    { label: "Assessment Schedules", to: "/admin/assessment-schedules" },
    { label: "Consultant Availability", to: "/consultant-availability" },
    { label: "Expert Availability", to: "/expert-availability" },
    { label: "Video Conferences", to: "/video-conferences" },
    { label: "Consultants", to: "/consultants" },
    { label: "Reports", to: "/reports" },
    { label: "Invoice Management", to: "/invoices" },
    { label: "Settings", to: "/settings" },
  ],
  attorney: [
    DASHBOARD,
    MESSAGES,
    { label: "My Cases", to: "/cases" },
    { label: "My Queries", to: "/queries" },
    { label: "My Invoices", to: "/invoices" },
    { label: "Reports", to: "/reports" },
    { label: "Payments", to: "/payments" },
    { label: "Settings", to: "/settings" },
  ],
  consultant: [
    DASHBOARD,
    MESSAGES,
    { label: "My Bookings", to: "/my-bookings" },
    { label: "My Queries", to: "/queries" },
    { label: "My Availability", to: "/expert-availability" },
    { label: "Video Conferences", to: "/video-conferences" },
    { label: "Settings", to: "/settings" },
  ],
};

const ALL = ROLES;
const A = "administrator" as const;
const E = "employee" as const;
const T = "attorney" as const;
const C = "consultant" as const;

/**
 * Who may open each protected route (docs/product-rules.md#roles-and-access). Keys are TanStack Router paths.
 * Rows within a page are scoped on the server; this only decides whether the page opens.
 */
export const ROUTE_ROLES: Record<string, readonly Role[]> = {
  "/": ALL,
  "/messages": ALL,
  "/settings": ALL,
  "/notifications": ALL,
  "/appointments": ALL,
  "/reports": ALL,
  "/reports/$id": ALL,
  "/sla-tracking": ALL,
  "/employee-dashboard": [A, E],
  "/admin/query-management": [A, E],
  "/queries": ALL,
  "/queries/$id": ALL,
  "/cases": [A, E, T],
  "/patients": [A, E, T],
  "/consultant-assignments": [A, E],
  "/consultant-availability": [A, E],
  "/call-rosters": [A, E],
  "/expert-appointment-scheduler": [A, E],
  "/consultants": [A, E],
  "/admin/expert-appointments": [A, E],
  "/admin/bookings": [A, E],
  "/admin/assessment-schedules": [A, E],
  "/expert-appointments": [A, E, C],
  "/expert-availability": [A, E, C],
  "/my-bookings": [C],
  "/bookings": [A, E, T],
  "/booking-form": [A, E, T],
  "/booking-form/$bookingId": [A, E, T],
  // Attorneys have no sidebar entry but open the meetings they are invited to (from e-mails and bells).
  "/video-conferences": ALL,
  // Invited participants of any role may join a meeting; the server decides per room.
  "/meeting/$roomId": ALL,
  "/sla-monitoring": [A, E],
  "/invoices": [A, E, T],
  // Consultants open their own expert invoices (from the expert invoice generator); the server decides per invoice.
  "/invoices/$id": ALL,
  "/manual-invoice": [A, E],
  "/invoice-demo": [A, E],
  "/sa-invoice-demo": [A, E],
  "/expert-invoice-generator": [A, E, C],
  "/payments": [A, T],
  "/admin/payments": [A, T],
  "/admin/users": [A],
  "/admin/specializations": [A],
  "/audit-trail": [A],
};

export function canOpenRoute(role: Role, routePath: string): boolean {
  const roles = ROUTE_ROLES[routePath];
  return roles !== undefined && roles.includes(role);
}
