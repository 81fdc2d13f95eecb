import type { BillingEventKind, CaseBillingView } from "@medlegal/domain";
import { BILLING_EVENT_KINDS, BILLING_EVENT_LABELS, billingEventInputSchema } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";

interface EventFormState {
  kind: BillingEventKind | "";
  occurredOn: string;
  namesQualifyingFees: boolean;
  namesReservationFees: boolean;
}

export type EventPayload = {
  caseId: string;
  kind: BillingEventKind;
  occurredOn: string;
  namesQualifyingFees?: boolean;
  namesReservationFees?: boolean;
};

/** Records a settlement or court order (and whether it names the experts' qualifying and reservation fees), the taxation, or the RAF's payment. */
export function EventForm({
  view,
  pending,
  serverErrors,
  onSubmit,
}: {
  view: CaseBillingView;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: EventPayload) => void;
}) {
  const toPayload = (f: EventFormState) => ({
    caseId: view.caseId,
    kind: f.kind,
    occurredOn: f.occurredOn,
    ...(f.kind === "order" ? { namesQualifyingFees: f.namesQualifyingFees, namesReservationFees: f.namesReservationFees } : {}),
  });
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<EventFormState>({
    initial: () => ({ kind: "", occurredOn: "", namesQualifyingFees: false, namesReservationFees: false }),
    schema: billingEventInputSchema,
    toPayload,
    idPrefix: "billing-event",
    pending,
    serverErrors,
    resetKey: view.events.map((e) => `${e.kind}:${e.occurredOn}`).join(),
  });
  const check = (name: "namesQualifyingFees" | "namesReservationFees", label: string) => (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-primary"
        checked={form[name]}
        disabled={pending}
        onChange={(e) => patch({ [name]: e.target.checked })}
      />
      {label}
    </label>
  );
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit((f) => onSubmit(toPayload(f) as EventPayload))}
      aria-label="Record a billing event"
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <Field label="Event" htmlFor="billing-event-kind" error={err("kind")} required>
          <NativeSelect {...bind("kind")} value={form.kind} onChange={(e) => patch({ kind: e.target.value as BillingEventKind })}>
            <option value="" disabled>
              Select…
            </option>
            {BILLING_EVENT_KINDS.map((k) => (
              <option key={k} value={k}>
                {BILLING_EVENT_LABELS[k]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Date" htmlFor="billing-event-occurredOn" error={err("occurredOn")} required>
          <Input {...text("occurredOn")} type="date" max={todayInSa()} />
        </Field>
      </div>
      {form.kind === "order" && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">The order names</legend>
          {check("namesQualifyingFees", "the experts' qualifying fees")}
          {check("namesReservationFees", "the experts' reservation fees")}
        </fieldset>
      )}
      <FormFooter pending={pending} submitLabel="Record event" />
    </form>
  );
}
