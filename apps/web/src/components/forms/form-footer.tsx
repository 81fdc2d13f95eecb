import * as React from "react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";

/**
 * A form's last row: an optional note (left on wide screens), an optional secondary button
 * (Cancel, Discard) and the submit button, which shows a spinner while the form is sent.
 */
export function FormFooter({
  pending = false,
  submitLabel,
  submitDisabled = false,
  note,
  secondaryLabel = "Cancel",
  onSecondary,
  secondaryDisabled = false,
  className,
}: {
  pending?: boolean;
  submitLabel: React.ReactNode;
  submitDisabled?: boolean;
  note?: React.ReactNode;
  secondaryLabel?: string;
  onSecondary?: () => void;
  secondaryDisabled?: boolean;
  className?: string;
}) {
  return (
    <div className={cn("flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-end", className)}>
      {note}
      {onSecondary && (
        <Button variant="outline" onClick={onSecondary} disabled={pending || secondaryDisabled}>
          {secondaryLabel}
        </Button>
      )}
      <Button type="submit" disabled={pending || submitDisabled}>
        {pending && <Spinner decorative className="size-4 text-current" />}
        {submitLabel}
      </Button>
    </div>
  );
}

/** A short line beside the footer's buttons; `alert` announces it (a refused submit). */
export function FormNote({ alert = false, children }: { alert?: boolean; children: React.ReactNode }) {
  return (
    <p role={alert ? "alert" : undefined} className={cn("text-xs sm:mr-auto", alert ? "text-destructive" : "text-muted-foreground")}>
      {children}
    </p>
  );
}

export const CORRECT_HIGHLIGHTED = "Please correct the highlighted fields.";

/** Save (disabled while saving or unchanged) and a way back to the saved values. */
export function FormActions({
  pending,
  dirty,
  onReset,
  label = "Save changes",
}: {
  pending: boolean;
  dirty: boolean;
  onReset?: () => void;
  label?: string;
}) {
  return (
    <FormFooter
      className="pt-5"
      pending={pending}
      submitLabel={label}
      submitDisabled={!dirty}
      note={dirty && !pending ? <FormNote>You have unsaved changes.</FormNote> : undefined}
      secondaryLabel="Discard"
      onSecondary={onReset}
      secondaryDisabled={!dirty}
    />
  );
}
