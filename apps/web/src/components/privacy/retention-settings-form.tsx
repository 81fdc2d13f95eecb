import type { RetentionSettings } from "@medlegal/domain";
import { FORM_MESSAGES, isWholeNumberText, retentionSettingsSchema, SARS_INVOICE_RETENTION_YEARS } from "@medlegal/domain";
import * as React from "react";
import { FormActions } from "@/components/forms/form-footer";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { useZodForm } from "@/hooks/use-zod-form";

type Typed = Record<keyof RetentionSettings, string>;
const FIELDS: { name: keyof RetentionSettings; label: string; hint: string; min: number }[] = [
  { name: "matterYears", label: "Closed matters and their reports", hint: "Years after the matter's last activity.", min: 1 },
  {
    name: "invoiceYears",
    label: "Invoices",
    hint: `Years after the invoice date; SARS requires at least ${SARS_INVOICE_RETENTION_YEARS}.`,
    min: SARS_INVOICE_RETENTION_YEARS,
  },
];
const numbers = (v: Typed): RetentionSettings => ({
  matterYears: v.matterYears.trim() === "" ? Number.NaN : Number(v.matterYears),
  invoiceYears: v.invoiceYears.trim() === "" ? Number.NaN : Number(v.invoiceYears),
});

/** The retention periods (administrators), checked with the server's own schema. */
export function RetentionSettingsForm({
  settings,
  pending,
  serverErrors,
  onSubmit,
}: {
  settings: RetentionSettings;
  pending: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (value: RetentionSettings) => void;
}) {
  const asText = React.useMemo(
    () => ({ matterYears: String(settings.matterYears), invoiceYears: String(settings.invoiceYears) }),
    [settings],
  );
  const {
    form: value,
    err,
    formRef,
    bind,
    patch,
    submit,
    dirty,
    reset,
  } = useZodForm<Typed>({
    initial: () => asText,
    schema: retentionSettingsSchema,
    toPayload: numbers,
    refine: (v, errors) => {
      const out = { ...errors };
      for (const f of FIELDS) if (!isWholeNumberText(v[f.name])) out[f.name] = FORM_MESSAGES.wholeNumber;
      return out;
    },
    idPrefix: "retention",
    pending,
    serverErrors,
    resetKey: asText,
  });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Retention periods"
      className="grid gap-4"
      onSubmit={submit(() => onSubmit(numbers(value)), { requireChange: true })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((f) => {
          const error = err(f.name);
          return (
            <Field key={f.name} label={f.label} htmlFor={`retention-${f.name}`} error={error} required>
              <div className="flex items-center gap-2">
                <Input
                  {...bind(f.name)}
                  type="number"
                  inputMode="numeric"
                  min={f.min}
                  step={1}
                  value={value[f.name]}
                  className="w-28"
                  onChange={(e) => patch({ [f.name]: e.target.value })}
                  aria-describedby={`${error ? `retention-${f.name}-error ` : ""}retention-${f.name}-hint`}
                />
                <span className="text-sm text-muted-foreground">years</span>
              </div>
              <p id={`retention-${f.name}-hint`} className="text-xs text-muted-foreground">
                {f.hint}
              </p>
            </Field>
          );
        })}
      </div>
      <FormActions pending={pending} dirty={dirty} onReset={reset} />
    </form>
  );
}
