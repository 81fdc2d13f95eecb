import type { SlaViewState } from "@medlegal/domain";
import { SLA_VIEW_STATE_LABELS } from "@medlegal/domain";
import { cn } from "@/lib/utils";

const STATE_CLASS: Record<SlaViewState, string> = {
  on_track: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  at_risk: "bg-amber-50 text-amber-900 ring-amber-300",
  breached: "bg-red-50 text-red-800 ring-red-300",
  paused: "bg-slate-100 text-slate-700 ring-slate-300",
  met: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  missed: "bg-red-50 text-red-800 ring-red-300",
  cancelled: "bg-slate-100 text-slate-600 ring-slate-200",
};

/** A timer's state as a coloured pill with its word (colour is never the only sign). */
export function SlaStateBadge({ state, className }: { state: SlaViewState; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset",
        STATE_CLASS[state],
        className,
      )}
    >
      {SLA_VIEW_STATE_LABELS[state]}
    </span>
  );
}
