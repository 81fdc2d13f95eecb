import { StackedBars } from "@/components/charts/stacked-bars";
import { formatMonth } from "@/lib/booking-time";

export interface MonthCount {
  month: string;
  met: number;
  missed: number;
}

const MET = "#059669";
const MISSED = "#dc2626";

const SHORT = new Intl.DateTimeFormat("en-GB", { month: "short", year: "2-digit", timeZone: "UTC" });
/** "Nov 26" under a bar; the table says "November 2026". */
const shortMonth = (month: string) => SHORT.format(new Date(`${month}-01T00:00:00Z`));
const monthLabel = (month: string) => formatMonth(`${month}-01`);

/**
 * Met and missed timers per month as stacked bars (@visx; this module is only loaded with the
 * `/sla-monitoring` route). The drawing is hidden from assistive technology: the table beside it
 * carries the same numbers.
 */
export function MonthlyChart({ data, caption }: { data: MonthCount[]; caption: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] lg:items-start">
      <StackedBars
        data={data.map((d) => ({ key: d.month, values: [d.met, d.missed] }))}
        series={[
          { label: "Met", color: MET },
          { label: "Missed", color: MISSED },
        ]}
        keyLabel={shortMonth}
      />
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">
              Month
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Met
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Missed
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Compliance
            </th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.month} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">
                {monthLabel(d.month)}
              </th>
              <td className="py-1.5 text-right tabular-nums">{d.met}</td>
              <td className="py-1.5 text-right tabular-nums">{d.missed}</td>
              <td className="py-1.5 text-right tabular-nums">
                {d.met + d.missed ? `${Math.round((d.met / (d.met + d.missed)) * 100)} %` : "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
