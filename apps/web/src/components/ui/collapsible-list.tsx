import { ChevronDown } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";

/**
 * A list that shows its first `limit` items on a phone, with "Show all N" for the rest, so a
 * dashboard card stays short at 375 px; from the `sm` breakpoint up every item shows and there is
 * no button (docs/decisions.md, "Accessibility and small screens").
 */
export function CollapsibleList<T>({
  items,
  getKey,
  renderItem,
  limit = 3,
  className,
  itemClassName,
  buttonClassName,
  label,
}: {
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T) => React.ReactNode;
  limit?: number;
  className?: string;
  itemClassName?: string;
  buttonClassName?: string;
  /** The list's accessible name, when it needs one. */
  label?: string;
}) {
  const [expanded, setExpanded] = React.useState(false);
  const listId = React.useId();
  const collapsible = items.length > limit;
  return (
    <>
      <ul id={listId} aria-label={label} className={className}>
        {items.map((item, i) => (
          <li key={getKey(item)} className={cn(itemClassName, collapsible && !expanded && i >= limit && "max-sm:hidden")}>
            {renderItem(item)}
          </li>
        ))}
      </ul>
      {collapsible && (
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((open) => !open)}
          className={cn(
            "mt-2 inline-flex min-h-6 items-center gap-1 rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring sm:hidden",
            buttonClassName,
          )}
        >
          {expanded ? "Show fewer" : `Show all ${items.length}`}
          <ChevronDown aria-hidden className={cn("size-3.5 transition-transform", expanded && "rotate-180")} />
        </button>
      )}
    </>
  );
}
