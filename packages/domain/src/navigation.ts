import type { Role } from "./users/roles";
import type { Permission } from "./users/permissions";
import { can } from "./users/permissions";

// The web's route guards check a permission with no validation library behind it (this module is zod-free).
export { can };

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
  // Not in the SPEC's table (issue 28, docs/decisions.md "Interpreters as users"): their bookings and
  // their account; no dashboard or messages, so "/" sends them to My Interpreting (routes/_app/index.tsx).
  interpreter: [
    { label: "My Interpreting", to: "/my-interpreting" },
    { label: "Settings", to: "/settings" },
  ],
};

/**
 * The sidebar's second group (issue 37 item 22; docs/product-rules.md "The sidebar's More group"),
 * below the SPEC's entries as the Saved views group is, so the "Main" navigation keeps exactly the
 * SPEC's table: pages reached until now only from dashboards and links. Each entry is for the roles
 * that open its page: the trial calendar for the matter roles, day sheets, all cases and the records
 * holders' register for staff (an attorney's My Cases is already in their table).
 */
export const SIDEBAR_MORE_LABEL = "More";
const TRIAL_CALENDAR: NavEntry = { label: "Trial Calendar", to: "/trial-calendar" };
const DAY_SHEETS: NavEntry = { label: "Day Sheets", to: "/day-sheet" };
const CASES: NavEntry = { label: "Cases", to: "/cases" };
// The register of records holders (issue 40), where staff keep who holds a case's records.
const RECORDS: NavEntry = { label: "Records", to: "/records" };
export const SIDEBAR_MORE: Record<Role, readonly NavEntry[]> = {
  administrator: [TRIAL_CALENDAR, DAY_SHEETS, CASES, RECORDS],
  employee: [TRIAL_CALENDAR, DAY_SHEETS, CASES, RECORDS],
  attorney: [TRIAL_CALENDAR],
  consultant: [],
  interpreter: [],
};

/**
 * The capability each protected route needs (docs/product-rules.md#roles-and-access), read from the
 * one permission map, so a page opens for exactly the roles its procedures serve. Keys are
 * TanStack Router paths. Rows within a page are scoped on the server; this only decides whether
 * the page opens.
 */
export const ROUTE_PERMISSIONS: Record<string, Permission> = {
  "/": "dashboard.read",
  "/messages": "messages.own",
  "/settings": "account.own",
  "/notifications": "notifications.own",
  "/appointments": "bookings.read",
  "/reports": "reports.read",
  "/reports/$id": "reports.read",
  "/sla-tracking": "sla.read",
  "/employee-dashboard": "dashboard.workload",
  "/admin/query-management": "queries.manage",
  "/queries": "queries.read",
  "/queries/$id": "queries.read",
  "/cases": "cases.read",
  // One case and its court dates (issue 26); the server decides per case.
  "/cases/$id": "cases.read",
  // Upcoming trials of the caller's matters (issue 26), reached from the dashboards and case pages.
  "/trial-calendar": "cases.read",
  "/patients": "patients.read",
  "/consultant-assignments": "assignments.manage",
  "/consultant-availability": "availability.agency",
  "/call-rosters": "rosters.manage",
  "/expert-appointment-scheduler": "bookings.manage",
  "/consultants": "consultants.read",
  "/admin/expert-appointments": "bookings.manage",
  "/admin/bookings": "bookings.manage",
  "/admin/assessment-schedules": "bookings.manage",
  "/expert-appointments": "bookings.attendance",
  "/expert-availability": "availability.own",
  "/my-bookings": "bookings.expert",
  // The interpreter's bookings (issue 28); the server lists only the ones they are named on.
  "/my-interpreting": "interpreting.own",
  "/bookings": "bookings.book",
  "/booking-form": "bookings.book",
  "/booking-form/$bookingId": "bookings.book",
  // Attorneys have no sidebar entry but open the meetings they are invited to (from e-mails and bells).
  "/video-conferences": "meetings.read",
  // Invited participants of any role may join a meeting; the server decides per room.
  "/meeting/$roomId": "meetings.read",
  "/sla-monitoring": "sla.monitor",
  "/invoices": "invoices.list",
  // Consultants open their own expert invoices (from the expert invoice generator); the server decides per invoice.
  "/invoices/$id": "invoices.read",
  "/manual-invoice": "invoices.manage",
  "/invoice-demo": "invoices.manage",
  "/sa-invoice-demo": "invoices.manage",
  "/expert-invoice-generator": "invoices.expert",
  "/payments": "payments.read",
  "/admin/payments": "payments.read",
  // Reached from Payment Management: statements become payments, which administrators record.
  "/admin/bank-statements": "payments.manage",
  "/admin/users": "users.manage",
  "/admin/specializations": "specializations.manage",
  "/audit-trail": "audit.read",
  // POPIA: administrators, and employees named privacy officers (the server refuses other employees).
  "/admin/privacy": "privacy.manage",
  // The printable day sheet per venue (issue 28): the agency's reception, driver and interpreter.
  "/day-sheet": "bookings.manage",
  // A joint minute's workspace (docs/decisions.md "Joint minutes"); the server decides per minute (the attorney's once released).
  "/joint-minutes/$id": "jointMinutes.read",
  // The list of joint minutes (issue 37), reached from the dashboard's areas and the expert's open minutes; rows scoped on the server.
  "/joint-minutes": "jointMinutes.read",
  // The register of records holders (issue 40); a case's requests are on its page.
  "/records": "records.manage",
};

export function canOpenRoute(role: Role, routePath: string): boolean {
  const permission = ROUTE_PERMISSIONS[routePath];
  return permission !== undefined && can(role, permission);
}
