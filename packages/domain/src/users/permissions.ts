import type { Role } from "./roles";
import { MATTER_ROLES, ROLES } from "./roles";

/**
 * What each role may do, by capability. Procedures name a capability; the server's role
 * procedure and the web's visibility checks both read this map, so the two never disagree.
 * Row scoping (own records) is the service's job on top of this.
 */
export const PERMISSIONS = {
  // ROLES is everyone, the interpreter too (their account, bell, live stream and the meetings they are
  // invited to); MATTER_ROLES the four roles that work on matters (docs/decisions.md, "Interpreters as users").
  "notifications.own": ROLES,
  "messages.own": MATTER_ROLES,
  // Starting direct or internal conversations and adding people: the agency (docs/decisions.md, "Messages").
  "messages.staff": ["administrator", "employee"],
  "account.own": ROLES,
  // An expert's own VAT number and bank account, printed on their invoices to the agency.
  "account.billing": ["consultant"],
  "users.manage": ["administrator"],
  // Finding people in the global search (issue 37 item 23): the agency writes to them; only administrators manage them.
  "users.find": ["administrator", "employee"],
  "specializations.manage": ["administrator"],
  "settings.agency": ["administrator"],
  "audit.read": ["administrator"],
  // The server's own backups of the embedded database, in Settings (docs/operations.md, "Nightly backups").
  "operations.backups": ["administrator"],
  // POPIA (docs/decisions.md "POPIA"): administrators, and employees an administrator names privacy officers (checked per user).
  "privacy.manage": ["administrator", "employee"],
  // Approving the destruction of a claimant's records (docs/decisions.md "Retention and destruction").
  "privacy.destroy": ["administrator"],
  "patients.read": ["administrator", "employee", "attorney"],
  "patients.create": ["attorney"],
  "patients.update": ["administrator", "employee", "attorney"],
  "cases.read": ["administrator", "employee", "attorney"],
  // Records requested from hospitals, police, employers (issue 40): the agency keeps the register and
  // the requests; an attorney reads those of their own cases.
  "records.read": ["administrator", "employee", "attorney"],
  // The case's expert evidence and its trial bundle (issue 41): never an expert.
  "bundles.read": ["administrator", "employee", "attorney"],
  "bundles.manage": ["administrator", "employee", "attorney"],
  "records.manage": ["administrator", "employee"],
  // Which records each discipline's expert needs (issue 40 item 6): administrators set the lists.
  "records.checklists": ["administrator"],
  // A booking's records for its expert (consent decides the downloads, per row).
  "records.booking": ["administrator", "employee", "consultant"],
  // Rule 36(9) notices of a case (issue 41, docs/decisions.md "Rule 36(9) notices"): the attorney on
  // their own cases, staff on any; experts never (the notice is the attorney's pleading).
  "expertNotices.read": ["administrator", "employee", "attorney"],
  "expertNotices.deliver": ["administrator", "employee", "attorney"],
  "cases.create": ["attorney"],
  "cases.update": ["administrator", "employee", "attorney"],
  "queries.read": MATTER_ROLES,
  "queries.create": ["attorney"],
  "queries.manage": ["administrator", "employee"],
  "queries.comment": MATTER_ROLES,
  "documents.upload": MATTER_ROLES,
  "assignments.manage": ["administrator", "employee"],
  "assignments.respond": ["consultant"],
  "consultants.read": ["administrator", "employee"],
  "dashboard.read": MATTER_ROLES,
  "dashboard.workload": ["administrator", "employee"],
  "availability.own": ["administrator", "employee", "consultant"],
  "availability.agency": ["administrator", "employee"],
  "bookings.read": MATTER_ROLES,
  // A personal calendar feed of the bookings one may see, with neutral entries (docs/decisions.md, "Calendars carry no health information").
  "calendar.own": MATTER_ROLES,
  "bookings.book": ["administrator", "employee", "attorney"],
  "bookings.manage": ["administrator", "employee"],
  "bookings.attendance": ["administrator", "employee", "consultant"],
  // An expert's own list of the assessments booked with them (My Bookings).
  "bookings.expert": ["consultant"],
  // An interpreter's own list of the bookings they interpret at, and entering their video rooms (issue 28).
  "interpreting.own": ["interpreter"],
  "rosters.manage": ["administrator", "employee"],
  "sla.read": MATTER_ROLES,
  "sla.manage": ["administrator", "employee"],
  "sla.monitor": ["administrator", "employee"],
  "holidays.manage": ["administrator"],
  "reports.read": MATTER_ROLES,
  "reports.upload": ["administrator", "employee", "consultant"],
  "reports.review": ["administrator", "employee"],
  "reports.release": ["administrator", "employee"],
  "reports.override": ["administrator"],
  "reports.ask": ["attorney"],
  // Issue 27, "Disciplines that wait": the attorney consents to sharing a query's reports; experts read what was shared with them.
  "reports.shareConsent": ["attorney"],
  "reports.sharedWithMe": ["consultant"],
  "reports.configure": ["administrator"],
  // RAF 4 as data (docs/decisions.md "RAF 4 as data"): the report's expert (and staff) assess; its attorney (and staff) record the RAF's and the tribunal's outcomes.
  "raf4.assess": ["administrator", "employee", "consultant"],
  "raf4.outcome": ["administrator", "employee", "attorney"],
  // Invoices (docs/decisions.md, "Invoices"): attorneys read their own, consultants their own expert invoices.
  "invoices.read": MATTER_ROLES,
  "invoices.manage": ["administrator", "employee"],
  // The invoice list: the agency's, and an attorney's own (experts reach theirs from the expert invoice generator).
  "invoices.list": ["administrator", "employee", "attorney"],
  // Expert invoices: the expert bills their own work (staff may for any expert).
  "invoices.expert": ["administrator", "employee", "consultant"],
  "fees.read": ["administrator", "employee", "consultant"],
  "fees.manage": ["administrator"],
  // Payments (docs/decisions.md, "Payments"): attorneys see their own account and upload proofs; administrators record and allocate.
  "payments.read": ["administrator", "attorney"],
  "payments.manage": ["administrator"],
  "payments.upload": ["attorney"],
  // The books exported for Sage or Xero (docs/decisions.md, "Issue 29: bank statements and the books").
  "books.export": ["administrator"],
  // Deferred billing per matter (docs/decisions.md "Deferred billing per matter"): a case's billing and its
  // bill-of-costs schedule for staff and the case's attorney; staff record the agreement; the forecast is the administrators'.
  "receivables.read": ["administrator", "employee", "attorney"],
  "receivables.events": ["administrator", "employee", "attorney"],
  "receivables.manage": ["administrator", "employee"],
  "receivables.forecast": ["administrator"],
  // Video assessments (docs/decisions.md, "Video assessments"): everyone lists and enters the
  // meetings they are invited to; staff arrange them; recordings are for staff and the expert.
  "meetings.read": ROLES,
  "meetings.manage": ["administrator", "employee"],
  "meetings.recordings": ["administrator", "employee", "consultant"],
  // The live event stream (docs/architecture.md, "Live events"): every signed-in user holds one per tab.
  "live.events": ROLES,
  // Global search (issue 30): everyone searches the records they may see; experts and users are for staff (users.find).
  "search.use": MATTER_ROLES,
  // Joint minutes (docs/decisions.md "Joint minutes"): staff record the opposing expert and send the guest link;
  // the report's expert and staff edit the issues; only the expert signs; the attorney reads a released minute
  // and, with staff, records a repudiation.
  "jointMinutes.read": MATTER_ROLES,
  "jointMinutes.manage": ["administrator", "employee"],
  "jointMinutes.edit": ["administrator", "employee", "consultant"],
  "jointMinutes.sign": ["consultant"],
  "jointMinutes.repudiate": ["administrator", "employee", "attorney"],
  // Issue 37: a signed minute whose report went out before payment waits for it; an administrator may release it early, with a reason.
  "jointMinutes.releaseEarly": ["administrator"],
  // Saved views (issue 30): everyone keeps views of the lists they may read; administrators share theirs with all staff.
  "views.own": MATTER_ROLES,
  "views.share": ["administrator"],
  // Bulk actions on the query and report lists (issue 30): the agency's, row by row with the single-row rules.
  "queries.bulk": ["administrator", "employee"],
  "reports.bulk": ["administrator", "employee"],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
