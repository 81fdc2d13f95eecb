import type { ReceivablesOverview } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { StackedBars } from "@/components/charts/stacked-bars";

const DUE = "#2563eb";
const DEFERRED = "#d97706";

/** "R 12k" on the axis; the table gives the exact amounts. */
const axisRand = (cents: number) =>
  cents >= 100_000_00
    ? `R ${Math.round(cents / 100_000_00)}m`
    : cents >= 100_000
      ? `R ${Math.round(cents / 100_000)}k`
      : `R ${Math.round(cents / 100)}`;

/**
 * Expected inflows per month, due and deferred stacked (@visx; loaded only with the administrators'
 * receivables card). The drawing is hidden from assistive technology: the table carries the numbers.
 */
export function ForecastChart({ months }: { months: ReceivablesOverview["months"] }) {
  const label = new Map(months.map((m) => [m.month, m.label]));
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] xl:items-start">
      <StackedBars
        data={months.map((m) => ({ key: m.month, values: [m.dueCents, m.deferredCents] }))}
        series={[
          { label: "Due", color: DUE },
          { label: "Deferred to settlement", color: DEFERRED },
        ]}
        keyLabel={(m) => (label.get(m) ?? m).slice(0, 3)}
        valueLabel={axisRand}
        width={640}
        left={56}
      />
      <table className="w-full text-sm">
        <caption className="sr-only">Expected inflows per month for the next 12 months</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              Month
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Due
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Deferred
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">
                {m.label}
              </th>
              <td className="py-1.5 text-right tabular-nums">{formatRand(m.dueCents)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatRand(m.deferredCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
