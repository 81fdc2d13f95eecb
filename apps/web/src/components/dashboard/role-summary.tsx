import type { DashboardSummary, QueryListItem, QueryStatus } from "@medlegal/domain";
import { QUERY_STATUS_LABEL, QUERY_STATUSES } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { AlarmClock, ClipboardList, Inbox, Receipt, UserPlus } from "lucide-react";
import { useUnbilledCount } from "@/components/invoices/invoice-work-link";
import { PendingAssignmentList } from "@/components/queries/pending-assignment-list";
import { trpc } from "@/lib/trpc";
import { formatAge, formatDateTime } from "@/lib/format";
import { cn } from "@/lib/utils";
import { AssessmentsPanel } from "./assessments-panel";
import { PriorityBadge, QUERY_STATUS_DOT, QueryStatusBadge } from "../queries/badges";
import { describeQueryEvent } from "../queries/query-timeline";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../ui/card";
import { CollapsibleList } from "../ui/collapsible-list";
import { LoadState } from "@/components/load-state";
import { FigureCard } from "./figure-card";

/** The live figures and lists of `/` for the signed-in role (dashboard.summary). */
export function RoleSummary() {
  const summary = trpc.dashboard.summary.useQuery(undefined, { refetchInterval: 60_000 });
  const data = summary.data;
  if (!data) {
    return (
      <div className="mt-6">
        <LoadState query={summary} loadingLabel="Loading your figures" loadingRows={3} errorTitle="Could not load your figures">
          {null}
        </LoadState>
      </div>
    );
  }
  // The server shapes the summary per role: this narrows its tagged union, it decides nothing.
  switch (data.role) {
    case "attorney":
      return <AttorneySummary data={data} />;
    case "consultant":
      return <ConsultantSummary data={data} />;
    default:
      return <StaffSummary data={data} />;
  }
}

