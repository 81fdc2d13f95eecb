import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A list that reads as a table on wide screens: a visual header row (hidden from assistive
 * technology, which reads each row's own labels) above the named list of rows; rows stack on phones.
 * `columns` is the shared `lg:grid-cols-[…]` of the header and the rows.
 */
export function ListTable({
  columns,
  label,
  head,
  children,
}: {
  columns: string;
  label: string;
  head: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-lg border bg-card">
      <div
        aria-hidden
        className={cn(
          "hidden border-b bg-muted/50 px-4 py-2.5 text-xs font-medium tracking-wide text-muted-foreground uppercase lg:grid lg:gap-4",
          columns,
        )}
      >
        {head}
      </div>
      <ul className="divide-y" aria-label={label}>
        {children}
      </ul>
    </div>
  );
}
