import * as React from "react";
import { cn } from "@/lib/utils";

/** A grey placeholder block shown while content loads. */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div aria-hidden className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

/** Rows of placeholder lines for a list that is loading, announced once to screen readers. */
export function ListSkeleton({ rows = 5, label = "Loading", className }: { rows?: number; label?: string; className?: string }) {
  return (
    <div role="status" className={cn("overflow-hidden rounded-lg border bg-card", className)}>
      <span className="sr-only">{label}</span>
      <ul className="divide-y">
        {Array.from({ length: rows }, (_, i) => (
          <li key={i} className="grid gap-2 px-4 py-4">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </li>
        ))}
      </ul>
    </div>
  );
}
