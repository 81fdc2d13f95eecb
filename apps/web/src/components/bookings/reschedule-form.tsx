import type { Slot } from "@medlegal/domain";
import { rescheduleBookingSchema } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatWhen, formatWhenRange } from "@/lib/booking-time";
import { Button } from "../ui/button";
import { Field, FieldError } from "../ui/field";
import { Spinner } from "../ui/spinner";
import { Textarea } from "../ui/textarea";
import { venueLabel } from "./booking-status-badge";

export interface RescheduleInput {
  id: string;
  startsAt: string;
  note?: string;
}

/**
 * Moves a booking to the slot chosen above it, with an optional new note for the expert (empty
 * keeps the current one); checked by the server's own reschedule schema.
 */
export function RescheduleForm({
  booking,
  slot,
  pending = false,
  serverErrors,
  onSubmit,
  onChooseAnother,
}: {
  booking: { id: string; startsAt: string; note: string | null };
  slot: Slot;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (input: RescheduleInput) => void;
  onChooseAnother: () => void;
}) {
  const toPayload = (f: { note: string }): RescheduleInput => ({
    id: booking.id,
    startsAt: slot.startsAt,
    note: f.note.trim() || undefined,
  });
  const { err, formRef, text, submit } = useZodForm<{ note: string }>({
    initial: () => ({ note: "" }),
    schema: rescheduleBookingSchema,
    toPayload,
    idPrefix: "reschedule",
    pending,
    serverErrors,
  });
  return (
    <form
      ref={formRef}
      noValidate
      className="grid gap-4 rounded-lg border bg-muted/40 p-4"
      onSubmit={submit((f) => onSubmit(toPayload(f)))}
      aria-label="Move the assessment"
    >
      <p className="text-sm">
        Move from <span className="font-medium">{formatWhen(booking.startsAt)}</span> to{" "}
        <span className="font-medium">{formatWhenRange(slot.startsAt, slot.endsAt)}</span>,{" "}
        <span className="font-medium">{venueLabel(slot)}</span>.
      </p>
      {err("startsAt") && <FieldError id="reschedule-startsAt-error">{err("startsAt")}</FieldError>}
      <Field label="Note for the expert (optional)" htmlFor="reschedule-note" error={err("note")}>
        <Textarea {...text("note")} maxLength={1000} placeholder={booking.note ?? "Leave empty to keep the current note"} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onChooseAnother} disabled={pending}>
          Choose another
        </Button>
        <Button type="submit" disabled={pending}>
          {pending && <Spinner decorative className="size-4 text-current" />}
          Move the assessment
        </Button>
      </div>
    </form>
  );
}
