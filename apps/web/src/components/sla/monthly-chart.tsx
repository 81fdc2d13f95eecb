import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";
import { formatMonth } from "@/lib/booking-time";

export interface MonthCount {
  month: string;
  met: number;
  missed: number;
}

const WIDTH = 560;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 32, left: 36 };
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
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.month), range: [0, innerWidth], padding: 0.3 });
  const max = Math.max(1, ...data.map((d) => d.met + d.missed));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] lg:items-start">
      <figure className="m-0">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden focusable="false">
          <Group left={MARGIN.left} top={MARGIN.top}>
            {data.map((d) => {
              const left = x(d.month) ?? 0;
              const metTop = y(d.met);
              const missedTop = y(d.met + d.missed);
              return (
                <g key={d.month}>
                  <Bar x={left} y={metTop} width={x.bandwidth()} height={innerHeight - metTop} fill={MET} rx={2} />
                  <Bar x={left} y={missedTop} width={x.bandwidth()} height={metTop - missedTop} fill={MISSED} rx={2} />
                </g>
              );
            })}
            <AxisLeft scale={y} numTicks={4} tickFormat={(v) => String(v)} stroke="#cbd5e1" tickStroke="#cbd5e1" tickLabelProps={{ fill: "#475569", fontSize: 11, textAnchor: "end", dx: -4, dy: 3 }} />
            <AxisBottom top={innerHeight} scale={x} tickFormat={shortMonth} stroke="#cbd5e1" tickStroke="#cbd5e1" tickLabelProps={{ fill: "#475569", fontSize: 11, textAnchor: "middle" }} />
          </Group>
        </svg>
        <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ background: MET }} /> Met
          </span>
          <span className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ background: MISSED }} /> Missed
          </span>
        </figcaption>
      </figure>
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">Month</th>
            <th scope="col" className="py-1.5 text-right font-medium">Met</th>
            <th scope="col" className="py-1.5 text-right font-medium">Missed</th>
            <th scope="col" className="py-1.5 text-right font-medium">Compliance</th>
          </tr>
        </thead>
        <tbody>
          {data.map((d) => (
            <tr key={d.month} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">{monthLabel(d.month)}</th>
              <td className="py-1.5 text-right tabular-nums">{d.met}</td>
              <td className="py-1.5 text-right tabular-nums">{d.missed}</td>
              <td className="py-1.5 text-right tabular-nums">{d.met + d.missed ? `${Math.round((d.met / (d.met + d.missed)) * 100)} %` : "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
