import type { CourtClockView } from "@medlegal/domain";
import { COURT_DIVISION_LABEL } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { AlertTriangle } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/hooks/use-toast";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcFieldErrors } from "@/lib/trpc-errors";
import { CourtDatesForm } from "./court-dates-form";
import { CourtOrders } from "./court-orders";
import { CourtPlan } from "./court-plan";
import { ReadinessBadge } from "./readiness-badge";

/** The statutory RAF deadlines, in calendar days; a loud warning from 90 days before while not done. */
function Statutory({ view }: { view: CourtClockView }) {
  if (view.statutory.length === 0)
    return <p className="text-sm text-muted-foreground">The RAF deadlines apply to Road Accident Fund claims only.</p>;
  const warnings = view.statutory.flatMap((s) => (s.warning ? [s.warning] : []));
  return (
    <div className="grid gap-3">
      {warnings.length > 0 && (
        <div
          role="alert"
          className="flex gap-2 rounded-md border-2 border-destructive bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
        >
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <div>
            {warnings.map((w) => (
              <p key={w}>{w}</p>
            ))}
          </div>
        </div>
      )}
      <dl className="grid gap-2 text-sm">
        {view.statutory.map((s) => (
          <div key={s.kind} className="grid gap-x-3 sm:grid-cols-[minmax(0,1fr)_8rem_13rem]">
            <dt className="text-muted-foreground">{s.label}</dt>
            <dd className="font-medium tabular-nums">{formatDay(s.dueOn)}</dd>
            <dd className="text-xs text-muted-foreground sm:text-sm">
              {s.done ? "Done" : s.daysLeft < 0 ? `${-s.daysLeft} calendar days ago` : `${s.daysLeft} calendar days left`}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/**
 * The "Court dates" section of a case (issue 26): the court facts, the RAF deadlines, the court's
 * orders and the plan per discipline with the matter's readiness in words.
 */
export function CourtDatesSection({ caseId }: { caseId: string }) {
  const utils = trpc.useUtils();
  const clock = trpc.courtClock.get.useQuery({ caseId }, { retry: false });
  const saved = (view: CourtClockView, title: string) => {
    utils.courtClock.get.setData({ caseId }, view);
    void utils.courtClock.matters.invalidate();
    toast({ title, description: view.readiness ? `Readiness: ${view.readiness.level}.` : undefined });
  };
  const setDates = trpc.courtClock.setDates.useMutation({
    onSuccess: (v) => saved(v, "Court dates saved"),
    meta: { errorTitle: "Could not save the court dates" },
  });
  const addOrder = trpc.courtClock.addOrder.useMutation({
    onSuccess: (v) => saved(v, "Court order item added"),
    meta: { errorTitle: "Could not add the order item" },
  });
  const removeOrder = trpc.courtClock.removeOrder.useMutation({
    onSuccess: (v) => saved(v, "Court order item removed"),
    meta: { errorTitle: "Could not remove the order item" },
  });
  const dateErrors = React.useMemo(() => trpcFieldErrors(setDates.error), [setDates.error]);
  const orderErrors = React.useMemo(() => trpcFieldErrors(addOrder.error), [addOrder.error]);
  const view = clock.data;

  return (
    <section aria-labelledby="court-dates-heading" className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="court-dates-heading" className="text-lg font-semibold">
          Court dates
        </h2>
        <Link
          to="/trial-calendar"
          className="rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          Trial calendar
        </Link>
      </div>
      <LoadState query={clock} loadingLabel="Loading the court dates" errorTitle="Could not load the court dates">
        {view && (
          <>
            <Card>
              <CardHeader>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <CardTitle>Readiness for trial</CardTitle>
                  {view.readiness && <ReadinessBadge level={view.readiness.level} />}
                </div>
                <CardDescription>
                  {view.trialDate
                    ? `Trial on ${formatDay(view.trialDate)} (${view.trialDaysLeft! >= 0 ? `${view.trialDaysLeft} calendar days away` : "past"})${view.courtDivision ? `, ${COURT_DIVISION_LABEL[view.courtDivision]}` : ""}. Plan steps count court days: weekends and public holidays excluded.`
                    : "No trial date yet."}
                </CardDescription>
              </CardHeader>
              <CardContent className="grid gap-4">
                {view.readiness && view.readiness.reasons.length > 0 && (
                  <ul className="grid gap-1 text-sm" aria-label="Why">
                    {view.readiness.reasons.map((r) => (
                      <li key={r}>{r}</li>
                    ))}
                  </ul>
                )}
                <CourtPlan view={view} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>RAF deadlines</CardTitle>
                <CardDescription>
                  From the accident on {formatDay(view.accidentDate)}; statutory periods count calendar days.
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Statutory view={view} />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Trial and court</CardTitle>
              </CardHeader>
              <CardContent>
                <CourtDatesForm
                  view={view}
                  pending={setDates.isPending}
                  serverErrors={dateErrors}
                  onSubmit={(payload) => setDates.mutate(payload)}
                />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Court orders</CardTitle>
                <CardDescription>Dates set by pre-trial and case-management orders.</CardDescription>
              </CardHeader>
              <CardContent>
                <CourtOrders
                  view={view}
                  pending={addOrder.isPending || removeOrder.isPending}
                  serverErrors={orderErrors}
                  onAdd={(payload) => addOrder.mutate(payload)}
                  onRemove={(id) => removeOrder.mutate({ id })}
                />
              </CardContent>
            </Card>
          </>
        )}
      </LoadState>
    </section>
  );
}
