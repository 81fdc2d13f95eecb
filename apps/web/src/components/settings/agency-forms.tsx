import type { AgencySettings, SlaDefaults } from "@medlegal/domain";
import { AGENCY_WORKING_HOURS, agencySettingsSchema, FORM_MESSAGES, isWholeNumberText, slaDefaultsSchema } from "@medlegal/domain";
import * as React from "react";
import { useZodForm } from "@/hooks/use-zod-form";
import { FormActions } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Textarea } from "../ui/textarea";

const AGENCY_FIELDS: {
  name: keyof AgencySettings;
  label: string;
  required?: boolean;
  type?: string;
  placeholder?: string;
  autoComplete?: string;
  wide?: boolean;
  inputMode?: "numeric";
}[] = [
  { name: "name", label: "Agency name", required: true, autoComplete: "organization", wide: true },
  { name: "vatNumber", label: "VAT number", placeholder: "4xxxxxxxxx", inputMode: "numeric" },
  { name: "email", label: "Email", type: "email", placeholder: "accounts@agency.co.za" },
  { name: "phone", label: "Phone", type: "tel", placeholder: "+27 11 123 4567" },
  { name: "bankName", label: "Bank name", placeholder: "e.g. FNB" },
  { name: "accountName", label: "Account name" },
  { name: "accountNumber", label: "Account number", inputMode: "numeric" },
  { name: "branchCode", label: "Branch code", placeholder: "6 digits", inputMode: "numeric" },
  // POPIA: printed on the access reports the agency gives claimants.
  { name: "informationOfficer", label: "Information Officer", autoComplete: "name" },
  { name: "informationOfficerContact", label: "Information Officer's contact", placeholder: "e-mail or phone" },
  { name: "deputyInformationOfficer", label: "Deputy Information Officer" },
  { name: "regulatorRegistration", label: "Information Regulator registration", placeholder: "e.g. reference of the registration" },
];

/** The supplier details printed on tax invoices (docs/product-rules.md#money-and-invoices). */
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
  const {
    form: value,
    err,
    formRef,
    text,
    submit,
    dirty,
    reset,
  } = useZodForm<AgencySettings>({
    initial: () => settings,
    schema: agencySettingsSchema,
    idPrefix: "agency",
    pending,
    serverErrors,
    resetKey: settings,
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Agency details"
      className="grid gap-4"
      onSubmit={submit(() => onSubmit(agencySettingsSchema.parse(value)), { requireChange: true })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {AGENCY_FIELDS.slice(0, 1).map((f) => (
          <Field
            key={f.name}
            label={f.label}
            htmlFor={`agency-${f.name}`}
            error={err(f.name)}
            required={f.required}
            className="sm:col-span-2"
          >
            <Input {...text(f.name)} autoComplete={f.autoComplete} />
          </Field>
        ))}
        <Field label="Address" htmlFor="agency-address" error={err("address")} required className="sm:col-span-2">
          <Textarea {...text("address")} rows={3} placeholder="Street, suburb, city, postal code" />
        </Field>
        {AGENCY_FIELDS.slice(1).map((f) => (
          <Field key={f.name} label={f.label} htmlFor={`agency-${f.name}`} error={err(f.name)} required={f.required}>
            <Input {...text(f.name)} type={f.type ?? "text"} inputMode={f.inputMode} placeholder={f.placeholder} autoComplete="off" />
          </Field>
        ))}
      </div>
      <FormActions pending={pending} dirty={dirty} onReset={reset} />
    </form>
  );
}

const SLA_FIELDS: { name: keyof SlaDefaults; label: string; unit: string; hint: string }[] = [
  {
    name: "queryAcknowledgementHours",
    label: "Query acknowledgement",
    unit: "hours",
    hint: "From a submitted query until it is in review; counted as the next field says.",
  },
  { name: "bookingOfferedDays", label: "Booking offered", unit: "days", hint: "From review until the first booking is confirmed." },
  {
    name: "reportDeliveryDays",
    label: "Report delivery",
    unit: "days",
    hint: "From the attended assessment until the report is approved.",
  },
  {
    name: "reportReleaseDays",
    label: "Report release",
    unit: "business days",
    hint: "From the approved report until it is released; weekends and public holidays do not count.",
  },
  {
    name: "atRiskPercent",
    label: "At risk at",
    unit: "% of target",
    hint: "When a timer turns amber. Changes apply to timers started from now on.",
  },
];

/** The typed targets as numbers; which hours acknowledgement counts stays a word. */
function slaNumbers(value: Record<keyof SlaDefaults, string>): SlaDefaults {
  const numbers = Object.fromEntries(SLA_FIELDS.map((f) => [f.name, value[f.name].trim() === "" ? Number.NaN : Number(value[f.name])]));
  return { ...numbers, acknowledgementClock: value.acknowledgementClock } as SlaDefaults;
}

/** A target typed as anything but a whole number says so (the schema would only see a fraction or NaN). */
function refineWholeNumbers(value: Record<keyof SlaDefaults, string>, errors: Record<string, string>): Record<string, string> {
  const out = { ...errors };
  for (const f of SLA_FIELDS) if (!isWholeNumberText(value[f.name])) out[f.name] = FORM_MESSAGES.wholeNumber;
  return out;
}

/** The SLA targets of docs/product-rules.md#service-levels. Numbers are kept as typed and checked with the shared schema. */
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
  const {
    form: value,
    err,
    formRef,
    bind,
    patch,
    submit,
    dirty,
    reset,
  } = useZodForm<Record<keyof SlaDefaults, string>>({
    initial: () => asText,
    schema: slaDefaultsSchema,
    toPayload: slaNumbers,
    refine: refineWholeNumbers,
    idPrefix: "sla",
    pending,
    serverErrors,
    resetKey: asText,
  });

  return (
    <form
      ref={formRef}
      noValidate
      aria-label="SLA defaults"
      className="grid gap-4"
      onSubmit={submit(() => onSubmit(slaNumbers(value)), { requireChange: true })}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {SLA_FIELDS.map((f) => {
          const error = err(f.name);
          return (
            <Field key={f.name} label={f.label} htmlFor={`sla-${f.name}`} error={error} required>
              <div className="flex items-center gap-2">
                <Input
                  {...bind(f.name)}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  step={1}
                  value={value[f.name]}
                  className="w-28"
                  onChange={(e) => patch({ [f.name]: e.target.value })}
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
        <Field label="Acknowledgement counts" htmlFor="sla-acknowledgementClock" error={err("acknowledgementClock")} required>
          <NativeSelect
            {...bind("acknowledgementClock")}
            value={value.acknowledgementClock}
            onChange={(e) => patch({ acknowledgementClock: e.target.value })}
            aria-describedby="sla-acknowledgementClock-hint"
          >
            <option value="working_hours">
              Working hours ({AGENCY_WORKING_HOURS.from} to {AGENCY_WORKING_HOURS.to}, business days)
            </option>
            <option value="all_hours">Every hour, weekends and nights too</option>
          </NativeSelect>
          <p id="sla-acknowledgementClock-hint" className="text-xs text-muted-foreground">
            With working hours a query sent on Friday evening is counted from Monday morning.
          </p>
        </Field>
      </div>
      <FormActions pending={pending} dirty={dirty} onReset={reset} />
    </form>
  );
}
