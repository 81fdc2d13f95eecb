import type { Raf4View } from "@medlegal/domain";
import { RAF5_WARN_DAYS } from "@medlegal/domain";
import { formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";

/**
 * The RAF 5 dispute clock of a rejected RAF 4 in words: the deadline and the calendar days left,
 * red from RAF5_WARN_DAYS before it (when the reminder goes) and once passed.
 */
export function Raf5Clock({ raf5, className }: { raf5: NonNullable<Raf4View["raf5"]>; className?: string }) {
  const late = raf5.daysLeft < 0;
  const urgent = late || raf5.daysLeft <= RAF5_WARN_DAYS;
  const left = late ? `${-raf5.daysLeft} calendar days late` : raf5.daysLeft === 0 ? "due today" : `${raf5.daysLeft} calendar days left`;
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-normal ring-1",
        urgent ? "bg-red-50 text-red-800 ring-red-200" : "bg-amber-50 text-amber-900 ring-amber-300",
        className,
      )}
    >
      RAF 5 dispute by {formatDay(raf5.deadline)}: {left}
    </span>
  );
}
