import type { CourtClockView } from "@medlegal/domain";
import { can, saShortDateLabel } from "@medlegal/domain";
import { Link, useNavigate } from "@tanstack/react-router";
import { RequestAddendumDialog } from "@/components/reports/request-addendum-dialog";
import { useCurrentUser } from "@/hooks/use-auth";
import { formatDay } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { ReadinessBadge } from "./readiness-badge";

/** Staff: ask the same expert for an addendum to the stale report, saying what it must cover. */
function RequestAddendum({ reportId, reference, expertName }: { reportId: string; reference: string; expertName: string | null }) {
  const me = useCurrentUser().data;
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  if (!me || !can(me.role, "reports.review")) return null;
  return (
    <RequestAddendumDialog
      size="sm"
      className="mt-2 flex bg-card"
      reportId={reportId}
      reference={reference}
      expertName={expertName}
      onRequested={(created) => {
        void utils.courtClock.invalidate();
        void navigate({ to: "/reports/$id", params: { id: created.id } });
      }}
    />
  );
}

const left = (days: number) => (days < 0 ? `${-days} court days late` : days === 0 ? "today" : `${days} court days left`);

/** Each requested discipline's backward plan from the trial date: the latest date of each step and whether it is done. */
export function CourtPlan({ view }: { view: CourtClockView }) {
  if (!view.trialDate)
    return (
      <p className="text-sm text-muted-foreground">Enter the trial date to see each expert's latest dates, counted back in court days.</p>
    );
  if (view.disciplines.length === 0)
    return <p className="text-sm text-muted-foreground">No expert is requested on this case yet: submit a query to plan the reports.</p>;
  return (
    <ul className="grid gap-4" aria-label="Plan per discipline">
      {view.disciplines.map((d) => (
        <li key={`${d.queryId}/${d.specializationId}`} className="rounded-md border p-3 sm:p-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h3 className="font-medium">{d.discipline}</h3>
              <p className="text-xs text-muted-foreground">
                <Link
                  to="/queries/$id"
                  params={{ id: d.queryId }}
                  className="rounded-sm font-mono hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {d.queryReference}
                </Link>
                {" · "}
                {d.expertName ?? "No expert yet"}
              </p>
            </div>
            {d.level && <ReadinessBadge level={d.level} />}
          </div>
          {d.reason && <p className="mt-2 text-sm">{d.reason}</p>}
          {d.staleReport && (
            <div className="mt-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              <strong>{d.staleReport.flag}:</strong> report {d.staleReport.reference}, released {formatDay(d.staleReport.releasedOn)}, will
              be older than {view.staleReportMonths} months at the trial.{" "}
              <Link to="/reports/$id" params={{ id: d.staleReport.reportId }} className="font-medium underline">
                Open the report
              </Link>
              {d.staleReport.addendum ? (
                <p className="mt-2">
                  Addendum{" "}
                  <Link to="/reports/$id" params={{ id: d.staleReport.addendum.id }} className="font-medium underline">
                    {d.staleReport.addendum.reference}
                  </Link>{" "}
                  requested.
                </p>
              ) : (
                <RequestAddendum reportId={d.staleReport.reportId} reference={d.staleReport.reference} expertName={d.expertName} />
              )}
            </div>
          )}
          <dl className="mt-3 grid gap-2 text-sm">
            {d.plan.map((s) => (
              <div key={s.step} className="grid gap-x-3 sm:grid-cols-[minmax(0,1fr)_8rem_11rem]">
                <dt className="text-muted-foreground">{s.label}</dt>
                <dd className="font-medium tabular-nums">{formatDay(s.dueOn)}</dd>
                <dd className="text-xs text-muted-foreground sm:text-sm">
                  {s.done
                    ? "Done"
                    : s.bookedOn
                      ? `booked ${saShortDateLabel(s.bookedOn)}, ${left(s.courtDaysLeft)}`
                      : s.beforeInstruction
                        ? "passed before the agency was instructed"
                        : left(s.courtDaysLeft)}
                  {s.source === "court_order" && " · court order"}
                </dd>
                {s.conflict && <dd className="text-xs text-amber-900 sm:col-span-3">{s.conflict}</dd>}
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}
