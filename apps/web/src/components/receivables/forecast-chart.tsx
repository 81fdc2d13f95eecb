import type { ReceivablesOverview } from "@medlegal/domain";
import { formatRand } from "@medlegal/domain";
import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

const WIDTH = 640;
const HEIGHT = 240;
const MARGIN = { top: 12, right: 12, bottom: 32, left: 56 };
const DUE = "#2563eb";
const DEFERRED = "#d97706";

/** "R 12k" on the axis; the table gives the exact amounts. */
const axisRand = (cents: number) => (cents >= 100_000_00 ? `R ${Math.round(cents / 100_000_00)}m` : cents >= 100_000 ? `R ${Math.round(cents / 100_000)}k` : `R ${Math.round(cents / 100)}`);

/**
 * Expected inflows per month, due and deferred stacked (@visx; loaded only with the administrators'
 * receivables card). The drawing is hidden from assistive technology: the table carries the numbers.
 */
export function ForecastChart({ months }: { months: ReceivablesOverview["months"] }) {
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: months.map((m) => m.month), range: [0, innerWidth], padding: 0.3 });
  const y = scaleLinear<number>({ domain: [0, Math.max(100, ...months.map((m) => m.dueCents + m.deferredCents))], range: [innerHeight, 0], nice: true });
  const label = new Map(months.map((m) => [m.month, m.label]));
  return (
    <div className="grid gap-4 xl:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)] xl:items-start">
      <figure className="m-0">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" aria-hidden focusable="false">
          <Group left={MARGIN.left} top={MARGIN.top}>
            {months.map((m) => {
              const left = x(m.month) ?? 0;
              const dueTop = y(m.dueCents);
              const deferredTop = y(m.dueCents + m.deferredCents);
              return (
                <g key={m.month}>
                  <Bar x={left} y={dueTop} width={x.bandwidth()} height={innerHeight - dueTop} fill={DUE} rx={2} />
                  <Bar x={left} y={deferredTop} width={x.bandwidth()} height={dueTop - deferredTop} fill={DEFERRED} rx={2} />
                </g>
              );
            })}
            <AxisLeft scale={y} numTicks={4} tickFormat={(v) => axisRand(Number(v))} stroke="#cbd5e1" tickStroke="#cbd5e1" tickLabelProps={{ fill: "#475569", fontSize: 11, textAnchor: "end", dx: -4, dy: 3 }} />
            <AxisBottom top={innerHeight} scale={x} tickFormat={(m) => (label.get(m) ?? m).slice(0, 3)} stroke="#cbd5e1" tickStroke="#cbd5e1" tickLabelProps={{ fill: "#475569", fontSize: 11, textAnchor: "middle" }} />
          </Group>
        </svg>
        <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ background: DUE }} /> Due
          </span>
          <span className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ background: DEFERRED }} /> Deferred to settlement
          </span>
        </figcaption>
      </figure>
      <table className="w-full text-sm">
        <caption className="sr-only">Expected inflows per month for the next 12 months</caption>
        <thead>
          <tr className="border-b text-left text-xs text-muted-foreground">
            <th scope="col" className="py-1.5 font-medium">Month</th>
            <th scope="col" className="py-1.5 text-right font-medium">Due</th>
            <th scope="col" className="py-1.5 text-right font-medium">Deferred</th>
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b last:border-0">
              <th scope="row" className="py-1.5 text-left font-normal">{m.label}</th>
              <td className="py-1.5 text-right tabular-nums">{formatRand(m.dueCents)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatRand(m.deferredCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
