import type { Role } from "@medlegal/domain";
import type { NavEntry } from "@medlegal/domain";
import { APP_VERSION, SIDEBAR, SIDEBAR_MORE, SIDEBAR_MORE_LABEL } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import * as React from "react";
import type { LucideIcon } from "lucide-react";
import {
  BadgeCheck,
  BookOpen,
  Briefcase,
  CalendarCheck,
  CalendarClock,
  CalendarRange,
  ClipboardList,
  FileText,
  FileStack,
  FolderSearch,
  Gavel,
  History,
  Languages,
  LayoutDashboard,
  ListChecks,
  LogOut,
  MessageSquare,
  Receipt,
  Settings,
  Stethoscope,
  Users,
  Video,
  Wallet,
  CircleDot,
} from "lucide-react";
import { cn } from "@/lib/utils";
import { Brand } from "../brand";

const ICONS: Record<string, LucideIcon> = {
  Dashboard: LayoutDashboard,
  Messages: MessageSquare,
  "Query Management": ListChecks,
  "Expert Appointments": CalendarCheck,
  "Booking Management": BookOpen,
  "Assessment Schedules": CalendarRange,
  "Expert Availability": CalendarRange,
  "Consultant Availability": CalendarRange,
  "My Availability": CalendarRange,
  "Video Conferences": Video,
  "User Management": Users,
  Consultants: Stethoscope,
  Specializations: BadgeCheck,
  Reports: FileText,
  "Audit Trail": History,
  "Invoice Management": Receipt,
  "My Invoices": Receipt,
  "Payment Management": Wallet,
  Payments: Wallet,
  Settings: Settings,
  "My Cases": Briefcase,
  "My Queries": ClipboardList,
  "My Bookings": BookOpen,
  "My Interpreting": Languages,
  "Trial Calendar": Gavel,
  "Day Sheets": CalendarClock,
  Cases: FileStack,
  Records: FolderSearch,
};

const ENTRY_CLASS =
  "group flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/85 transition-colors outline-none hover:bg-sidebar-accent hover:text-white focus-visible:ring-2 focus-visible:ring-ring data-[status=active]:bg-sidebar-accent data-[status=active]:text-white";

function EntryLink({ entry, onNavigate, badge }: { entry: NavEntry; onNavigate?: () => void; badge?: number }) {
  const Icon = ICONS[entry.label] ?? CircleDot;
  return (
    <Link to={entry.to} onClick={onNavigate} activeOptions={{ exact: entry.to === "/" }} className={ENTRY_CLASS}>
      {({ isActive }) => (
        <>
          <Icon
            aria-hidden
            className={cn("size-4 shrink-0", isActive ? "text-indigo-300" : "text-sidebar-muted group-hover:text-sidebar-foreground")}
          />
          <span className="flex-1 truncate">{entry.label}</span>
          {badge !== undefined && badge > 0 && (
            <span className="rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-white tabular-nums">
              {badge > 99 ? "99+" : badge}
              <span className="sr-only"> unread</span>
            </span>
          )}
        </>
      )}
    </Link>
  );
}

export interface SidebarProps {
  role: Role;
  unreadMessages: number;
  onSignOut: () => void;
  signingOut?: boolean;
  /** Called after a link is followed (closes the drawer on small screens). */
  onNavigate?: () => void;
  /** Shown below the role's entries and the More group (the saved views group, issue 30): the spec's entries stay as written. */
  extra?: React.ReactNode;
}

/** docs/product-rules.md#navigation: the role's entries in order, the Messages badge above 0, the More group (issue 37), Sign Out and the version. */
export function Sidebar({ role, unreadMessages, onSignOut, signingOut, onNavigate, extra }: SidebarProps) {
  // The drawer and the wide sidebar can both be in the page: each heading needs its own id.
  const moreHeading = React.useId();
  return (
    <div className="flex h-full flex-col bg-sidebar text-sidebar-foreground">
      <div className="flex h-16 shrink-0 items-center px-5">
        <Link to="/" onClick={onNavigate} className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <Brand inverted />
        </Link>
      </div>
      <div className="flex-1 overflow-y-auto px-3 py-2">
        <nav aria-label="Main">
          <ul className="grid gap-0.5">
            {SIDEBAR[role].map((entry) => (
              <li key={`${entry.label}-${entry.to}`}>
                <EntryLink entry={entry} onNavigate={onNavigate} badge={entry.to === "/messages" ? unreadMessages : undefined} />
              </li>
            ))}
          </ul>
        </nav>
        {SIDEBAR_MORE[role].length > 0 && (
          <nav aria-labelledby={moreHeading} className="mt-4">
            <h2 id={moreHeading} className="px-3 pb-1 text-[11px] font-semibold tracking-wide text-sidebar-muted uppercase">
              {SIDEBAR_MORE_LABEL}
            </h2>
            <ul className="grid gap-0.5">
              {SIDEBAR_MORE[role].map((entry) => (
                <li key={entry.to}>
                  <EntryLink entry={entry} onNavigate={onNavigate} />
                </li>
              ))}
            </ul>
          </nav>
        )}
        {extra}
      </div>
      <div className="shrink-0 border-t border-sidebar-border p-3">
        <button
          type="button"
          onClick={onSignOut}
          disabled={signingOut}
          className="flex h-9 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-sidebar-foreground/85 transition-colors outline-none hover:bg-sidebar-accent hover:text-white focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
        >
          <LogOut className="size-4 text-sidebar-muted" aria-hidden />
          Sign Out
        </button>
        <p className="mt-2 px-3 text-xs text-sidebar-muted">Version {APP_VERSION}</p>
      </div>
    </div>
  );
}
