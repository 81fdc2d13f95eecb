import type { CourtMatters } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ArrowRight, Gavel } from "lucide-react";
import { daysLeftLabel, NextDeadlineText } from "@/components/court-clock/next-deadline";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { trpc } from "@/lib/trpc";

const SHOWN_DEADLINES = 3;

function TrialCalendarLink() {
  return (
    <Link
      to="/trial-calendar"
      className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
    >
      Open the trial calendar
      <ArrowRight className="size-3.5" aria-hidden />
    </Link>
  );
}

/** Staff: how many upcoming trials are at amber and red, in one line. */
function AgencyReadiness({ matters }: { matters: CourtMatters }) {
  const { trials, amber, red } = matters;
  return (
    <Card className="mt-6 p-4">
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <p className="flex items-center gap-2 text-sm">
          <Gavel className="size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span>
            <span className="font-medium">Trials ahead: {trials.length}.</span>{" "}
            <span className={red > 0 ? "font-medium text-destructive" : undefined}>{red} red</span>,{" "}
            <span className={amber > 0 ? "font-medium text-amber-900" : undefined}>{amber} amber</span>
          </span>
        </p>
        <TrialCalendarLink />
      </div>
    </Card>
  );
}

/** An attorney: their matters' nearest deadlines, nearest first (on a phone the nearest one, in a line). */
function AttorneyDeadlines({ matters }: { matters: CourtMatters }) {
  const shown = matters.byDeadline.slice(0, SHOWN_DEADLINES);
  const nearest = shown[0]!;
  return (
    <>
      <Card className="mt-6 p-4 sm:hidden">
        <p className="flex items-start gap-2 text-sm">
          <Gavel className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
          <span className="min-w-0">
            <span className="font-medium">Nearest court deadline:</span> {nearest.caseReference},{" "}
            {nearest.nextDeadline!.label.toLowerCase()}{" "}
            <span className={nearest.nextDeadline!.left < 0 ? "font-medium text-destructive" : "text-muted-foreground"}>
              ({daysLeftLabel(nearest.nextDeadline!.left, nearest.nextDeadline!.counts).toLowerCase()})
            </span>
          </span>
        </p>
        <div className="mt-2">
          <TrialCalendarLink />
        </div>
      </Card>
      <AttorneyDeadlinesList shown={shown} />
    </>
  );
}

function AttorneyDeadlinesList({ shown }: { shown: CourtMatters["byDeadline"] }) {
  return (
    <Card className="mt-6 max-sm:hidden">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gavel className="size-4 text-muted-foreground" aria-hidden />
          Nearest court deadlines
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3" aria-label="Nearest court deadlines">
          {shown.map((m) => (
            <li key={m.caseId} className="grid gap-1 sm:grid-cols-[9rem_minmax(0,1fr)] sm:gap-3">
              <Link
                to="/cases/$id"
                params={{ id: m.caseId }}
                className="self-start rounded-sm font-mono text-xs font-semibold text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
              >
                {m.caseReference}
              </Link>
              <NextDeadlineText deadline={m.nextDeadline} />
            </li>
          ))}
        </ul>
        <div className="mt-3">
          <TrialCalendarLink />
        </div>
      </CardContent>
    </Card>
  );
}

/**
 * The court's clock on the dashboard (issue 26): staff see the count of trials at amber and red, an
 * attorney their nearest deadlines. Quiet while there is nothing to show (or it could not load:
 * the trial calendar says why).
 */
export function CourtDeadlinesCard({ staff }: { staff: boolean }) {
  const matters = trpc.courtClock.matters.useQuery();
  if (!matters.data) return null;
  if (staff) return matters.data.trials.length > 0 ? <AgencyReadiness matters={matters.data} /> : null;
  return matters.data.byDeadline.length > 0 ? <AttorneyDeadlines matters={matters.data} /> : null;
}
