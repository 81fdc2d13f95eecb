import type { SpecializationItem } from "@medlegal/domain";
import { FORM_MESSAGES, formatRand, parseRandToCents, specializationInputSchema } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";

export interface SpecializationPayload {
  name: string;
  description: string | null;
  defaultReportFeeCents: number | null;
}

/** The fee is held as typed (rand), under the payload's field name so errors land on it. */
interface SpecializationFormState {
  name: string;
  description: string;
  defaultReportFeeCents: string;
}

function toPayload(form: SpecializationFormState): SpecializationPayload {
  return {
    name: form.name.trim(),
    description: form.description.trim() || null,
    defaultReportFeeCents: parseRandToCents(form.defaultReportFeeCents),
  };
}

/** A fee that is not an amount in rand says so (the schema would only see NaN). */
function refineFee(form: SpecializationFormState, errors: Record<string, string>): Record<string, string> {
  return Number.isNaN(parseRandToCents(form.defaultReportFeeCents))
    ? { ...errors, defaultReportFeeCents: FORM_MESSAGES.randAmount }
    : errors;
}

/**
 * Name, description and the default report fee of a specialization. The fee is typed in rand
 * ("R 2 500.00", "2500") and sent in cents; on leaving the field it is shown formatted.
 */
export function SpecializationForm({
  initial,
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  initial?: Pick<SpecializationItem, "name" | "description" | "defaultReportFeeCents">;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: SpecializationPayload) => void;
  onCancel?: () => void;
}) {
  const { form, patch, touch, err, formRef, text, submit } = useZodForm<SpecializationFormState>({
    initial: () => ({
      name: initial?.name ?? "",
      description: initial?.description ?? "",
      defaultReportFeeCents: initial?.defaultReportFeeCents != null ? formatRand(initial.defaultReportFeeCents) : "",
    }),
    schema: specializationInputSchema,
    toPayload,
    refine: refineFee,
    idPrefix: "spec",
    pending,
    serverErrors,
  });
  const feeError = err("defaultReportFeeCents");

  return (
    <form
      ref={formRef}
      onSubmit={submit(() => onSubmit(toPayload(form)))}
      noValidate
      className="grid gap-4"
      aria-label={initial ? "Edit specialization" : "New specialization"}
    >
      <Field label="Name" htmlFor="spec-name" error={err("name")} required>
        <Input {...text("name")} maxLength={100} placeholder="e.g. Neurosurgeon" />
      </Field>
      <Field label="Description" htmlFor="spec-description" error={err("description")}>
        <Textarea {...text("description")} rows={3} placeholder="What these experts assess and report on" />
      </Field>
      <Field label="Default report fee" htmlFor="spec-defaultReportFeeCents" error={feeError}>
        <Input
          {...text("defaultReportFeeCents")}
          inputMode="decimal"
          autoComplete="off"
          placeholder="R 0.00"
          onBlur={() => {
            const parsed = parseRandToCents(form.defaultReportFeeCents);
            if (parsed !== null && !Number.isNaN(parsed)) patch({ defaultReportFeeCents: formatRand(parsed) });
            touch("defaultReportFeeCents");
          }}
          aria-describedby={feeError ? "spec-defaultReportFeeCents-error" : "spec-fee-hint"}
          className="sm:max-w-56"
        />
        {!feeError && (
          <p id="spec-fee-hint" className="text-xs text-muted-foreground">
            In rand, excluding VAT. Leave empty when there is no standard fee.
          </p>
        )}
      </Field>
      <FormFooter
        className="border-t-0 pt-2"
        pending={pending}
        submitLabel={initial ? "Save changes" : "Add specialization"}
        onSecondary={onCancel}
      />
    </form>
  );
}
