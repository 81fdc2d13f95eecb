import type { QueryListItem } from "@medlegal/domain";
import { PRIORITY_RANK } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { ChevronDown, UserPlus } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { AssignExpertsPanel } from "@/components/queries/assign-experts-panel";
import { PriorityBadge, QueryStatusBadge } from "@/components/queries/badges";
import { Skeleton } from "@/components/ui/skeleton";
import { useQueryList } from "@/hooks/use-query-list";
import { formatDateTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { prefetchPage } from "@/lib/route-data";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/consultant-assignments")({
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.queries.list.prefetchInfinite(IN_REVIEW),
      ({ trpc }) => trpc.queries.list.prefetchInfinite(ASSIGNING),
      ({ trpc }) => trpc.dashboard.summary.prefetch(),
    ),
  component: ConsultantAssignmentsPage,
});

const IN_REVIEW = { status: "in_review", sort: "priority", limit: 100 } as const;
const ASSIGNING = { status: "assigning", sort: "priority", limit: 100 } as const;

/** Queries in review or assigning: the ones that may still need experts, most urgent first. */
function ConsultantAssignmentsPage() {
  const inReview = useQueryList(IN_REVIEW);
  const assigning = useQueryList(ASSIGNING);
  const summary = trpc.dashboard.summary.useQuery();
  const [open, setOpen] = React.useState<string | null>(null);

  const items = [...inReview.items, ...assigning.items].sort(
    (a, b) => PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || a.createdAt.localeCompare(b.createdAt),
  );
  const missing = new Map<string, string[]>();
  if (summary.data && "unassigned" in summary.data) {
    for (const u of summary.data.unassigned) missing.set(u.queryId, [...(missing.get(u.queryId) ?? []), u.specialization]);
  }
  const unassignedCount = summary.data && "unassignedCount" in summary.data ? summary.data.unassignedCount : null;
  // The two lists load, fail and are tried again as one.
  const error = inReview.error ?? assigning.error;
  const lists = {
    isLoading: inReview.isLoading || assigning.isLoading,
    isError: Boolean(error),
    error,
    refetch: () => Promise.all([inReview.refetch(), assigning.refetch()]),
  };

  return (
    <>
      <PageHeader
        title="Consultant Assignments"
        description={
          unassignedCount === null
            ? "Queries that need experts. Open one to propose a consultant per requested specialization."
            : `${unassignedCount} requested specialization${unassignedCount === 1 ? "" : "s"} still without an expert. Open a query to propose consultants.`
        }
      />
      <LoadState
        query={lists}
        loadingLabel="Loading queries"
        errorTitle="Could not load the queries"
        isEmpty={items.length === 0}
        emptyIcon={UserPlus}
        emptyTitle="No query needs experts"
        emptyText={<>Queries appear here once a case manager takes them into review, until every requested specialization has an expert.</>}
      >
        <ul className="grid gap-3" aria-label="Queries needing experts">
          {items.map((q) => (
            <AssignmentRow
              key={q.id}
              q={q}
              missing={missing.get(q.id)}
              open={open === q.id}
              onToggle={() => setOpen(open === q.id ? null : q.id)}
            />
          ))}
        </ul>
      </LoadState>
    </>
  );
}

function AssignmentRow({ q, missing, open, onToggle }: { q: QueryListItem; missing?: string[]; open: boolean; onToggle: () => void }) {
  const panelId = `assign-${q.id}`;
  return (
    <li className="overflow-hidden rounded-lg border bg-card">
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <Link to="/queries/$id" params={{ id: q.id }} className="font-mono text-xs font-semibold text-primary hover:underline">
              {q.reference}
            </Link>
            <QueryStatusBadge status={q.status} />
            <PriorityBadge priority={q.priority} />
          </p>
          <p className="mt-1 truncate text-sm font-medium">{q.subject}</p>
          <p className="truncate text-xs text-muted-foreground">
            {q.patientName} · {q.attorneyName} · submitted {formatDateTime(q.createdAt)}
          </p>
          <p className="mt-1.5 flex flex-wrap gap-1.5">
            {q.specializations.map((s) => {
              const lacking = missing?.includes(s);
              return (
                <span
                  key={s}
                  className={cn(
                    "rounded-full px-2 py-0.5 text-xs",
                    lacking ? "bg-amber-50 text-amber-800 ring-1 ring-amber-200 ring-inset" : "bg-muted text-muted-foreground",
                  )}
                >
                  {s}
                  {lacking && <span className="sr-only"> (no expert yet)</span>}
                </span>
              );
            })}
          </p>
        </div>
        <button
          type="button"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={panelId}
          className="inline-flex h-9 shrink-0 items-center justify-center gap-2 rounded-md border bg-card px-4 text-sm font-medium shadow-xs outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
        >
          Assign experts
          <ChevronDown aria-hidden className={cn("size-4 transition-transform", open && "rotate-180")} />
        </button>
      </div>
      {open && (
        <div id={panelId} className="border-t bg-muted/20 p-4">
          <InlinePanel id={q.id} />
        </div>
      )}
    </li>
  );
}

function InlinePanel({ id }: { id: string }) {
  const detail = trpc.queries.get.useQuery({ id });
  if (detail.isLoading) return <Skeleton className="h-32" />;
  if (detail.isError) return <p className="text-sm text-destructive">{trpcErrorMessage(detail.error)}</p>;
  return detail.data ? <AssignExpertsPanel query={detail.data} /> : null;
}
