import type { SlaMonitoring, SlaPolicy } from "@medlegal/domain";
import { describeTimeLeft, SLA_POLICY_LABELS, slaDueLabel } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { Download, Gauge } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { AttendanceCard } from "@/components/sla/attendance-card";
import { PolicyFilter } from "@/components/sla/policy-filter";
import { SlaStateBadge } from "@/components/sla/sla-state-badge";
import { MonthlyChart } from "@/components/sla/monthly-chart";
import type { MonthCount } from "@/components/sla/monthly-chart";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FilterField } from "@/components/ui/filter-bar";
import { NativeSelect } from "@/components/ui/native-select";
import { addMonths, saToday } from "@/lib/booking-time";
import { formatDateTime } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

export const Route = createFileRoute("/_app/sla-monitoring")({
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.sla.getMonitoring.prefetch({ months: FIRST_MONTHS })),
  component: SlaMonitoringPage,
});

const MONTH_CHOICES = [3, 6, 12] as const;
/** The window the page opens on. */
const FIRST_MONTHS = 6;

/** Every month of the window, oldest first, with zeros where nothing was decided. */
function monthsOf(data: SlaMonitoring, months: number, policy: SlaPolicy | ""): MonthCount[] {
  const thisMonth = `${saToday().slice(0, 7)}-01`;
  return Array.from({ length: months }, (_, i) => {
    const month = addMonths(thisMonth, i - months + 1).slice(0, 7);
    const rows = data.perMonth.filter((r) => r.month === month && (!policy || r.policy === policy));
    return { month, met: rows.reduce((n, r) => n + r.met, 0), missed: rows.reduce((n, r) => n + r.missed, 0) };
  });
}

