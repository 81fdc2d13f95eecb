/** How every bench prints: the machine it ran on, then each figure next to its target (docs/decisions.md, "Performance"). */
import { cpus, totalmem } from "node:os";

export function machine(): string {
  const gib = (totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus()[0]?.model?.trim() ?? "unknown CPU"}, ${cpus().length} cores, ${gib} GiB memory, Node ${process.version}`;
}

/** One line: the figure, what was measured, the target and whether it is met (null: informative). */
export function row(figure: string, measured: string, target: string, met: boolean | null): void {
  const mark = met === null ? "" : met ? "  ok" : "  MISSED";
  console.log(`  ${figure.padEnd(58)} ${measured.padStart(12)}   target ${target}${mark}`);
}
