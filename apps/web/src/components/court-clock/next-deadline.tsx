import type { NextDeadline } from "@medlegal/domain";
import { formatDay } from "@/lib/format";
import { cn } from "@/lib/utils";

/** "12 court days left" / "3 calendar days ago": which days a deadline counts, in words (docs/decisions.md "The court's clock"). */
export function daysLeftLabel(left: number, counts: NextDeadline["counts"]): string {
  if (left === 0) return `Today`;
  return left < 0 ? `${-left} ${counts} ago` : `${left} ${counts} left`;
}

/** A matter's nearest deadline: what, when, and how many days are left. */
export function NextDeadlineText({ deadline, className }: { deadline: NextDeadline | null; className?: string }) {
  if (!deadline) return <span className={cn("text-sm text-muted-foreground", className)}>No open deadline</span>;
  return (
    <span className={cn("grid text-sm", className)}>
      <span className="break-words">{deadline.label}</span>
      <span className={cn("text-xs tabular-nums", deadline.left < 0 ? "font-medium text-destructive" : "text-muted-foreground")}>
        {formatDay(deadline.dueOn)} · {daysLeftLabel(deadline.left, deadline.counts)}
      </span>
    </span>
  );
}
