import { addDays } from "@medlegal/domain";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Button } from "@/components/ui/button";
import { formatDayMonth, mondayOf } from "@/lib/booking-time";
import { cn } from "@/lib/utils";

/** Previous / this / next week buttons and the week's dates, for the screens that show one week. */
export function WeekNavigator({
  weekStart,
  today,
  onChange,
  className,
}: {
  /** The Monday shown (YYYY-MM-DD). */
  weekStart: string;
  today: string;
  onChange: (weekStart: string) => void;
  className?: string;
}) {
  const weekEnd = addDays(weekStart, 6);
  return (
    <div className={cn("flex flex-wrap items-center gap-2", className)}>
      <Button variant="outline" size="icon-sm" aria-label="Previous week" onClick={() => onChange(addDays(weekStart, -7))}>
        <ChevronLeft />
      </Button>
      <Button variant="outline" size="sm" onClick={() => onChange(mondayOf(today))} disabled={weekStart === mondayOf(today)}>
        This week
      </Button>
      <Button variant="outline" size="icon-sm" aria-label="Next week" onClick={() => onChange(addDays(weekStart, 7))}>
        <ChevronRight />
      </Button>
      <span className="ml-1 text-sm font-semibold whitespace-nowrap" aria-live="polite">
        {formatDayMonth(weekStart)} – {formatDayMonth(weekEnd)} {weekEnd.slice(0, 4)}
      </span>
    </div>
  );
}
