import type { SlaTimerItem } from "@medlegal/domain";
import { describeTimeLeft, SLA_POLICY_LABELS, slaDueLabel } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { Pause, Play } from "lucide-react";
import { SlaStateBadge } from "@/components/sla/sla-state-badge";
import { Button } from "@/components/ui/button";
import { ListTable } from "@/components/ui/list-table";
import { cn } from "@/lib/utils";

/** Staff get an Actions column (pause, resume); the others have nothing to do there, so no column. */
const COLUMNS = {
  manage: "lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_8rem_minmax(0,1fr)_9rem]",
  view: "lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)_8rem_minmax(0,1fr)]",
};

/** How a timer's time left reads: "due in 5 h", "paused, 3 d left", "met". */
function timeLeftText(item: SlaTimerItem): string {
  if (item.status === "met") return "Met";
  if (item.status === "missed") return "Missed";
  if (item.status === "cancelled") return "Cancelled";
  const text = describeTimeLeft(item.timeLeftMs);
  if (!item.paused) return text;
  return item.timeLeftMs >= 0 ? `Paused, ${text.replace(/^due in /, "")} left` : `Paused, ${text}`;
}

/**
 * The timers of `/sla-tracking`. The case manager is the agency's own note: staff see who it is (or
 * that there is none); attorneys and experts get no line rather than a wrong "not assigned".
 */
export function SlaTimerList({
  items,
  manage,
  resuming = false,
  onPause,
  onResume,
}: {
  items: SlaTimerItem[];
  /** Staff: the case manager and the Pause and Resume actions. */
  manage: boolean;
  resuming?: boolean;
  onPause: (item: SlaTimerItem) => void;
  onResume: (item: SlaTimerItem) => void;
}) {
  const columns = manage ? COLUMNS.manage : COLUMNS.view;
  return (
    <ListTable
      columns={columns}
      label="SLA timers"
      head={
        <>
          <span>Timer</span>
          <span>Due</span>
          <span>State</span>
          <span>Who</span>
          {manage && <span className="text-right">Actions</span>}
        </>
      }
    >
      {items.map((item) => {
        const late = item.timeLeftMs < 0 && item.status === "open";
        return (
          <li key={item.id} className={cn("grid gap-2 px-4 py-3.5 lg:items-center lg:gap-4", columns)}>
            <div className="min-w-0">
              <p className="truncate text-sm font-medium">{SLA_POLICY_LABELS[item.policy]}</p>
              <p className="truncate text-xs text-muted-foreground">
                <Link
                  to="/queries/$id"
                  params={{ id: item.queryId }}
                  className="font-mono underline-offset-2 hover:underline focus-visible:underline"
                >
                  {item.queryReference}
                </Link>{" "}
                · {item.querySubject} · target {item.target}
              </p>
            </div>
            <div className="min-w-0 text-sm">
              <p className={cn("font-medium", late ? "text-red-700" : item.state === "at_risk" ? "text-amber-800" : "")}>
                {timeLeftText(item)}
              </p>
              <p className="text-xs text-muted-foreground">
                <span className="lg:sr-only">Due </span>
                {slaDueLabel(item.dueAt)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-1.5">
              <SlaStateBadge state={item.state} />
              {item.paused && item.state === "breached" && <SlaStateBadge state="paused" />}
            </div>
            <div className="min-w-0 text-xs text-muted-foreground">
              {item.paused && item.pauseReason && <p className="truncate text-foreground">Paused: {item.pauseReason}</p>}
              {manage && <p className="truncate">Case manager: {item.assignedEmployeeName ?? "not assigned"}</p>}
              {item.consultantName && <p className="truncate">Expert: {item.consultantName}</p>}
              {!manage && item.pauseKind === "hold" && <p>Resumes with the query</p>}
            </div>
            {manage && (
              <div className="flex justify-end gap-2">
                {item.status === "open" && !item.paused && (
                  <Button
                    variant="outline"
                    size="sm"
                    onClick={() => onPause(item)}
                    aria-label={`Pause ${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference}`}
                  >
                    <Pause aria-hidden /> Pause
                  </Button>
                )}
                {item.status === "open" && item.pauseKind === "manual" && (
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={resuming}
                    onClick={() => onResume(item)}
                    aria-label={`Resume ${SLA_POLICY_LABELS[item.policy]} on ${item.queryReference}`}
                  >
                    <Play aria-hidden /> Resume
                  </Button>
                )}
                {item.pauseKind === "hold" && <span className="text-xs text-muted-foreground">Resumes with the query</span>}
              </div>
            )}
          </li>
        );
      })}
    </ListTable>
  );
}
