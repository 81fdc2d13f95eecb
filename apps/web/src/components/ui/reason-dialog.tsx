import * as React from "react";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { Field } from "./field";
import { Spinner } from "./spinner";
import { Textarea } from "./textarea";

/**
 * Asks for a reason before an action that needs one (cancel a query, decline an assignment).
 * The confirm button does nothing until a reason is written; the dialog stays open while it runs.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label = "Reason",
  placeholder,
  requiredMessage = "Give a reason",
  confirmLabel,
  cancelLabel = "Keep it",
  destructive = true,
  pending = false,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: React.ReactNode;
  label?: string;
  placeholder?: string;
  requiredMessage?: string;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  /** May return a promise: the dialog closes when it resolves and stays open (for another try) when it rejects. */
  onConfirm: (reason: string) => void | Promise<unknown>;
  /** Where focus goes on close, when the button that opened the dialog is gone (call `preventDefault`). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const [reason, setReason] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const id = React.useId();

  React.useEffect(() => {
    if (open) {
      setReason("");
      setError(null);
    }
  }, [open]);

  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (pending) return;
    const trimmed = reason.trim();
    if (!trimmed) {
      setError(requiredMessage);
      return;
    }
    const result = onConfirm(trimmed);
    if (result instanceof Promise) result.then(() => onOpenChange(false), () => undefined);
  }

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent showClose={false} onCloseAutoFocus={onCloseAutoFocus}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field label={label} htmlFor={`${id}-reason`} error={error} required>
            <Textarea
              id={`${id}-reason`}
              value={reason}
              maxLength={1000}
              placeholder={placeholder}
              disabled={pending}
              autoFocus
              onChange={(e) => {
                setReason(e.target.value);
                if (error && e.target.value.trim()) setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-reason-error` : undefined}
            />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
              {pending && <Spinner decorative className="size-4 text-current" />}
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