function StatusCounts({
  byStatus,
  title,
  description,
}: {
  byStatus: Partial<Record<QueryStatus, number>>;
  title: string;
  description: string;
}) {
  const total = QUERY_STATUSES.reduce((sum, s) => sum + (byStatus[s] ?? 0), 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription className="max-sm:hidden">{description}</CardDescription>
      </CardHeader>
      <CardContent>
        {total === 0 ? (
          <p className="text-sm text-muted-foreground">No queries yet.</p>
        ) : (
          <>
            <div className="mb-3 flex h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
              {QUERY_STATUSES.map((s) =>
                byStatus[s] ? (
                  <span key={s} className={QUERY_STATUS_DOT[s]} style={{ width: `${((byStatus[s] ?? 0) / total) * 100}%` }} />
                ) : null,
              )}
            </div>
            <CollapsibleList
              items={QUERY_STATUSES.filter((s) => byStatus[s])}
              getKey={(s) => s}
              className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-2 lg:grid-cols-1"
              itemClassName="flex items-center justify-between gap-2"
              renderItem={(s) => (
                <>
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span aria-hidden className={cn("size-2 shrink-0 rounded-full", QUERY_STATUS_DOT[s])} />
                    <span className="truncate">{QUERY_STATUS_LABEL[s]}</span>
                  </span>
                  <span className="font-medium tabular-nums">{byStatus[s]}</span>
                </>
              )}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function AttorneySummary({ data }: { data: Extract<DashboardSummary, { role: "attorney" }> }) {
  return (
    <div className="mt-6 grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <div className="grid grid-cols-1 gap-4">
        <FigureCard icon={ClipboardList} label="Open queries" value={data.openQueries} to="/queries" />
        <StatusCounts byStatus={data.byStatus} title="Your queries by status" description="Every query you submitted." />
        <AssessmentsPanel />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Recent updates</CardTitle>
          <CardDescription>What happened to your queries lately.</CardDescription>
        </CardHeader>
        <CardContent>
          {data.recentUpdates.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No updates yet.{" "}
              <Link to="/queries" className="font-medium text-primary hover:underline">
                Submit a query
              </Link>{" "}
              and its progress shows here.
            </p>
          ) : (
            <CollapsibleList
              items={data.recentUpdates.map((u, i) => ({ ...u, key: `${u.queryId}-${u.at}-${i}` }))}
              getKey={(u) => u.key}
              className="grid grid-cols-1 gap-3"
              itemClassName="flex gap-3 text-sm"
              renderItem={(u) => (
                <div className="min-w-0 flex-1">
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                    <Link
                      to="/queries/$id"
                      params={{ id: u.queryId }}
                      className="font-mono text-xs font-semibold text-primary hover:underline"
                    >
                      {u.reference}
                    </Link>
                    {u.kind === "status" && u.toStatus && (QUERY_STATUSES as readonly string[]).includes(u.toStatus) ? (
                      <QueryStatusBadge status={u.toStatus as QueryStatus} />
                    ) : (
                      <span className="text-xs text-muted-foreground">
                        {u.kind === "comment"
                          ? "New comment"
                          : u.kind === "document"
                            ? "Document added"
                            : u.kind === "booking_requested"
                              ? "Assessment booked"
                              : "Experts updated"}
                      </span>
                    )}
                  </p>
                  {u.kind === "comment" || u.kind === "status" ? (
                    u.body && <p className="mt-0.5 line-clamp-2 text-muted-foreground">{u.body}</p>
                  ) : (
                    <p className="mt-0.5 line-clamp-2 text-muted-foreground">
                      {u.actorName ?? "System"} {describeQueryEvent({ ...u, fromStatus: null }).action}
                    </p>
                  )}
                  <p className="text-xs text-muted-foreground">
                    {u.actorName ?? "System"} · {formatDateTime(u.at)}
                  </p>
                </div>
              )}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function ConsultantSummary({ data }: { data: Extract<DashboardSummary, { role: "consultant" }> }) {
  const unbilled = useUnbilledCount();
  return (
    <div className="mt-6 grid grid-cols-1 items-start gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,3fr)]">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-1">
        <FigureCard icon={Inbox} label="Waiting for your answer" value={data.pending.length} to="/queries" tone="warn" />
        <FigureCard icon={ClipboardList} label="Accepted assignments" value={data.acceptedCount} to="/queries" />
        {unbilled !== null && <FigureCard icon={Receipt} label="Work to invoice" value={unbilled} to="/expert-invoice-generator" />}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Pending assignments</CardTitle>
          <CardDescription>The agency proposed you for these queries. Read the instructions, then accept or decline.</CardDescription>
        </CardHeader>
        <CardContent>
          {data.pending.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nothing waits for your answer. New assignments appear here.</p>
          ) : (
            <PendingAssignmentList items={data.pending} itemClassName="py-3 first:pt-0 last:pb-0" />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function MiniList({ items, empty }: { items: QueryListItem[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <CollapsibleList
      items={items}
      getKey={(q) => q.id}
      // Each item takes three lines: two on a phone before "Show all" keep the dashboard short.
      limit={2}
      className="grid grid-cols-1 gap-2.5"
      itemClassName="min-w-0 text-sm"
      renderItem={(q) => (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <Link to="/queries/$id" params={{ id: q.id }} className="font-mono text-xs font-semibold text-primary hover:underline">
              {q.reference}
            </Link>
            <PriorityBadge priority={q.priority} />
          </p>
          <p className="truncate">{q.subject}</p>
          <p className="truncate text-xs text-muted-foreground">
            {q.firmName ?? q.attorneyName} · waiting {formatAge(q.createdAt)}
          </p>
        </>
      )}
    />
  );
}

function StaffSummary({ data }: { data: Extract<DashboardSummary, { role: "administrator" | "employee" }> }) {
  return (
    <div className="mt-6 grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <FigureCard
          icon={Inbox}
          label="Waiting for review"
          value={data.waitingCount}
          to="/admin/query-management"
          search={{ status: "submitted", sort: "oldest" }}
        />
        <FigureCard
          icon={AlarmClock}
          label="Overdue for review"
          value={data.overdueCount}
          to="/admin/query-management"
          search={{ status: "submitted", sort: "oldest" }}
          tone="warn"
        />
        <FigureCard
          icon={UserPlus}
          label="Specializations without an expert"
          value={data.unassignedCount}
          to="/consultant-assignments"
          tone="warn"
        />
        <FigureCard icon={ClipboardList} label="Your open queries" value={data.myOpenCount} to="/employee-dashboard" />
      </div>
      <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>New queries waiting for review</CardTitle>
            <CardDescription className="max-sm:hidden">Oldest first. Take one into review from its page.</CardDescription>
          </CardHeader>
          <CardContent>
            <MiniList items={data.waitingForReview} empty="No new query waits for review." />
            {data.overdue.length > 0 && (
              <div className="mt-4 rounded-md border border-amber-200 bg-amber-50/60 p-3">
                <p className="mb-2 flex items-center gap-1.5 text-xs font-semibold text-amber-800">
                  <AlarmClock aria-hidden className="size-3.5" />
                  Overdue: not acknowledged within the SLA
                </p>
                <MiniList items={data.overdue} empty="" />
              </div>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Unassigned specializations</CardTitle>
            <CardDescription className="max-sm:hidden">Requested experts nobody has been proposed for.</CardDescription>
          </CardHeader>
          <CardContent>
            {data.unassigned.length === 0 ? (
              <p className="text-sm text-muted-foreground">Every requested specialization has an expert.</p>
            ) : (
              // One column that may shrink (grid-cols-1), so a long specialization is cut short
              // rather than pushing the query reference out of the card.
              <CollapsibleList
                items={data.unassigned}
                getKey={(u) => `${u.queryId}-${u.specialization}`}
                className="grid grid-cols-1 gap-2 text-sm"
                itemClassName="flex items-center justify-between gap-2"
                renderItem={(u) => (
                  <>
                    <span className="min-w-0 truncate" title={u.specialization}>
                      {u.specialization}
                    </span>
                    <Link
                      to="/queries/$id"
                      params={{ id: u.queryId }}
                      hash="assign"
                      className="shrink-0 font-mono text-xs font-semibold text-primary hover:underline"
                    >
                      {u.reference}
                    </Link>
                  </>
                )}
              />
            )}
          </CardContent>
        </Card>
        <StatusCounts byStatus={data.byStatus} title="Queries per status" description="Across the agency." />
      </div>
    </div>
  );
}
