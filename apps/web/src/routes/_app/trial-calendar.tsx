import { COURT_DIVISION_LABEL } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { CalendarDays, Download, Gavel } from "lucide-react";
import { NextDeadlineText } from "@/components/court-clock/next-deadline";
import { ReadinessBadge } from "@/components/court-clock/readiness-badge";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { ListTable } from "@/components/ui/list-table";
import { formatDay } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/trial-calendar")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.courtClock.matters.prefetch()),
  component: TrialCalendarPage,
});

const COLUMNS = "lg:grid-cols-[9rem_minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,2fr)_minmax(0,1.5fr)]";

/**
 * Upcoming trials of the caller's matters (issue 26): staff see every matter, an attorney their own.
 * Each with its readiness in words and its nearest deadline; reached from the dashboards and the case page.
 */
function TrialCalendarPage() {
  const matters = trpc.courtClock.matters.useQuery();
  const trials = matters.data?.trials ?? [];
  return (
    <>
      <PageHeader
        title="Trial calendar"
        description="Upcoming trials, nearest first, with each matter's readiness: green on track, amber at risk, red late."
        actions={
          <Button asChild variant="outline">
            <a href="/api/cases/trial-dates.ics" download>
              <Download aria-hidden />
              Trial dates (.ics)
            </a>
          </Button>
        }
      />
      {matters.data && (matters.data.amber > 0 || matters.data.red > 0) && (
        <p className="mb-4 text-sm" role="status">
          <span className="font-medium">{matters.data.red} red</span> and <span className="font-medium">{matters.data.amber} amber</span>{" "}
          {matters.data.red + matters.data.amber === 1 ? "matter needs" : "matters need"} attention before trial.
        </p>
      )}
      <LoadState
        query={matters}
        loadingLabel="Loading the trial calendar"
        errorTitle="Could not load the trial calendar"
        isEmpty={trials.length === 0}
        emptyIcon={CalendarDays}
        emptyTitle="No trial dates ahead"
        emptyText="Set a trial date in a case's Court dates section and the matter appears here."
      >
        <ListTable
          columns={COLUMNS}
          label="Upcoming trials"
          head={
            <>
              <span>Trial</span>
              <span>Case</span>
              <span>Court</span>
              <span>Readiness</span>
              <span>Next deadline</span>
            </>
          }
        >
          {trials.map((m) => (
            <li key={m.caseId} className={cn("grid gap-2 px-4 py-3.5 lg:items-start lg:gap-4", COLUMNS)}>
              <div>
                <p className="font-medium tabular-nums">{formatDay(m.trialDate!)}</p>
                <p className="text-xs text-muted-foreground">{m.trialDaysLeft === 0 ? "Today" : `In ${m.trialDaysLeft} calendar days`}</p>
              </div>
              <div className="min-w-0">
                <Link
                  to="/cases/$id"
                  params={{ id: m.caseId }}
                  className="rounded-sm font-mono text-xs font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {m.caseReference}
                </Link>
                <p className="truncate text-sm">{m.claimantName}</p>
                <p className="truncate text-xs text-muted-foreground">{m.attorneyName}</p>
              </div>
              <p className="flex items-start gap-1.5 text-sm">
                <Gavel aria-hidden className="mt-0.5 size-3.5 shrink-0 text-muted-foreground lg:hidden" />
                {m.courtDivision ? COURT_DIVISION_LABEL[m.courtDivision] : "Court not set"}
              </p>
              <div className="grid justify-items-start gap-1">
                {m.readiness && <ReadinessBadge level={m.readiness} />}
                {m.reason && <p className="text-sm break-words text-muted-foreground">{m.reason}</p>}
              </div>
              <NextDeadlineText deadline={m.nextDeadline} />
            </li>
          ))}
        </ListTable>
      </LoadState>
    </>
  );
}