function Figure({ label, value, hint, tone }: { label: string; value: string; hint: string; tone?: "bad" | "warn" }) {
  return (
    <Card>
      <CardContent className="p-4">
        <p className="text-xs font-medium text-muted-foreground">{label}</p>
        <p
          className={cn("mt-1 text-2xl font-semibold tabular-nums", tone === "bad" && "text-red-700", tone === "warn" && "text-amber-800")}
        >
          {value}
        </p>
        <p className="mt-0.5 text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

function ComplianceTable({
  caption,
  first,
  rows,
}: {
  caption: string;
  first: string;
  rows: { key: string; name: string; detail?: string | null; met: number; missed: number; open: number; breached: number }[];
}) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">Nothing measured in this period yet.</p>;
  return (
    // Focusable, so a keyboard can scroll it if a narrow screen ever needs to.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              {first}
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Met
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Missed
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              <span className="sm:hidden">%</span>
              <span className="max-sm:sr-only">Compliance</span>
            </th>
            <th scope="col" className="hidden py-1.5 pl-2 text-right font-medium sm:table-cell">
              Running
            </th>
            <th scope="col" className="py-1.5 pl-2 text-right font-medium">
              Breached
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">
                {r.name}
                {r.detail && <span className="block text-xs text-muted-foreground">{r.detail}</span>}
              </th>
              <td className="py-1.5 pl-2 text-right tabular-nums">{r.met}</td>
              <td className="py-1.5 pl-2 text-right tabular-nums">{r.missed}</td>
              <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums">
                {r.met + r.missed ? `${Math.round((r.met / (r.met + r.missed)) * 100)} %` : "—"}
              </td>
              <td className="hidden py-1.5 pl-2 text-right tabular-nums sm:table-cell">{r.open}</td>
              <td className={cn("py-1.5 pl-2 text-right tabular-nums", r.breached > 0 && "font-semibold text-red-700")}>{r.breached}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SlaMonitoringPage() {
  const [months, setMonths] = React.useState<number>(FIRST_MONTHS);
  const [policy, setPolicy] = React.useState<SlaPolicy | "">("");
  const monitoring = trpc.sla.getMonitoring.useQuery({ months }, { placeholderData: (prev) => prev });
  const data = monitoring.data;

  return (
    <>
      <PageHeader
        title="SLA Monitoring"
        description="Agency-wide compliance with the service levels: this month, per month, per expert and per specialization."
        actions={
          <Button variant="outline" asChild>
            <a href={`/api/sla/export.csv?months=${months}`} download>
              <Download aria-hidden />
              Export CSV
            </a>
          </Button>
        }
      />
      <LoadState
        query={monitoring}
        loadingLabel="Loading SLA figures"
        loadingRows={6}
        errorTitle="Could not load the SLA figures"
        isEmpty={data !== undefined && data.openTimers === 0 && data.perMonth.length === 0}
        emptyIcon={Gauge}
        emptyTitle="No SLA figures to show"
        emptyText={<p>Timers start when queries are submitted; their figures appear here as they run and stop.</p>}
      >
        {data && (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
            <section aria-label="This month" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Figure
                label="Compliance this month"
                value={data.compliancePercent === null ? "—" : `${data.compliancePercent} %`}
                hint={`${data.metThisMonth} met, ${data.missedThisMonth} missed`}
                tone={data.compliancePercent !== null && data.compliancePercent < 90 ? "warn" : undefined}
              />
              <Figure
                label="Open breaches"
                value={String(data.openBreaches)}
                hint={`of ${data.openTimers} running timers`}
                tone={data.openBreaches > 0 ? "bad" : undefined}
              />
              <Figure
                label="At risk"
                value={String(data.atRisk)}
                hint="past the at-risk point, not yet due"
                tone={data.atRisk > 0 ? "warn" : undefined}
              />
              <Figure
                label="Median report turnaround"
                value={
                  data.medianReportTurnaroundHours === null ? "—" : `${Math.round((data.medianReportTurnaroundHours / 24) * 10) / 10} d`
                }
                hint="assessment to approved report"
              />
            </section>

            <Card>
              <CardHeader className="flex-row flex-wrap items-end justify-between gap-3">
                <div>
                  <CardTitle className="text-base">Met and missed per month</CardTitle>
                  <CardDescription>Timers that stopped in each month; cancelled ones are left out.</CardDescription>
                </div>
                <div className="flex flex-wrap gap-3">
                  <PolicyFilter id="monitoring-policy" value={policy} onChange={setPolicy} />
                  <FilterField label="Period" htmlFor="monitoring-months">
                    <NativeSelect id="monitoring-months" value={String(months)} onChange={(e) => setMonths(Number(e.target.value))}>
                      {MONTH_CHOICES.map((m) => (
                        <option key={m} value={m}>
                          Last {m} months
                        </option>
                      ))}
                    </NativeSelect>
                  </FilterField>
                </div>
              </CardHeader>
              <CardContent>
                <MonthlyChart
                  data={monthsOf(data, months, policy)}
                  caption={`Met and missed per month, ${policy ? SLA_POLICY_LABELS[policy] : "all policies"}`}
                />
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle className="text-base">Due within 48 hours</CardTitle>
                <CardDescription>
                  Running timers not yet breached that fall due in the next 48 hours, as of {formatDateTime(data.asOf)}. A forecast: nothing
                  is changed.
                </CardDescription>
              </CardHeader>
              <CardContent>
                {data.forecast.length === 0 ? (
                  <p className="text-sm text-muted-foreground">No running timer falls due in the next 48 hours.</p>
                ) : (
                  <ul className="divide-y" aria-label="Timers due within 48 hours">
                    {data.forecast.map((f) => (
                      <li key={f.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm">
                        <span className="min-w-0">
                          <span className="font-medium">{SLA_POLICY_LABELS[f.policy]}</span> ·{" "}
                          <Link
                            to="/queries/$id"
                            params={{ id: f.queryId }}
                            className="font-mono underline-offset-2 hover:underline focus-visible:underline"
                          >
                            {f.queryReference}
                          </Link>
                          <span className="block text-xs text-muted-foreground">
                            Case manager: {f.assignedEmployeeName ?? "not assigned"}
                          </span>
                        </span>
                        <span className="flex items-center gap-3 text-right">
                          <SlaStateBadge state={f.state} />
                          <span>
                            <span className={cn("block font-medium", f.state === "at_risk" && "text-amber-800")}>
                              {describeTimeLeft(new Date(f.dueAt).getTime() - new Date(data.asOf).getTime())}
                            </span>
                            <span className="block text-xs text-muted-foreground">{slaDueLabel(f.dueAt)}</span>
                          </span>
                        </span>
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>

            <div className="grid grid-cols-[minmax(0,1fr)] gap-6 2xl:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Per expert</CardTitle>
                  <CardDescription>Report timers of each consultant in the period, and those running now.</CardDescription>
                </CardHeader>
                <CardContent>
                  <ComplianceTable
                    caption="SLA compliance per expert"
                    first="Expert"
                    rows={data.perExpert.map((e) => ({ ...e, key: e.consultantId, detail: e.specialization }))}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">Per specialization</CardTitle>
                  <CardDescription>The same report timers by the expert's specialization.</CardDescription>
                </CardHeader>
                <CardContent>
                  <ComplianceTable
                    caption="SLA compliance per specialization"
                    first="Specialization"
                    rows={data.perSpecialization.map((s) => ({ key: s.specialization, name: s.specialization, ...s }))}
                  />
                </CardContent>
              </Card>
            </div>

            <AttendanceCard months={months} />
          </div>
        )}
      </LoadState>
    </>
  );
}
