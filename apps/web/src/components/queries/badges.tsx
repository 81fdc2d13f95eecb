import type { AssignmentStatus, CaseStatus, Priority, QueryStatus } from "@medlegal/domain";
import { ASSIGNMENT_STATUS_LABEL, CASE_STATUS_LABEL, PRIORITY_LABEL, QUERY_STATUS_LABEL } from "@medlegal/domain";
import { AlertTriangle, ArrowDown, ArrowUp, ChevronsUp, Minus } from "lucide-react";
import { cn } from "@/lib/utils";

/**
 * One colour per state everywhere (lists, detail, dashboards): blue for new, violet while the
 * agency works on it, teal once booked, green when done, amber on hold, grey when cancelled.
 */
export const QUERY_STATUS_CLASS: Record<QueryStatus, string> = {
  submitted: "bg-sky-50 text-sky-800 ring-sky-200",
  in_review: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  assigning: "bg-violet-50 text-violet-800 ring-violet-200",
  scheduled: "bg-teal-50 text-teal-800 ring-teal-200",
  assessed: "bg-cyan-50 text-cyan-800 ring-cyan-200",
  reporting: "bg-fuchsia-50 text-fuchsia-800 ring-fuchsia-200",
  completed: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  on_hold: "bg-amber-50 text-amber-800 ring-amber-200",
  cancelled: "bg-zinc-100 text-zinc-600 ring-zinc-200",
};

/** The dot beside a status in charts and counts. */
export const QUERY_STATUS_DOT: Record<QueryStatus, string> = {
  submitted: "bg-sky-500",
  in_review: "bg-indigo-500",
  assigning: "bg-violet-500",
  scheduled: "bg-teal-500",
  assessed: "bg-cyan-500",
  reporting: "bg-fuchsia-500",
  completed: "bg-emerald-500",
  on_hold: "bg-amber-500",
  cancelled: "bg-zinc-400",
};

const PRIORITY_CLASS: Record<Priority, string> = {
  low: "bg-zinc-50 text-zinc-600 ring-zinc-200",
  normal: "bg-slate-50 text-slate-700 ring-slate-200",
  high: "bg-orange-50 text-orange-800 ring-orange-200",
  urgent: "bg-red-50 text-red-700 ring-red-200",
};
const PRIORITY_ICON: Record<Priority, typeof ArrowUp> = { low: ArrowDown, normal: Minus, high: ArrowUp, urgent: ChevronsUp };

const ASSIGNMENT_CLASS: Record<AssignmentStatus, string> = {
  proposed: "bg-amber-50 text-amber-800 ring-amber-200",
  accepted: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  declined: "bg-red-50 text-red-700 ring-red-200",
  withdrawn: "bg-zinc-100 text-zinc-600 ring-zinc-200",
  completed: "bg-teal-50 text-teal-800 ring-teal-200",
};

const CASE_CLASS: Record<CaseStatus, string> = {
  open: "bg-sky-50 text-sky-800 ring-sky-200",
  on_hold: "bg-amber-50 text-amber-800 ring-amber-200",
  settled: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  closed: "bg-zinc-100 text-zinc-600 ring-zinc-200",
};

const BASE = "inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset";

export function QueryStatusBadge({ status, className }: { status: QueryStatus; className?: string }) {
  return (
    <span className={cn(BASE, QUERY_STATUS_CLASS[status], className)} data-status={status}>
      <span aria-hidden className={cn("size-1.5 rounded-full", QUERY_STATUS_DOT[status])} />
      {QUERY_STATUS_LABEL[status]}
    </span>
  );
}

export function PriorityBadge({ priority, className }: { priority: Priority; className?: string }) {
  const Icon = PRIORITY_ICON[priority];
  return (
    <span className={cn(BASE, PRIORITY_CLASS[priority], className)} data-priority={priority}>
      <Icon aria-hidden className="size-3" />
      {PRIORITY_LABEL[priority]}
      <span className="sr-only"> priority</span>
    </span>
  );
}

export function AssignmentStatusBadge({ status, className }: { status: AssignmentStatus; className?: string }) {
  return <span className={cn(BASE, ASSIGNMENT_CLASS[status], className)}>{ASSIGNMENT_STATUS_LABEL[status]}</span>;
}

export function CaseStatusBadge({ status, className }: { status: CaseStatus; className?: string }) {
  return <span className={cn(BASE, CASE_CLASS[status], className)}>{CASE_STATUS_LABEL[status]}</span>;
}

/** POPIA: no assessment is booked without the claimant's consent. */
export function ConsentBadge({ consentReceivedAt, className }: { consentReceivedAt: string | null | undefined; className?: string }) {
  if (consentReceivedAt) {
    return <span className={cn(BASE, "bg-emerald-50 text-emerald-800 ring-emerald-200", className)}>Consent received</span>;
  }
  return (
    <span className={cn(BASE, "bg-amber-50 text-amber-800 ring-amber-300", className)}>
      <AlertTriangle aria-hidden className="size-3" />
      No consent
    </span>
  );
}
