import type { AgencySettings, SlaDefaults } from "@medlegal/domain";
import { agencySettingsSchema, slaDefaultsSchema } from "@medlegal/domain";
import * as React from "react";
import { focusFirstInvalid, schemaErrors, useFormFeedback } from "@/hooks/use-form-feedback";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Textarea } from "../ui/textarea";
import { FormActions } from "./profile-form";

/** Holds a saved value, starts again when a new one arrives from the server, and knows if it changed. */
function useEditable<T>(saved: T) {
  const [value, setValue] = React.useState(saved);
  const [base, setBase] = React.useState(saved);
  if (base !== saved) {
    setBase(saved);
    setValue(saved);
  }
  const dirty = JSON.stringify(value) !== JSON.stringify(saved);
  return { value, setValue, dirty, reset: () => setValue(saved) };
}

const AGENCY_FIELDS: { name: keyof AgencySettings; label: string; required?: boolean; type?: string; placeholder?: string; autoComplete?: string; wide?: boolean; inputMode?: "numeric" }[] = [
  { name: "name", label: "Agency name", required: true, autoComplete: "organization", wide: true },
  { name: "vatNumber", label: "VAT number", placeholder: "4xxxxxxxxx", inputMode: "numeric" },
  { name: "email", label: "Email", type: "email", placeholder: "accounts@agency.co.za" },
  { name: "phone", label: "Phone", type: "tel", placeholder: "+27 11 123 4567" },
  { name: "bankName", label: "Bank name", placeholder: "e.g. FNB" },
  { name: "accountName", label: "Account name" },
  { name: "accountNumber", label: "Account number", inputMode: "numeric" },
  { name: "branchCode", label: "Branch code", placeholder: "6 digits", inputMode: "numeric" },
];

/** The supplier details printed on tax invoices (DESIGN.md section 7). */
export function AgencySettingsForm({
  settings,
  pending = false,
  serverErrors,
  onSubmit,
}: {
  settings: AgencySettings;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (settings: AgencySettings) => void;
}) {
  const { value, setValue, dirty, reset } = useEditable(settings);
  const errors = schemaErrors(agencySettingsSchema, value);
  const feedback = useFormFeedback(errors, serverErrors);
  const formRef = React.useRef<HTMLFormElement>(null);
  const set = (name: keyof AgencySettings, text: string) => {
    feedback.edit(name);
    setValue((prev) => ({ ...prev, [name]: text }));
  };
  const field = (name: keyof AgencySettings) => ({
    id: `agency-${name}`,
    value: value[name],
    disabled: pending,
    onBlur: () => feedback.touch(name),
    "aria-invalid": feedback.shown(name) ? true : undefined,
    "aria-describedby": feedback.shown(name) ? `agency-${name}-error` : undefined,
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Agency details"
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !dirty) return;
        if (Object.keys(errors).length > 0) {
          feedback.markSubmitted();
          focusFirstInvalid(formRef.current);
          return;
        }
        onSubmit(agencySettingsSchema.parse(value));
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {AGENCY_FIELDS.slice(0, 1).map((f) => (
          <Field key={f.name} label={f.label} htmlFor={`agency-${f.name}`} error={feedback.shown(f.name)} required={f.required} className="sm:col-span-2">
            <Input {...field(f.name)} onChange={(e) => set(f.name, e.target.value)} autoComplete={f.autoComplete} />
          </Field>
        ))}
        <Field label="Address" htmlFor="agency-address" error={feedback.shown("address")} required className="sm:col-span-2">
          <Textarea {...field("address")} rows={3} onChange={(e) => set("address", e.target.value)} placeholder="Street, suburb, city, postal code" />
        </Field>
        {AGENCY_FIELDS.slice(1).map((f) => (
          <Field key={f.name} label={f.label} htmlFor={`agency-${f.name}`} error={feedback.shown(f.name)} required={f.required}>
            <Input
              {...field(f.name)}
              type={f.type ?? "text"}
              inputMode={f.inputMode}
              placeholder={f.placeholder}
              autoComplete="off"
              onChange={(e) => set(f.name, e.target.value)}
            />
          </Field>
        ))}
      </div>
      <FormActions
        pending={pending}
        dirty={dirty}
        onReset={() => {
          reset();
          feedback.reset();
        }}
      />
    </form>
  );
}

const SLA_FIELDS: { name: keyof SlaDefaults; label: string; unit: string; hint: string }[] = [
  { name: "queryAcknowledgementHours", label: "Query acknowledgement", unit: "hours", hint: "From a submitted query until it is in review." },
  { name: "bookingOfferedDays", label: "Booking offered", unit: "days", hint: "From review until the first booking is confirmed." },
  { name: "reportDeliveryDays", label: "Report delivery", unit: "days", hint: "From the attended assessment until the report is approved." },
  { name: "reportReleaseDays", label: "Report release", unit: "days", hint: "After payment, until the report is released." },
  { name: "atRiskPercent", label: "At risk at", unit: "% of target", hint: "When a timer turns amber." },
];

/** The SLA targets of DESIGN.md section 6. Numbers are kept as typed and checked with the shared schema. */
export function SlaDefaultsForm({
  settings,
  pending = false,
  serverErrors,
  onSubmit,
}: {
  settings: SlaDefaults;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (settings: SlaDefaults) => void;
}) {
  const asText = React.useMemo(
    () => Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, String(v)])) as Record<keyof SlaDefaults, string>,
    [settings],
  );
  const { value, setValue, dirty, reset } = useEditable(asText);
  const numbers = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v.trim() === "" ? Number.NaN : Number(v)])) as SlaDefaults;
  const errors = schemaErrors(slaDefaultsSchema, numbers);
  for (const f of SLA_FIELDS) if (value[f.name].trim() === "" || !/^\d+$/.test(value[f.name].trim())) errors[f.name] = "Enter a whole number";
  const feedback = useFormFeedback(errors, serverErrors);
  const formRef = React.useRef<HTMLFormElement>(null);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="SLA defaults"
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (pending || !dirty) return;
        if (Object.keys(errors).length > 0) {
          feedback.markSubmitted();
          focusFirstInvalid(formRef.current);
          return;
        }
        onSubmit(numbers);
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {SLA_FIELDS.map((f) => {
          const error = feedback.shown(f.name);
          return (
            <Field key={f.name} label={f.label} htmlFor={`sla-${f.name}`} error={error} required>
              <div className="flex items-center gap-2">
                <Input
                  id={`sla-${f.name}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={value[f.name]}
                  disabled={pending}
                  className="w-28"
                  onChange={(e) => {
                    feedback.edit(f.name);
                    setValue((prev) => ({ ...prev, [f.name]: e.target.value }));
                  }}
                  onBlur={() => feedback.touch(f.name)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${error ? `sla-${f.name}-error ` : ""}sla-${f.name}-hint`}
                />
                <span className="text-sm text-muted-foreground">{f.unit}</span>
              </div>
              <p id={`sla-${f.name}-hint`} className="text-xs text-muted-foreground">
                {f.hint}
              </p>
            </Field>
          );
        })}
      </div>
      <FormActions
        pending={pending}
        dirty={dirty}
        onReset={() => {
          reset();
          feedback.reset();
        }}
      />
    </form>
  );
}
