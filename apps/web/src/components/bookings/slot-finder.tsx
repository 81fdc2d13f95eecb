import type { Slot } from "@medlegal/domain";
import { addDays } from "@medlegal/domain";
import { ChevronLeft, ChevronRight, RefreshCw } from "lucide-react";
import * as React from "react";
import { formatDayMonth, saToday } from "@/lib/booking-time";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { Button } from "../ui/button";
import { ErrorState } from "../ui/error-state";
import { SlotPicker } from "./slot-picker";

const WINDOW_DAYS = 28;

/**
 * A consultant's free slots, computed on the server, four weeks at a time from today; earlier and
 * later buttons move the window. The slot list refreshes when the booking queries are invalidated
 * (for instance after "That time slot has just been taken").
 */
export function SlotFinder({
  consultantId,
  selected,
  onSelect,
  excludeStartsAt,
}: {
  consultantId: string;
  selected: string | null;
  onSelect: (slot: Slot) => void;
  /** The booking's own time when rescheduling (not offered again). */
  excludeStartsAt?: string;
}) {
  const today = saToday();
  const [from, setFrom] = React.useState(today);
  const to = addDays(from, WINDOW_DAYS - 1);
  const slots = trpc.bookings.listSlots.useQuery({ consultantId, from, to }, { placeholderData: (prev) => prev });
  const items = (slots.data ?? []).filter((s) => s.startsAt !== excludeStartsAt);

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {formatDayMonth(from)} – {formatDayMonth(to)}
          {slots.data && ` · ${items.length} free slot${items.length === 1 ? "" : "s"}`}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            disabled={from <= today}
            onClick={() => setFrom(addDays(from, -WINDOW_DAYS) < today ? today : addDays(from, -WINDOW_DAYS))}
          >
            <ChevronLeft aria-hidden />
            Earlier
          </Button>
          <Button variant="outline" size="sm" onClick={() => setFrom(addDays(from, WINDOW_DAYS))}>
            Later weeks
            <ChevronRight aria-hidden />
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label="Refresh free slots"
            onClick={() => void slots.refetch()}
            disabled={slots.isFetching}
          >
            <RefreshCw className={slots.isFetching ? "animate-spin" : undefined} />
          </Button>
        </div>
      </div>
      {slots.isError ? (
        <ErrorState title="Could not load the free slots" message={trpcErrorMessage(slots.error)} onRetry={() => void slots.refetch()} />
      ) : (
        <div className="max-h-[28rem] overflow-y-auto rounded-lg">
          <SlotPicker
            slots={items}
            selected={selected}
            onSelect={onSelect}
            loading={slots.isLoading}
            emptyText={
              <>
                <p className="font-medium text-foreground">No free slots in these four weeks.</p>
                <p>Look at later weeks, or choose another consultant.</p>
              </>
            }
          />
        </div>
      )}
    </div>
  );
}
