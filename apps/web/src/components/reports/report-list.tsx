import type { ReportListItem, ReportStatus } from "@medlegal/domain";
import { REPORT_KIND_LABELS } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ChevronRight } from "lucide-react";
import { ListTable } from "@/components/ui/list-table";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";

/** One colour per report state: blue awaited, violet in the agency's hands, amber back with the expert, green done. */
const STATUS_CLASS: Record<ReportStatus, string> = {
  awaiting: "bg-sky-50 text-sky-800 ring-sky-200",
  submitted: "bg-indigo-50 text-indigo-800 ring-indigo-200",
  in_review: "bg-violet-50 text-violet-800 ring-violet-200",
  changes_requested: "bg-amber-50 text-amber-800 ring-amber-200",
  approved: "bg-teal-50 text-teal-800 ring-teal-200",
  released: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  withdrawn: "bg-zinc-100 text-zinc-600 ring-zinc-200",
};

export function ReportStatusBadge({ status, label }: { status: ReportStatus; label: string }) {
  // Attorneys get the status of their plain label from the server, so the colour tells no more than the words.
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        STATUS_CLASS[status],
      )}
    >
      {label}
    </span>
  );
}

/** "Due 3 Dec" or, in red, "Overdue since 3 Dec"; released reports show their release date. */
export function DueLabel({ r }: { r: Pick<ReportListItem, "dueAt" | "overdue" | "status" | "releasedAt"> }) {
  if (r.status === "released") return <span className="text-xs text-muted-foreground">Released {formatDateTime(r.releasedAt)}</span>;
  if (r.status === "withdrawn") return <span className="text-xs text-muted-foreground">—</span>;
  return r.overdue ? (
    <span className="text-xs font-medium text-red-700">Overdue since {formatDateTime(r.dueAt)}</span>
  ) : (
    <span className="text-xs text-muted-foreground">Due {formatDateTime(r.dueAt)}</span>
  );
}

const COLUMNS = "lg:grid-cols-[minmax(0,2fr)_minmax(0,1.6fr)_minmax(0,1.6fr)_9rem_1rem]";

/** Reports as a table on wide screens, stacked on phones; each row opens the report. */
export function ReportList({
  items,
  label,
  showAttorney,
  selection,
}: {
  items: readonly ReportListItem[];
  label: string;
  showAttorney: boolean;
  /** Staff's bulk actions (issue 30): a checkbox per row shown. */
  selection?: { selected: ReadonlySet<string>; onToggle: (id: string) => void };
}) {
  return (
    <ListTable
      columns={COLUMNS}
      label={label}
      head={
        <>
          <span>Report</span>
          <span>Claimant</span>
          <span>{showAttorney ? "Expert and attorney" : "Expert"}</span>
          <span>Status</span>
          <span />
        </>
      }
    >
      {items.map((r) => (
        <li key={r.id} className="relative">
          <div className={cn("grid gap-2 px-4 py-3.5 transition-colors hover:bg-muted/40 lg:items-center lg:gap-4", COLUMNS)}>
            <div className="min-w-0">
              {selection && (
                // Above the row's link, which covers the row: the box is its own click target.
                <input
                  type="checkbox"
                  aria-label={`Select ${r.reference}`}
                  checked={selection.selected.has(r.id)}
                  onChange={() => selection.onToggle(r.id)}
                  className="relative z-10 mr-2 size-4 align-middle accent-primary"
                />
              )}
              <Link
                to="/reports/$id"
                params={{ id: r.id }}
                className="font-mono text-xs font-semibold text-primary outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
              >
                {r.reference}
              </Link>
              <p className="mt-0.5 truncate text-sm font-medium">{REPORT_KIND_LABELS[r.kind]}</p>
              <DueLabel r={r} />
            </div>
            <div className="min-w-0 text-sm">
              <span className="sr-only">Claimant: </span>
              <span className="block truncate">{r.patientName}</span>
              <span className="block truncate text-xs text-muted-foreground">
                {r.caseReference} · {r.queryReference}
              </span>
            </div>
            <div className="min-w-0 text-sm">
              <span className="sr-only">Expert: </span>
              <span className="block truncate">{r.consultantName}</span>
              <span className="block truncate text-xs text-muted-foreground">{showAttorney ? r.attorneyName : r.specialization}</span>
            </div>
            <div>
              <span className="sr-only">Status: </span>
              <ReportStatusBadge status={r.status} label={r.statusLabel} />
            </div>
            <ChevronRight aria-hidden className="hidden size-4 text-muted-foreground lg:block" />
          </div>
        </li>
      ))}
    </ListTable>
  );
}
