import type { Slot } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import { CalendarX2, Check } from "lucide-react";
import * as React from "react";
import { formatDayLong, formatTime } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { Skeleton } from "../ui/skeleton";

/** Free slots by South African calendar day, in time order. */
export function groupSlotsByDay(slots: readonly Slot[]): { day: string; slots: Slot[] }[] {
  const byDay = new Map<string, Slot[]>();
  for (const slot of [...slots].sort((a, b) => a.startsAt.localeCompare(b.startsAt))) {
    const day = sastDate(new Date(slot.startsAt));
    const list = byDay.get(day) ?? [];
    list.push(slot);
    byDay.set(day, list);
  }
  return [...byDay.entries()].map(([day, list]) => ({ day, slots: list }));
}

const slotPlace = (slot: Slot) => (slot.mode === "video" ? "Video" : (slot.venue ?? ""));

/**
 * The server's free slots, grouped by day (South African time), each a toggle button showing its
 * time and venue (or "Video"). Picking one calls back with the slot; the chosen one is marked.
 */
export function SlotPicker({
  slots,
  selected,
  onSelect,
  loading = false,
  label = "Free slots",
  emptyText = "No free slots in this period. Try later weeks or another consultant.",
}: {
  slots: readonly Slot[];
  /** startsAt of the chosen slot. */
  selected?: string | null;
  onSelect: (slot: Slot) => void;
  loading?: boolean;
  label?: string;
  emptyText?: React.ReactNode;
}) {
  const groups = React.useMemo(() => groupSlotsByDay(slots), [slots]);

  if (loading) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading free slots</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="rounded-lg border p-3">
            <Skeleton className="h-4 w-40" />
            <div className="mt-3 flex gap-2">
              <Skeleton className="h-12 w-28" />
              <Skeleton className="h-12 w-28" />
              <Skeleton className="h-12 w-28" />
            </div>
          </div>
        ))}
      </div>
    );
  }

  if (groups.length === 0) {
    return (
      <div className="flex items-center gap-3 rounded-lg border border-dashed px-4 py-6 text-sm text-muted-foreground">
        <CalendarX2 aria-hidden className="size-5 shrink-0" />
        <div>{emptyText}</div>
      </div>
    );
  }

  return (
    <div role="group" aria-label={label} className="divide-y rounded-lg border bg-card">
      {groups.map((group) => (
        <section
          key={group.day}
          aria-label={formatDayLong(group.day)}
          className="grid gap-2 px-3 py-2.5 sm:grid-cols-[10.5rem_minmax(0,1fr)] sm:items-start"
          data-day={group.day}
        >
          <h4 className="text-sm font-semibold sm:pt-1.5">{formatDayLong(group.day)}</h4>
          <ul className="flex flex-wrap gap-1.5">
            {group.slots.map((slot) => {
              const isSelected = slot.startsAt === selected;
              return (
                <li key={slot.startsAt}>
                  <button
                    type="button"
                    aria-pressed={isSelected}
                    // Starts with the visible time and place, so the name contains the visible text (WCAG 2.5.3).
                    aria-label={`${formatTime(slot.startsAt)}, ${slotPlace(slot)}, ${formatDayLong(group.day)}`}
                    title={slotPlace(slot)}
                    onClick={() => onSelect(slot)}
                    className={cn(
                      "flex w-[8.75rem] flex-col items-start rounded-md border px-2.5 py-1 text-left transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring",
                      isSelected
                        ? "border-primary bg-primary text-primary-foreground"
                        : "border-input bg-card hover:border-primary/50 hover:bg-accent",
                    )}
                  >
                    <span className="flex w-full items-center justify-between text-sm font-semibold tabular-nums">
                      {formatTime(slot.startsAt)}
                      {isSelected && <Check aria-hidden className="size-3.5" />}
                    </span>{" "}
                    <span className={cn("w-full truncate text-xs", isSelected ? "text-primary-foreground/85" : "text-muted-foreground")}>
                      {slotPlace(slot)}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
