import type * as React from "react";
import { cn } from "@/lib/utils";

/** A value shown where a field would be, that cannot be changed here (with an optional reason). */
export function ReadOnlyField({
  label,
  hint,
  title,
  className,
  children,
}: {
  label: string;
  hint?: string;
  title?: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <p className="text-sm leading-none font-medium">{label}</p>
      <p className={cn("flex h-9 items-center truncate rounded-md border bg-muted/60 px-3 text-sm", className)} title={title}>
        {children}
      </p>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}
