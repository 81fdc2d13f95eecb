import type { Slot } from "@medlegal/domain";
import { Check } from "lucide-react";
import { placeOf } from "@/lib/back-to-back";
import { formatTime } from "@/lib/booking-time";
import { cn } from "@/lib/utils";

export interface DayBoardColumn {
  key: string;
  title: string;
  subtitle: string;
  slots: readonly Slot[];
  loading?: boolean;
}

/**
 * Several experts' free slots on one day, side by side (stacked on small screens), so staff can
 * pick consecutive times for one claimant. One pick per column; picking the chosen one again clears it.
 */
export function DayBoard({
  columns,
  picks,
  onPick,
  highlightPlace,
}: {
  columns: readonly DayBoardColumn[];
  picks: Record<string, string | undefined>;
  onPick: (key: string, slot: Slot | null) => void;
  /** The venue the other picks are at: slots elsewhere are dimmed. */
  highlightPlace?: string | null;
}) {
  return (
    <div className="grid gap-3 md:grid-flow-col md:auto-cols-[minmax(13rem,1fr)] md:overflow-x-auto md:pb-1">
      {columns.map((col) => (
        <section key={col.key} aria-label={`${col.title}'s free slots`} className="flex flex-col rounded-lg border bg-card">
          <header className="border-b px-3 py-2">
            <h4 className="truncate text-sm font-semibold">{col.title}</h4>
            <p className="truncate text-xs text-muted-foreground">{col.subtitle}</p>
          </header>
          {col.loading ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">Loading free slots…</p>
          ) : col.slots.length === 0 ? (
            <p className="px-3 py-4 text-sm text-muted-foreground">No free slot this day.</p>
          ) : (
            <ul className="grid gap-1.5 p-2 max-md:grid-cols-2">
              {col.slots.map((slot) => {
                const chosen = picks[col.key] === slot.startsAt;
                const elsewhere = !!highlightPlace && placeOf(slot) !== highlightPlace && !chosen;
                return (
                  <li key={slot.startsAt}>
                    <button
                      type="button"
                      aria-pressed={chosen}
                      // Starts with the visible times and place (WCAG 2.5.3, label in name).
                      aria-label={`${formatTime(slot.startsAt)}–${formatTime(slot.endsAt)}, ${placeOf(slot)}, ${col.title}`}
                      onClick={() => onPick(col.key, chosen ? null : slot)}
                      className={cn(
                        "flex w-full items-center justify-between gap-2 rounded-md border px-2.5 py-1.5 text-left text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        chosen
                          ? "border-primary bg-primary text-primary-foreground"
                          : "border-input hover:border-primary/50 hover:bg-accent",
                        elsewhere && "opacity-55",
                      )}
                    >
                      <span className="font-semibold tabular-nums">
                        {formatTime(slot.startsAt)}–{formatTime(slot.endsAt)}
                      </span>{" "}
                      <span
                        className={cn(
                          "flex min-w-0 items-center gap-1 truncate text-xs",
                          chosen ? "text-primary-foreground/85" : "text-muted-foreground",
                        )}
                      >
                        <span className="truncate">{placeOf(slot)}</span>
                        {chosen && <Check aria-hidden className="size-3.5 shrink-0" />}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
