import type { CancellationClass } from "@medlegal/domain";
import { CANCELLATION_CLASS_LABEL, CANCELLATION_CLASSES, cancelBookingSchema, defaultCancellationClass } from "@medlegal/domain";
import { AlertTriangle } from "lucide-react";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatWhen } from "@/lib/booking-time";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../ui/dialog";
import { Field } from "../ui/field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";

const CLASS_HINT: Record<CancellationClass, string> = {
  chargeable: "The attorney is invoiced the cancellation fee.",
  no_fee: "Nobody is invoiced.",
  no_fee_pay_expert: "The attorney is not invoiced, but the expert is paid for the reserved time.",
};

export interface CancelBookingValue {
  reason: string;
  cancellationClass?: CancellationClass;
}

/** What the server checks besides the booking's id: the reason and the class. */
const cancelValueSchema = cancelBookingSchema.omit({ id: true });

/**
 * Asks for a reason before cancelling a booking, checked by the server's own schema (its sentence
 * shows under the reason after the first try). Staff also choose the cancellation class, with
 * "chargeable" preselected under 24 hours' notice (defaultCancellationClass); attorneys are told
 * which class applies. Stays open while the cancel runs, and after a failed one.
 */
export function CancelBookingDialog({
  open,
  onOpenChange,
  booking,
  chooseClass,
  pending = false,
  now,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  booking: { reference: string; startsAt: string; patientName: string; consultantName: string } | null;
  /** Staff pick the class; an attorney's cancellation gets the default. */
  chooseClass: boolean;
  pending?: boolean;
  now?: Date;
  onConfirm: (value: CancelBookingValue) => void | Promise<unknown>;
}) {
  const id = React.useId();
  const defaultClass = booking ? defaultCancellationClass(new Date(booking.startsAt), now ?? new Date()) : "no_fee";
  const { form, patch, err, formRef, text, submit } = useZodForm<{ reason: string; cancellationClass: CancellationClass }>({
    initial: () => ({ reason: "", cancellationClass: defaultClass }),
    schema: cancelValueSchema,
    // An attorney's cancellation takes the default class: only the reason is theirs to get right.
    toPayload: ({ reason, cancellationClass }) => (chooseClass ? { reason, cancellationClass } : { reason }),
    idPrefix: id,
    pending,
    // Start afresh each time the dialog opens for a booking.
    resetKey: open ? (booking?.reference ?? "") : null,
    mode: "onSubmit",
  });
  const cls = form.cancellationClass;

  const confirm = submit((values) => {
    const { reason, cancellationClass } = cancelValueSchema.parse(values);
    const result = onConfirm(chooseClass ? { reason, cancellationClass } : { reason });
    if (result instanceof Promise)
      result.then(
        () => onOpenChange(false),
        () => undefined,
      );
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <DialogContent showClose={false}>
        <form ref={formRef} onSubmit={confirm} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Cancel {booking?.reference ?? "booking"}?</DialogTitle>
            <DialogDescription>
              {booking ? (
                <>
                  {booking.patientName}&rsquo;s assessment with {booking.consultantName} on {formatWhen(booking.startsAt)}. The attorney and
                  the expert are notified.
                </>
              ) : null}
            </DialogDescription>
          </DialogHeader>

          {chooseClass ? (
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium">Cancellation class</legend>
              {CANCELLATION_CLASSES.map((value) => (
                <label
                  key={value}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                    cls === value ? "border-primary bg-accent" : "hover:bg-muted/50",
                  )}
                >
                  <input
                    type="radio"
                    name={`${id}-class`}
                    value={value}
                    checked={cls === value}
                    onChange={() => patch({ cancellationClass: value })}
                    disabled={pending}
                    className="mt-0.5 size-4 accent-[var(--color-primary)]"
                  />
                  <span>
                    <span className="font-medium">{CANCELLATION_CLASS_LABEL[value]}</span>
                    {value === defaultClass && <span className="ml-1.5 text-xs text-muted-foreground">(default)</span>}
                    <span className="block text-xs text-muted-foreground">{CLASS_HINT[value]}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          ) : defaultClass === "chargeable" ? (
            <p className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-900">
              <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
              This is less than 24 hours before the assessment, so the cancellation fee is charged.
            </p>
          ) : (
            <p className="text-sm text-muted-foreground">More than 24 hours&rsquo; notice: no cancellation fee is charged.</p>
          )}

          <Field label="Reason" htmlFor={`${id}-reason`} error={err("reason")} required>
            <Textarea {...text("reason")} maxLength={1000} placeholder="Why is the assessment cancelled?" autoFocus />
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              Keep booking
            </Button>
            <Button type="submit" variant="destructive" disabled={pending}>
              {pending && <Spinner decorative className="size-4 text-current" />}
              Cancel booking
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
