import type { Readiness } from "@medlegal/domain";
import { cn } from "@/lib/utils";

const LOOK: Record<Readiness, { label: string; className: string }> = {
  green: { label: "Green: on track", className: "bg-emerald-50 text-emerald-800 ring-emerald-200" },
  amber: { label: "Amber: at risk", className: "bg-amber-50 text-amber-900 ring-amber-300" },
  red: { label: "Red: late", className: "bg-red-50 text-red-800 ring-red-200" },
};

/** A matter's or a discipline's readiness for trial, in colour and in words (the reason sits beside it). */
export function ReadinessBadge({ level, className }: { level: Readiness; className?: string }) {
  const look = LOOK[level];
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1",
        look.className,
        className,
      )}
    >
      {look.label}
    </span>
  );
}
