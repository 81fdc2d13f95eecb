import type { Permission, Role, SearchHit } from "@medlegal/domain";
import { can, canOpenRoute, SIDEBAR } from "@medlegal/domain";

/**
 * What the command palette and the keyboard shortcuts offer (issue 30), read from the sidebar and
 * the route permissions of the domain (docs/product-rules.md#navigation), so a role is offered
 * exactly the pages it may open.
 */
export interface PaletteEntry {
  id: string;
  label: string;
  href: string;
  /** Opens the page's "new" form once there (see hooks/use-create-action.ts). */
  create?: boolean;
  keywords?: string;
}

/** Pages beyond the sidebar's entries that the palette can open (each still behind its route's permission). */
const MORE_PAGES: readonly { label: string; to: string; keywords?: string }[] = [
  { label: "Claimants", to: "/patients", keywords: "patients" },
  { label: "SLA monitoring", to: "/sla-monitoring", keywords: "deadlines at risk" },
  { label: "SLA tracking", to: "/sla-tracking", keywords: "deadlines" },
  { label: "Notifications", to: "/notifications" },
  { label: "Call rosters", to: "/call-rosters", keywords: "duty" },
  { label: "Consultant assignments", to: "/consultant-assignments", keywords: "experts" },
  { label: "Employee dashboard", to: "/employee-dashboard", keywords: "workload" },
  { label: "Expert invoice generator", to: "/expert-invoice-generator", keywords: "bill" },
];

/** Commands: a page, or a page's "new" form; `permission` is what the act needs beyond opening the page. */
const COMMANDS: readonly { label: string; to: string; create?: boolean; permission?: Permission; keywords?: string }[] = [
  { label: "New query", to: "/queries", create: true, permission: "queries.create", keywords: "instruct expert" },
  { label: "New case", to: "/cases", create: true, permission: "cases.create", keywords: "matter" },
  { label: "New claimant", to: "/patients", create: true, permission: "patients.create", keywords: "patient" },
  { label: "New booking", to: "/booking-form", keywords: "assessment appointment" },
  { label: "New invoice", to: "/manual-invoice", keywords: "bill" },
  { label: "Record a payment", to: "/admin/payments", permission: "payments.manage", keywords: "eft proof" },
  { label: "Go to SLA monitoring", to: "/sla-monitoring", keywords: "deadlines at risk" },
];

const offered = (role: Role, to: string, permission?: Permission) => canOpenRoute(role, to) && (!permission || can(role, permission));

export function pagesFor(role: Role): PaletteEntry[] {
  const seen = new Set<string>();
  return [...SIDEBAR[role].map((e) => ({ label: e.label, to: e.to, keywords: undefined as string | undefined })), ...MORE_PAGES]
    .filter((page) => offered(role, page.to) && !seen.has(page.to) && seen.add(page.to))
    .map((page) => ({ id: `page:${page.to}`, label: page.label, href: page.to, keywords: page.keywords }));
}

export function commandsFor(role: Role): PaletteEntry[] {
  return COMMANDS.filter((c) => offered(role, c.to, c.permission)).map((c) => ({
    id: `command:${c.label}`,
    label: c.label,
    href: c.to,
    create: c.create,
    keywords: c.keywords,
  }));
}

/** Entries whose label or keywords hold every word typed (an empty term keeps them all). */
export function matchEntries(entries: readonly PaletteEntry[], term: string): PaletteEntry[] {
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((e) => words.every((w) => `${e.label} ${e.keywords ?? ""}`.toLowerCase().includes(w)));
}

/** The first of several routes the role may open (a list has a staff page and an attorney's page). */
function firstOpen(role: Role, candidates: readonly string[]): string | null {
  return candidates.find((to) => canOpenRoute(role, to)) ?? null;
}

const BOOKING_LISTS = ["/admin/bookings", "/bookings", "/my-bookings"] as const;

/** Where a search result opens, or null when the role has no page for it. */
export function hrefForHit(role: Role, hit: Pick<SearchHit, "kind" | "id" | "targetId">): string | null {
  switch (hit.kind) {
    case "claimant":
      return canOpenRoute(role, "/patients") ? `/patients?claimant=${hit.id}` : null;
    case "case":
      return `/cases/${hit.id}`;
    case "query":
      return `/queries/${hit.id}`;
    case "booking":
      return hit.targetId ? `/queries/${hit.targetId}` : firstOpen(role, BOOKING_LISTS);
    case "meeting":
      return `/video-conferences?meeting=${hit.id}`;
    case "report":
      return `/reports/${hit.id}`;
    case "invoice":
      return `/invoices/${hit.targetId ?? hit.id}`;
    case "expert":
      return firstOpen(role, ["/consultants"]);
    case "user":
      // Administrators manage the account; employees write to the person (issue 37).
      if (canOpenRoute(role, "/admin/users")) return "/admin/users";
      return can(role, "messages.staff") ? `/messages?to=${hit.id}` : null;
  }
}

/** `g` then a letter: the lists by their initial, each to the role's own page of it. */
export const GO_TO_KEYS: Record<string, { label: string; candidates: readonly string[] }> = {
  q: { label: "Queries", candidates: ["/admin/query-management", "/queries"] },
  c: { label: "Cases", candidates: ["/cases"] },
  b: { label: "Bookings", candidates: BOOKING_LISTS },
  r: { label: "Reports", candidates: ["/reports"] },
  i: { label: "Invoices", candidates: ["/invoices"] },
};

export function goToHref(role: Role, key: string): string | null {
  const target = GO_TO_KEYS[key];
  return target ? firstOpen(role, target.candidates) : null;
}

/** Lists whose "new" is a page of its own rather than a form on the list (`n` goes there). */
const NEW_PAGES: Record<string, string> = {
  "/admin/bookings": "/booking-form",
  "/bookings": "/booking-form",
  "/invoices": "/manual-invoice",
};

export function newPageFor(role: Role, pathname: string): string | null {
  const to = NEW_PAGES[pathname];
  return to && canOpenRoute(role, to) ? to : null;
}
