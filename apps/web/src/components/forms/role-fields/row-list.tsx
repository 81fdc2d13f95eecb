import { Plus, X } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/utils";
import { Button } from "../../ui/button";
import { FieldError, REQUIRED_MARK } from "../../ui/field";

/** At most this many address, email or phone rows (the schemas cap the lists at 10). */
export const MAX_ROWS = 10;

/** A list of rows under a legend (addresses, emails, phones) with its error and an Add button while under MAX_ROWS. */
export function RowList({
  legend,
  addLabel,
  error,
  count,
  onAdd,
  disabled,
  children,
}: {
  legend: string;
  addLabel: string;
  error?: string;
  count: number;
  onAdd: () => void;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className={cn("mb-1.5 text-sm font-medium", REQUIRED_MARK)}>{legend}</legend>
      {children}
      {error && <FieldError>{error}</FieldError>}
      {count < MAX_ROWS && (
        <div>
          <Button variant="ghost" size="sm" className="-ml-2 text-primary hover:text-primary" onClick={onAdd} disabled={disabled}>
            <Plus />
            {addLabel}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** One row of a RowList, with a remove button while more than one row exists. */
export function Row({
  children,
  onRemove,
  removeLabel,
  disabled,
}: {
  children: React.ReactNode;
  onRemove?: () => void;
  removeLabel: string;
  disabled?: boolean;
}) {
  return (
    <div className="flex items-center gap-2">
      <div className="flex min-w-0 flex-1">{children}</div>
      {onRemove && (
        <Button
          variant="ghost"
          size="icon"
          aria-label={removeLabel}
          title={removeLabel}
          onClick={onRemove}
          disabled={disabled}
          className="text-muted-foreground hover:text-destructive"
        >
          <X />
        </Button>
      )}
    </div>
  );
}
