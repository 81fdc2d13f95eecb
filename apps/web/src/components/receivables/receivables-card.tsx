import type { ReceivablesOverview } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { LineChart } from "lucide-react";
import * as React from "react";
import { LoadState } from "@/components/load-state";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { trpc } from "@/lib/trpc";

const ForecastChart = React.lazy(() => import("./forecast-chart").then((m) => ({ default: m.ForecastChart })));

const COLUMNS: [keyof ReceivablesOverview["totals"], string][] = [
  ["deferredCents", "Deferred"],
  ["dueCents", "Due"],
  ["overdueCents", "Overdue"],
  // Part of due and overdue (issue 37): a past-long-stop amount is owed like any other.
  ["pastLongStopCents", "Of which past long-stop"],
  ["interestCents", "Interest"],
];

/** Exposure per firm: deferred, due, overdue (of which past the long-stop), and interest accrued after it. */
function Exposure({ overview }: { overview: ReceivablesOverview }) {
  return (
    // On a phone the table scrolls sideways: a focusable region, so the keyboard reaches it too.
    <div
      className="overflow-x-auto rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
      tabIndex={0}
      role="region"
      aria-label="Exposure per firm"
    >
      <table className="w-full min-w-[36rem] text-sm">
        <caption className="sr-only">Exposure per firm</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              Firm
            </th>
            {COLUMNS.map(([key, label]) => (
              <th key={key} scope="col" className="py-1.5 text-right font-medium">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {overview.firms.map((f) => (
            <tr key={f.attorneyId} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">
                {f.firmName ?? f.attorneyName}
                {f.firmName && <span className="block text-xs text-muted-foreground">{f.attorneyName}</span>}
              </th>
              {COLUMNS.map(([key]) => (
                <td key={key} className="py-1.5 text-right tabular-nums">
                  {formatRand(f[key])}
                </td>
              ))}
            </tr>
          ))}
          <tr className="border-t font-medium">
            <th scope="row" className="py-1.5 text-left">
              All firms
            </th>
            {COLUMNS.map(([key]) => (
              <td key={key} className="py-1.5 text-right tabular-nums">
                {formatRand(overview.totals[key])}
              </td>
            ))}
          </tr>
        </tbody>
      </table>
    </div>
  );
}

/** The administrators' receivables (issue 29): the 12-month forecast of expected inflows and the exposure per firm. */
export function ReceivablesCard() {
  const overview = trpc.receivables.overview.useQuery();
  return (
    <Card className="min-w-0">
      <CardHeader>
        <CardTitle>Receivables forecast</CardTitle>
        <CardDescription>
          Open balances by the month payment is expected: due invoices by their due date, deferred ones by their case's settlement, taxation
          or long-stop. Late ones count this month.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <LoadState
          query={overview}
          loadingLabel="Loading the forecast"
          loadingRows={3}
          errorTitle="The forecast could not be loaded"
          isEmpty={(overview.data?.firms ?? []).length === 0}
          emptyIcon={LineChart}
          emptyTitle="Nothing is owed to the agency"
        >
          {overview.data && (
            <div className="grid gap-6">
              <React.Suspense fallback={<Spinner label="Loading the chart" />}>
                <ForecastChart months={overview.data.months} />
              </React.Suspense>
              <div className="grid gap-2">
                <h3 className="text-sm font-medium">Exposure per firm</h3>
                <p className="text-xs text-muted-foreground">
                  An amount past its case's long-stop is due or overdue like any other; "Of which past long-stop" shows how much of those it
                  is.
                </p>
                <Exposure overview={overview.data} />
              </div>
            </div>
          )}
        </LoadState>
      </CardContent>
    </Card>
  );
}
