import { nextDeadline } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { AlertTriangle } from "lucide-react";
import { LoadState } from "@/components/load-state";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { NextDeadlineText } from "./next-deadline";
import { ReadinessBadge } from "./readiness-badge";

/**
 * The court's clock of a query's case, in short (issue 26): the trial, the matter's readiness in
 * words, the nearest deadline and any RAF warning; the case page has the whole plan.
 */
export function CourtClockCard({ caseId }: { caseId: string }) {
  const clock = trpc.courtClock.get.useQuery({ caseId }, { retry: false });
  const view = clock.data;
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>Court clock</CardTitle>
          {view?.readiness && <ReadinessBadge level={view.readiness.level} />}
        </div>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm">
        <LoadState query={clock} loadingLabel="Loading the court clock" loadingRows={2} errorTitle="Could not load the court clock">
          {view && (
            <>
              <p>{view.trialDate ? `Trial on ${formatDay(view.trialDate)}.` : "No trial date yet."}</p>
              {view.readiness?.reasons[0] && <p className="text-muted-foreground">{view.readiness.reasons[0]}</p>}
              {view.statutory
                .filter((s) => s.warning)
                .map((s) => (
                  <p key={s.kind} role="alert" className="flex gap-2 font-medium text-destructive">
                    <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
                    {s.warning}
                  </p>
                ))}
              <div>
                <p className="text-xs font-medium text-muted-foreground uppercase">Next deadline</p>
                <NextDeadlineText deadline={nextDeadline(view)} />
              </div>
              <Link
                to="/cases/$id"
                params={{ id: caseId }}
                className="rounded-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                Court dates of {view.caseReference}
              </Link>
            </>
          )}
        </LoadState>
      </CardContent>
    </Card>
  );
}
