import type { RecordRequestItem } from "@medlegal/domain";
import { AWAITING_DECISION, RECORD_REMINDER_LEAD_DAYS } from "@medlegal/domain";
import { AlertTriangle } from "lucide-react";
import { cn } from "@/lib/utils";

type ClockOf = Pick<RecordRequestItem, "status" | "clock">;

/**
 * A request the agency must act on now: deemed refused (appeal, or the Regulator), or a request on
 * consent alone past its day ("overdue"). A deposit still unpaid stands the clock still, so never overdue.
 */
export function needsAction({ status, clock }: ClockOf): boolean {
  if (status === "deemed_refused") return true;
  return AWAITING_DECISION.includes(status) && status !== "fee_requested" && clock.daysLeft !== null && clock.daysLeft < 0;
}

/** Within the first reminder's lead (7 days) of the holder's day: worth a look, not yet late. */
function dueSoon({ status, clock }: ClockOf): boolean {
  return (
    AWAITING_DECISION.includes(status) &&
    status !== "fee_requested" &&
    clock.daysLeft !== null &&
    clock.daysLeft >= 0 &&
    clock.daysLeft <= RECORD_REMINDER_LEAD_DAYS[0]
  );
}

/** The clock's sentence; red with "Needs action" in words (not by colour alone) when late, amber when near. */
export function RecordClock({ item, className }: { item: ClockOf; className?: string }) {
  if (needsAction(item)) {
    return (
      <p className={cn("flex items-start gap-1.5 text-sm font-medium text-destructive", className)}>
        <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          <span className="mr-1 rounded-sm bg-destructive/10 px-1 py-px text-xs font-semibold tracking-wide uppercase">Needs action</span>
          {item.clock.summary}
        </span>
      </p>
    );
  }
  return (
    <p className={cn("text-sm", dueSoon(item) ? "font-medium text-amber-800" : "text-muted-foreground", className)}>{item.clock.summary}</p>
  );
}
