import type { Slot } from "@medlegal/domain";

/** Where a slot happens, as one key: the venue, or "Video". */
export const placeOf = (slot: Pick<Slot, "venue" | "mode">) => (slot.mode === "video" ? "Video" : (slot.venue ?? ""));

const time = (iso: string) => new Date(iso).getTime();

function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [items.slice()];
  return items.flatMap((item, i) => permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]));
}

export interface Plan {
  /** consultant key -> chosen slot */
  picks: Record<string, Slot>;
  place: string;
  /** Minutes of waiting between assessments, in total. */
  gapMinutes: number;
}

/**
 * One claimant seeing several experts on one day at one venue: picks a slot per consultant, all at
 * the same place, none overlapping, with as little waiting as possible (0 = back to back). Tries
 * every order of the consultants that keeps each `[first, then]` pair in order (a discipline seen
 * after those it waits for, docs/decisions.md "Disciplines that wait"); null when no single venue
 * has a slot for everyone in such an order.
 */
export function planBackToBack(
  slotsByConsultant: Record<string, readonly Slot[]>,
  before: readonly (readonly [string, string])[] = [],
): Plan | null {
  const keys = Object.keys(slotsByConsultant);
  if (keys.length === 0 || keys.some((k) => slotsByConsultant[k]!.length === 0)) return null;
  const places = new Set(keys.flatMap((k) => slotsByConsultant[k]!.map(placeOf)));
  let best: Plan | null = null;
  const inOrder = (order: readonly string[]) =>
    before.every(([first, then]) => !order.includes(first) || !order.includes(then) || order.indexOf(first) < order.indexOf(then));
  const orders = (keys.length <= 6 ? permutations(keys) : [keys]).filter(inOrder);
  for (const place of places) {
    const at = Object.fromEntries(
      keys.map((k) => [k, slotsByConsultant[k]!.filter((s) => placeOf(s) === place).sort((a, b) => a.startsAt.localeCompare(b.startsAt))]),
    );
    if (keys.some((k) => at[k]!.length === 0)) continue;
    for (const order of orders) {
      for (const first of at[order[0]!]!) {
        const picks: Record<string, Slot> = { [order[0]!]: first };
        let end = time(first.endsAt);
        let gap = 0;
        let ok = true;
        for (const key of order.slice(1)) {
          const next = at[key]!.find((s) => time(s.startsAt) >= end);
          if (!next) {
            ok = false;
            break;
          }
          gap += (time(next.startsAt) - end) / 60_000;
          end = time(next.endsAt);
          picks[key] = next;
        }
        if (!ok) continue;
        const start = time(first.startsAt);
        const bestStart = best ? Math.min(...Object.values(best.picks).map((s) => time(s.startsAt))) : Infinity;
        if (!best || gap < best.gapMinutes || (gap === best.gapMinutes && start < bestStart)) best = { picks, place, gapMinutes: gap };
      }
    }
  }
  return best;
}

/** Problems with a set of picks for one claimant: overlapping times, or more than one venue. */
export function pickWarnings(picks: readonly Slot[]): string[] {
  const warnings: string[] = [];
  const sorted = [...picks].sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  for (let i = 1; i < sorted.length; i++) {
    if (time(sorted[i]!.startsAt) < time(sorted[i - 1]!.endsAt)) {
      warnings.push("Two of the chosen times overlap: the claimant cannot be in two assessments at once.");
      break;
    }
  }
  if (new Set(sorted.map(placeOf)).size > 1)
    warnings.push("The chosen slots are at different venues: the claimant would have to travel between them.");
  return warnings;
}
