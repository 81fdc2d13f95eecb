import type { Raf4Outcome, Raf4OutcomeInput, Raf4View, TribunalOutcome } from "@medlegal/domain";
import {
  RAF4_OUTCOME_LABELS,
  RAF4_OUTCOMES,
  raf4OutcomeInputSchema,
  raf4TribunalInputSchema,
  TRIBUNAL_OUTCOME_LABELS,
  TRIBUNAL_OUTCOMES,
} from "@medlegal/domain";
import type { z } from "zod";
import { useZodForm } from "@/hooks/use-zod-form";
import { todayInSa } from "@/lib/format";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

interface OutcomeFormState {
  outcome: Raf4Outcome | "";
  outcomeDate: string;
  reasons: string;
}

/** The RAF's decision on the lodged RAF 4; a rejection needs its reasons and starts the RAF 5 clock. */
export function Raf4OutcomeForm({
  view,
  pending,
  serverErrors,
  onSubmit,
}: {
  view: Raf4View;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: Raf4OutcomeInput) => void;
}) {
  const initial = (): OutcomeFormState => ({
    outcome: view.outcome?.outcome ?? "",
    outcomeDate: view.outcome?.date ?? "",
    reasons: view.outcome?.reasons ?? "",
  });
  const toPayload = (f: OutcomeFormState) => ({
    reportId: view.reportId,
    outcome: f.outcome,
    outcomeDate: f.outcomeDate,
    reasons: f.reasons,
  });
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<OutcomeFormState>({
    initial,
    schema: raf4OutcomeInputSchema,
    toPayload,
    idPrefix: "raf4-outcome",
    pending,
    serverErrors,
    resetKey: JSON.stringify(view.outcome),
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit((f) => onSubmit(toPayload(f) as Raf4OutcomeInput))}
      aria-label="The RAF's outcome"
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <Field label="The RAF's outcome" htmlFor="raf4-outcome-outcome" error={err("outcome")} required>
          <NativeSelect {...bind("outcome")} value={form.outcome} onChange={(e) => patch({ outcome: e.target.value as Raf4Outcome })}>
            <option value="" disabled>
              Select…
            </option>
            {RAF4_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {RAF4_OUTCOME_LABELS[o]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Date of the decision" htmlFor="raf4-outcome-outcomeDate" error={err("outcomeDate")} required>
          <Input {...text("outcomeDate")} type="date" max={todayInSa()} />
        </Field>
      </div>
      <Field
        label={form.outcome === "rejected" ? "The RAF's reasons" : "Reasons (optional)"}
        htmlFor="raf4-outcome-reasons"
        error={err("reasons")}
        required={form.outcome === "rejected"}
      >
        <Textarea {...text("reasons")} rows={2} />
      </Field>
      <FormFooter
        pending={pending}
        submitLabel="Record the RAF's outcome"
        note={
          <p className="mr-auto text-xs text-muted-foreground">
            A rejection starts the 90-day clock to lodge the dispute (RAF 5) with the HPCSA Registrar.
          </p>
        }
      />
    </form>
  );
}

interface TribunalFormState {
  outcome: TribunalOutcome | "";
  outcomeDate: string;
  reference: string;
  notes: string;
}

/** The appeal tribunal's decision on the RAF 5 dispute; it stops the clock. */
export function Raf4TribunalForm({
  view,
  pending,
  serverErrors,
  onSubmit,
}: {
  view: Raf4View;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: z.input<typeof raf4TribunalInputSchema>) => void;
}) {
  const toPayload = (f: TribunalFormState) => ({
    reportId: view.reportId,
    outcome: f.outcome,
    outcomeDate: f.outcomeDate,
    reference: f.reference,
    notes: f.notes,
  });
  const { form, patch, err, formRef, bind, text, submit } = useZodForm<TribunalFormState>({
    initial: () => ({ outcome: "", outcomeDate: "", reference: "", notes: "" }),
    schema: raf4TribunalInputSchema,
    toPayload,
    idPrefix: "raf4-tribunal",
    pending,
    serverErrors,
  });
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit((f) => onSubmit(toPayload(f) as z.input<typeof raf4TribunalInputSchema>))}
      aria-label="The tribunal's outcome"
      className="grid gap-4"
    >
      <div className="grid gap-4 sm:grid-cols-[minmax(0,1fr)_11rem]">
        <Field label="The tribunal's outcome" htmlFor="raf4-tribunal-outcome" error={err("outcome")} required>
          <NativeSelect {...bind("outcome")} value={form.outcome} onChange={(e) => patch({ outcome: e.target.value as TribunalOutcome })}>
            <option value="" disabled>
              Select…
            </option>
            {TRIBUNAL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {TRIBUNAL_OUTCOME_LABELS[o]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field label="Date of the decision" htmlFor="raf4-tribunal-outcomeDate" error={err("outcomeDate")} required>
          <Input {...text("outcomeDate")} type="date" min={view.outcome?.date} max={todayInSa()} />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-[11rem_minmax(0,1fr)]">
        <Field label="Reference (optional)" htmlFor="raf4-tribunal-reference" error={err("reference")}>
          <Input {...text("reference")} autoComplete="off" />
        </Field>
        <Field label="Notes (optional)" htmlFor="raf4-tribunal-notes" error={err("notes")}>
          <Input {...text("notes")} autoComplete="off" />
        </Field>
      </div>
      <FormFooter pending={pending} submitLabel="Record the tribunal's outcome" />
    </form>
  );
}
