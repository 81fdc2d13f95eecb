import type { Patient, PatientInput } from "@medlegal/domain";
import { CLAIMANT_GENDERS, GENDER_LABEL, HOME_LANGUAGES, parseSaId, patientInputSchema } from "@medlegal/domain";
import { BadgeCheck } from "lucide-react";
import { useZodForm } from "@/hooks/use-zod-form";
import { formatDay, todayInSa } from "@/lib/format";
import { cn } from "@/lib/utils";
import { FormFooter } from "../forms/form-footer";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Switch } from "../ui/switch";
import { Textarea } from "../ui/textarea";
import { MessageChannelField } from "./message-channel-field";
import type { PatientFormState } from "./patient-form-state";
import { initialState, refinePatient, toPatientPayload } from "./patient-form-state";
import { CompetentPersonFields, competentPersonNeeded } from "./competent-person-fields";

export { toPatientPayload } from "./patient-form-state";
export type { PatientFormState } from "./patient-form-state";

/**
 * A claimant: the SA ID number (13 digits, Luhn, birth date and gender encoded) fills in the
 * birth date and gender as it is typed; a passport number instead leaves them to the attorney.
 * POPIA: the date the signed consent was received.
 */
export function PatientForm({
  patient,
  draft,
  submitLabel,
  cancelLabel,
  pending = false,
  serverErrors,
  onSubmit,
  onCancel,
}: {
  patient?: Patient;
  /** A new claimant's fields typed earlier (the New case dialog goes back to them). */
  draft?: PatientInput;
  submitLabel?: string;
  cancelLabel?: string;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: PatientInput) => void;
  onCancel?: () => void;
}) {
  const { methods, form, patch, touch, err, formRef, bind, text, submit } = useZodForm<PatientFormState>({
    initial: () => initialState(patient, draft),
    schema: patientInputSchema,
    toPayload: toPatientPayload,
    refine: refinePatient,
    idPrefix: "patient",
    pending,
    serverErrors,
  });
  const today = todayInSa();
  const idInfo = form.documentKind === "id" ? parseSaId(form.idNumber.replace(/\s/g, "")) : null;

  function changeIdNumber(value: string) {
    const cleaned = value.replace(/[^\d\s]/g, "");
    const info = parseSaId(cleaned.replace(/\s/g, ""));
    // A valid number fills in what it encodes; the attorney can still correct a wrong ID.
    patch(info ? { idNumber: cleaned, birthDate: info.birthDate, gender: info.gender } : { idNumber: cleaned });
    // The ID number is judged as soon as all 13 digits are there, not only after leaving the field.
    const judged = methods.getFieldState("idNumber").isTouched || methods.formState.isSubmitted;
    if (cleaned.replace(/\s/g, "").length >= 13) void methods.trigger("idNumber");
    else if (!judged) methods.clearErrors("idNumber");
  }

  return (
    <form
      ref={formRef}
      onSubmit={submit(() => onSubmit(toPatientPayload(form)))}
      noValidate
      className="grid gap-6"
      aria-label={patient ? "Edit claimant" : "New claimant"}
    >
      <section className="grid gap-4" aria-labelledby="patient-identity-heading">
        <h3 id="patient-identity-heading" className="text-sm font-semibold">
          Identity
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="First name" htmlFor="patient-firstName" error={err("firstName")} required>
            <Input {...text("firstName")} autoComplete="off" />
          </Field>
          <Field label="Last name" htmlFor="patient-lastName" error={err("lastName")} required>
            <Input {...text("lastName")} autoComplete="off" />
          </Field>
        </div>

        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm leading-none font-medium">Identity document</legend>
          <div className="inline-flex w-fit rounded-md border bg-muted p-0.5" role="radiogroup" aria-label="Identity document">
            {(
              [
                ["id", "South African ID"],
                ["passport", "Passport"],
              ] as const
            ).map(([kind, label]) => (
              <label
                key={kind}
                className={cn(
                  "cursor-pointer rounded px-3 py-1.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  form.documentKind === kind ? "bg-card shadow-sm" : "text-muted-foreground",
                )}
              >
                <input
                  type="radio"
                  name="patient-document-kind"
                  value={kind}
                  checked={form.documentKind === kind}
                  onChange={() => patch({ documentKind: kind })}
                  disabled={pending}
                  className="sr-only"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          {form.documentKind === "id" ? (
            <Field label="SA ID number" htmlFor="patient-idNumber" error={err("idNumber")} required>
              <Input
                {...bind("idNumber")}
                value={form.idNumber}
                inputMode="numeric"
                autoComplete="off"
                maxLength={15}
                placeholder="13 digits"
                onChange={(e) => changeIdNumber(e.target.value)}
              />
              {idInfo && !err("idNumber") && (
                <p className="flex items-center gap-1 text-xs text-success">
                  <BadgeCheck aria-hidden className="size-3.5" />
                  Valid ID: born {formatDay(idInfo.birthDate)}, {idInfo.gender}, {idInfo.citizen ? "SA citizen" : "permanent resident"}
                </p>
              )}
            </Field>
          ) : (
            <Field label="Passport number" htmlFor="patient-passportNumber" error={err("passportNumber")} required>
              <Input {...text("passportNumber")} autoComplete="off" maxLength={20} />
            </Field>
          )}
          <div className="hidden sm:block" />
          <Field label="Birth date" htmlFor="patient-birthDate" error={err("birthDate")} required>
            <Input {...text("birthDate")} type="date" max={today} />
          </Field>
          <Field label="Gender" htmlFor="patient-gender" error={err("gender")} required>
            <NativeSelect
              {...bind("gender")}
              value={form.gender}
              onChange={(e) => {
                patch({ gender: e.target.value as PatientFormState["gender"] });
                touch("gender");
              }}
            >
              <option value="" disabled>
                Select…
              </option>
              {CLAIMANT_GENDERS.map((g) => (
                <option key={g} value={g}>
                  {GENDER_LABEL[g]}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
      </section>

      <section className="grid gap-4" aria-labelledby="patient-contact-heading">
        <h3 id="patient-contact-heading" className="text-sm font-semibold">
          Contact and language
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Phone" htmlFor="patient-phone" error={err("phone")}>
            <Input {...text("phone")} type="tel" placeholder="+27 82 123 4567" autoComplete="off" />
          </Field>
          <Field label="Email" htmlFor="patient-email" error={err("email")}>
            <Input {...text("email")} type="email" autoComplete="off" />
          </Field>
          <Field label="Address" htmlFor="patient-address" error={err("address")} className="sm:col-span-2">
            <Textarea {...text("address")} rows={2} className="min-h-16" maxLength={300} />
          </Field>
          <Field label="Home language" htmlFor="patient-homeLanguage" error={err("homeLanguage")} required>
            <NativeSelect
              {...bind("homeLanguage")}
              value={form.homeLanguage}
              onChange={(e) => {
                patch({ homeLanguage: e.target.value as PatientFormState["homeLanguage"] });
                touch("homeLanguage");
              }}
            >
              <option value="" disabled>
                Select…
              </option>
              {HOME_LANGUAGES.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="grid content-start gap-1.5">
            <span className="text-sm leading-none font-medium" id="patient-interpreter-label">
              Interpreter needed
            </span>
            <div className="flex h-9 items-center gap-3">
              <Switch
                id="patient-interpreterNeeded"
                checked={form.interpreterNeeded}
                onCheckedChange={(checked) => patch({ interpreterNeeded: checked })}
                disabled={pending}
                aria-labelledby="patient-interpreter-label"
              />
              <span className="text-sm text-muted-foreground">{form.interpreterNeeded ? "Yes, book an interpreter" : "No"}</span>
            </div>
          </div>
        </div>
      </section>

      <section className="grid gap-4" aria-labelledby="patient-consent-heading">
        <h3 id="patient-consent-heading" className="text-sm font-semibold">
          Consent (POPIA)
        </h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Consent received on" htmlFor="patient-consentReceivedAt" error={err("consentReceivedAt")}>
            <Input {...text("consentReceivedAt")} type="date" max={today} />
          </Field>
          <p className="self-end pb-1 text-xs text-muted-foreground sm:pb-2.5">
            {competentPersonNeeded(form, today)
              ? "The competent person's consent below is the one that counts."
              : form.consentReceivedAt
                ? "Assessments can be booked for this claimant."
                : "No assessment is booked until the claimant's signed consent is received."}
          </p>
          <MessageChannelField
            value={form.messageChannel}
            stoppedAt={form.messageStoppedAt}
            renewed={form.messageConsentRenewed}
            pending={pending}
            error={err("messageChannel")}
            onChange={(messageChannel) => patch({ messageChannel })}
            onRenewedChange={(messageConsentRenewed) => patch({ messageConsentRenewed })}
          />
        </div>
        <CompetentPersonFields
          form={form}
          birthDate={form.birthDate}
          today={today}
          pending={pending}
          error={err("competentPerson")}
          text={text}
          onCurator={(needsCurator) => patch({ needsCurator })}
        />
      </section>

      <FormFooter
        pending={pending}
        submitLabel={submitLabel ?? (patient ? "Save changes" : "Add claimant")}
        secondaryLabel={cancelLabel}
        onSecondary={onCancel}
      />
    </form>
  );
}
