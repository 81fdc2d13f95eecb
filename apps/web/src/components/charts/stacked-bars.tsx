import { AxisBottom, AxisLeft } from "@visx/axis";
import { Group } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { Bar } from "@visx/shape";

export interface StackedSeries {
  label: string;
  color: string;
}

const HEIGHT = 240;
const AXIS = { stroke: "#cbd5e1", tickStroke: "#cbd5e1" };
const TICK = { fill: "#475569", fontSize: 11 };

/**
 * Stacked bars, one per key, with their axes and a legend (@visx). The drawing is hidden from
 * assistive technology: the caller puts a table beside it that carries the same numbers.
 */
export function StackedBars({
  data,
  series,
  keyLabel,
  valueLabel = (v) => String(v),
  width = 560,
  left = 36,
}: {
  /** One bar per key; `values[i]` is the height of `series[i]`, stacked from the bottom. */
  data: { key: string; values: number[] }[];
  series: StackedSeries[];
  keyLabel: (key: string) => string;
  valueLabel?: (value: number) => string;
  width?: number;
  /** Room for the value axis's labels. */
  left?: number;
}) {
  const margin = { top: 12, right: 12, bottom: 32, left };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = HEIGHT - margin.top - margin.bottom;
  const x = scaleBand<string>({ domain: data.map((d) => d.key), range: [0, innerWidth], padding: 0.3 });
  const max = Math.max(1, ...data.map((d) => d.values.reduce((a, b) => a + b, 0)));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${width} ${HEIGHT}`} className="h-auto w-full" aria-hidden focusable="false">
        <Group left={margin.left} top={margin.top}>
          {data.map((d) => {
            let base = 0;
            return (
              <g key={d.key}>
                {d.values.map((value, i) => {
                  const bottom = y(base);
                  base += value;
                  const top = y(base);
                  return (
                    <Bar
                      key={series[i]!.label}
                      x={x(d.key) ?? 0}
                      y={top}
                      width={x.bandwidth()}
                      height={bottom - top}
                      fill={series[i]!.color}
                      rx={2}
                    />
                  );
                })}
              </g>
            );
          })}
          <AxisLeft
            scale={y}
            numTicks={4}
            tickFormat={(v) => valueLabel(Number(v))}
            {...AXIS}
            tickLabelProps={{ ...TICK, textAnchor: "end", dx: -4, dy: 3 }}
          />
          <AxisBottom top={innerHeight} scale={x} tickFormat={keyLabel} {...AXIS} tickLabelProps={{ ...TICK, textAnchor: "middle" }} />
        </Group>
      </svg>
      <figcaption className="mt-1 flex flex-wrap gap-4 text-xs text-muted-foreground">
        {series.map((s) => (
          <span key={s.label} className="flex items-center gap-1.5">
            <span aria-hidden className="inline-block size-2.5 rounded-sm" style={{ background: s.color }} /> {s.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
