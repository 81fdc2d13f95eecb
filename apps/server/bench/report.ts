/** How every bench prints: the machine it ran on, then each figure next to its target (docs/decisions.md, "Performance"). */
import { cpus, loadavg, totalmem } from "node:os";

export function machine(): string {
  const gib = (totalmem() / 1024 ** 3).toFixed(1);
  // The load average says how much else the machine ran: every figure follows it.
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
  return `${cpus()[0]?.model?.trim() ?? "unknown CPU"}, ${cpus().length} cores, ${gib} GiB memory, Node ${process.version}, load average ${load}`;
}

/** One line: the figure, what was measured, the target and whether it is met (null: informative). */
export function row(figure: string, measured: string, target: string, met: boolean | null): void {
  const mark = met === null ? "" : met ? "  ok" : "  MISSED";
  console.log(`  ${figure.padEnd(58)} ${measured.padStart(12)}   target ${target}${mark}`);
}
