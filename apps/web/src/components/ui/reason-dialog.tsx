import * as React from "react";
import { z } from "zod";
import { useZodForm } from "@/hooks/use-zod-form";
import { Button } from "./button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "./dialog";
import { Field } from "./field";
import { Spinner } from "./spinner";
import { Textarea } from "./textarea";

/**
 * Asks for a reason before an action that needs one (cancel a query, decline an assignment).
 * The reason is checked by the server's own schema for it (`reasonSchema`, e.g.
 * `slaPauseSchema.shape.reason`), so the dialog refuses what the server would, with its sentence;
 * the error waits for the first try, then follows each change. The dialog stays open while it runs.
 */
export function ReasonDialog({
  open,
  onOpenChange,
  title,
  description,
  label = "Reason",
  placeholder,
  reasonSchema,
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
  /** The server's schema of the reason: a required, trimmed, bounded text. */
  reasonSchema: z.ZodType<string, string>;
  confirmLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  pending?: boolean;
  /** Gets the reason as the server stores it (trimmed). May return a promise: the dialog closes when it resolves and stays open (for another try) when it rejects. */
  onConfirm: (reason: string) => void | Promise<unknown>;
  /** Where focus goes on close, when the button that opened the dialog is gone (call `preventDefault`). */
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const id = React.useId();
  const schema = React.useMemo(() => z.object({ reason: reasonSchema }), [reasonSchema]);
  const { err, formRef, text, submit } = useZodForm<{ reason: string }>({
    initial: () => ({ reason: "" }),
    schema,
    idPrefix: id,
    pending,
    // Each opening starts from an empty reason.
    resetKey: open,
    mode: "onSubmit",
  });

  const confirm = submit((values) => {
    const result = onConfirm(schema.parse(values).reason);
    if (result instanceof Promise)
      result.then(
        () => onOpenChange(false),
        () => undefined,
      );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent showClose={false} onCloseAutoFocus={onCloseAutoFocus}>
        <form ref={formRef} onSubmit={confirm} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field label={label} htmlFor={`${id}-reason`} error={err("reason")} required>
            <Textarea {...text("reason")} maxLength={1000} placeholder={placeholder} autoFocus />
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
