import type { QueryListItem } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ChevronRight, UserRound } from "lucide-react";
import { formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { PriorityBadge, QueryStatusBadge } from "./badges";
import { ListTable } from "@/components/ui/list-table";
import { LoadMore } from "../ui/load-more";

const COLUMNS = "lg:grid-cols-[minmax(0,2.6fr)_minmax(0,1.5fr)_minmax(0,1.3fr)_8.5rem_7rem_1rem]";

/**
 * Queries as a table on wide screens and stacked cards on small ones (one markup, rearranged by
 * CSS). Each row opens the query. "Load more" shows only when the server said there is a next page.
 */
export function QueryList({
  items,
  hasMore,
  onLoadMore,
  loadingMore = false,
  showAttorney = true,
  showCaseManager = true,
  label = "Queries",
  selection,
}: {
  items: readonly QueryListItem[];
  /** The server's nextCursor is set: another page exists. */
  hasMore: boolean;
  onLoadMore?: () => void;
  loadingMore?: boolean;
  showAttorney?: boolean;
  showCaseManager?: boolean;
  label?: string;
  /** Staff's bulk actions (issue 30): a checkbox per row of the page shown. */
  selection?: { selected: ReadonlySet<string>; onToggle: (id: string) => void };
}) {
  return (
    <div className="grid gap-3">
      <ListTable
        columns={COLUMNS}
        label={label}
        head={
          <>
            <span>Query</span>
            <span>Claimant</span>
            <span>{showAttorney ? "Attorney" : showCaseManager ? "Case manager" : "Specializations"}</span>
            <span>Status</span>
            <span>Priority</span>
            <span />
          </>
        }
      >
        {items.map((q) => (
          <li key={q.id} className="relative">
            <div className={cn("grid gap-2 px-4 py-3.5 transition-colors hover:bg-muted/40 lg:items-center lg:gap-4", COLUMNS)}>
              <div className="min-w-0">
                <p className="flex min-w-0 items-baseline gap-2">
                  {selection && (
                    // Above the row's link, which covers the row: the box is its own click target.
                    <input
                      type="checkbox"
                      aria-label={`Select ${q.reference}`}
                      checked={selection.selected.has(q.id)}
                      onChange={() => selection.onToggle(q.id)}
                      className="relative z-10 size-4 shrink-0 self-center accent-primary"
                    />
                  )}
                  <Link
                    to="/queries/$id"
                    params={{ id: q.id }}
                    className="font-mono text-xs font-semibold text-primary outline-none after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:after:rounded-md focus-visible:after:ring-2 focus-visible:after:ring-ring focus-visible:after:ring-inset"
                  >
                    {q.reference}
                  </Link>
                  <span className="truncate text-xs text-muted-foreground">{formatDateTime(q.createdAt)}</span>
                </p>
                <p className="mt-0.5 truncate text-sm font-medium" title={q.subject}>
                  {q.subject}
                </p>
                <p className="mt-0.5 truncate text-xs text-muted-foreground" title={q.specializations.join(", ")}>
                  {q.specializations.join(" · ")}
                </p>
              </div>
              <div className="min-w-0 text-sm">
                <span className="sr-only">Claimant: </span>
                <span className="block truncate font-medium lg:font-normal" title={q.patientName}>
                  {q.patientName}
                </span>
                <span className="block truncate text-xs text-muted-foreground">{q.caseReference}</span>
              </div>
              <div className="min-w-0 text-sm">
                {showAttorney ? (
                  <>
                    <span className="sr-only">Attorney: </span>
                    <span className="block truncate">{q.attorneyName}</span>
                    {q.firmName && <span className="block truncate text-xs text-muted-foreground">{q.firmName}</span>}
                  </>
                ) : null}
                {showCaseManager && (
                  <span
                    className={cn(
                      "flex items-center gap-1 truncate text-xs",
                      q.assignedEmployeeName ? "text-muted-foreground" : "text-amber-700",
                    )}
                  >
                    <UserRound aria-hidden className="size-3 shrink-0" />
                    <span className="sr-only">Case manager: </span>
                    {q.assignedEmployeeName ?? "Not taken yet"}
                  </span>
                )}
              </div>
              <div className="flex flex-wrap items-center gap-2 lg:contents">
                <div>
                  <span className="sr-only">Status: </span>
                  <QueryStatusBadge status={q.status} />
                </div>
                <div>
                  <PriorityBadge priority={q.priority} />
                </div>
              </div>
              <ChevronRight aria-hidden className="hidden size-4 text-muted-foreground lg:block" />
            </div>
          </li>
        ))}
      </ListTable>
      <LoadMore hasMore={hasMore} loading={loadingMore ?? false} onLoadMore={() => onLoadMore?.()} />
    </div>
  );
}
