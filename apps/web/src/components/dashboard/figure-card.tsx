import { Link } from "@tanstack/react-router";
import { ArrowRight, type LucideIcon } from "lucide-react";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/**
 * One dashboard figure: its label, the number and a link to the list behind it. On a phone the
 * number and the link share a line, so two figures per row stay short (docs/decisions.md,
 * "Accessibility and small screens"). `value` null while it loads.
 */
export function FigureCard({
  icon: Icon,
  label,
  value,
  to,
  search,
  linkText = "View",
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: string | number | null;
  to: string;
  search?: Record<string, string>;
  linkText?: string;
  /** "warn" tints the icon amber while the figure is above 0. */
  tone?: "warn";
}) {
  const warn = tone === "warn" && typeof value === "number" && value > 0;
  return (
    <Card className="p-4 sm:p-5">
      <div className="flex items-start justify-between gap-2">
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
        <span
          className={cn(
            "flex size-8 shrink-0 items-center justify-center rounded-md",
            warn ? "bg-amber-50 text-amber-700" : "bg-accent text-accent-foreground",
          )}
        >
          <Icon className="size-4" aria-hidden />
        </span>
      </div>
      <div className="mt-2 flex flex-wrap items-baseline justify-between gap-x-2 sm:block">
        <p className="text-2xl font-semibold tracking-tight tabular-nums sm:text-3xl">{value ?? <Spinner />}</p>
        <Link
          to={to}
          search={search}
          className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring sm:mt-3"
        >
          {linkText}
          <ArrowRight className="size-3.5" aria-hidden />
        </Link>
      </div>
    </Card>
  );
}
