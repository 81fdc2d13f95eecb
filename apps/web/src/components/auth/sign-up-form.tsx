import type { RegistrationForm, RegistrationInput, SelfRegisterRole } from "@medlegal/domain";
import {
  attorneyListErrors,
  PHONE_TYPE_LABEL,
  emptyRegistrationForm,
  GENDER_LABEL,
  GENDERS,
  isValidEmail,
  isValidPhone,
  PHONE_PLACEHOLDER,
  PHONE_TYPES,
  REGISTRATION_INVALID_HINT,
  registrationFormErrors,
  ROLE_LABEL,
  SELF_REGISTER_ROLES,
  SPECIALIZATIONS,
  toRegistrationPayload,
} from "@medlegal/domain";
import { Briefcase, Plus, Stethoscope, X } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { Field, FieldError, REQUIRED_MARK } from "../ui/field";
import { Input } from "../ui/input";
import { NativeSelect } from "../ui/native-select";
import { Spinner } from "../ui/spinner";
import { PasswordChecklist, PasswordMatchHint } from "./password-checklist";
import { PasswordInput } from "./password-input";

const MAX_ROWS = 10;

const ROLE_ICON: Record<SelfRegisterRole, typeof Briefcase> = { attorney: Briefcase, consultant: Stethoscope };
const ROLE_HINT: Record<SelfRegisterRole, string> = {
  attorney: "Instruct experts and follow your matters",
  consultant: "Receive bookings and deliver reports",
};

type ListName = "addresses" | "emails" | "phones";

export interface SignUpFormProps {
  onSubmit: (payload: RegistrationInput) => void;
  pending?: boolean;
}

/**
 * The Sign Up form of SPEC.md section 2. Validity is recomputed from the shared domain rules on every
 * change; field errors show once a field was left, list errors as soon as a list is edited.
 */
export function SignUpForm({ onSubmit, pending = false }: SignUpFormProps) {
  const [form, setForm] = React.useState<RegistrationForm>(emptyRegistrationForm);
  const [touched, setTouched] = React.useState<ReadonlySet<string>>(new Set());
  const errors = React.useMemo(() => registrationFormErrors(form), [form]);
  // The list rules straight from the domain: the schema only reports them once the other fields pass.
  const listErrors = React.useMemo(() => (form.role === "attorney" ? attorneyListErrors(form) : {}), [form]);
  const valid = Object.keys(errors).length === 0 && Object.keys(listErrors).length === 0;

  const touch = (name: string) =>
    setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  const set = <K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) =>
    setForm((prev) => ({ ...prev, [key]: value }));
  const shownError = (name: string) => (touched.has(name) ? errors[name] : undefined);

  const text = (name: Exclude<keyof RegistrationForm, ListName | "role" | "gender">) => ({
    id: `signup-${name}`,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    onBlur: () => touch(name),
    "aria-invalid": shownError(name) ? true : undefined,
    "aria-describedby": shownError(name) ? `signup-${name}-error` : undefined,
  });

  const updateRow = <L extends ListName>(list: L, index: number, value: RegistrationForm[L][number]) => {
    touch(list);
    setForm((prev) => ({ ...prev, [list]: prev[list].map((row, i) => (i === index ? value : row)) }));
  };
  const addRow = (list: ListName) =>
    setForm((prev) => ({
      ...prev,
      [list]: [...prev[list], list === "phones" ? { number: "", type: "office" } : ""],
    }));
  const removeRow = (list: ListName, index: number) => {
    touch(list);
    setForm((prev) => (prev[list].length <= 1 ? prev : { ...prev, [list]: prev[list].filter((_, i) => i !== index) }));
  };

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!valid || pending) return;
    const payload = toRegistrationPayload(form);
    if (payload) onSubmit(payload);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="grid gap-5" aria-label="Sign Up">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">I am registering as</legend>
        <div className="grid grid-cols-2 gap-3">
          {SELF_REGISTER_ROLES.map((role) => {
            const Icon = ROLE_ICON[role];
            const checked = form.role === role;
            return (
              <label
                key={role}
                className={cn(
                  "relative flex cursor-pointer flex-col gap-1 rounded-lg border bg-card p-3 transition-colors outline-none has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                  checked ? "border-primary bg-accent/60 ring-1 ring-primary" : "hover:bg-muted/60",
                )}
              >
                <input
                  type="radio"
                  name="role"
                  value={role}
                  checked={checked}
                  onChange={() => set("role", role)}
                  className="sr-only"
                />
                <Icon className={cn("size-4", checked ? "text-primary" : "text-muted-foreground")} aria-hidden />
                <span className="text-sm font-medium">{ROLE_LABEL[role]}</span>
                <span className="text-xs text-muted-foreground">{ROLE_HINT[role]}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" htmlFor="signup-firstName" error={shownError("firstName")} required>
          <Input {...text("firstName")} autoComplete="given-name" />
        </Field>
        <Field label="Last name" htmlFor="signup-lastName" error={shownError("lastName")} required>
          <Input {...text("lastName")} autoComplete="family-name" />
        </Field>
        <Field label="Username" htmlFor="signup-username" error={shownError("username")} required>
          <Input {...text("username")} autoComplete="username" autoCapitalize="none" spellCheck={false} />
        </Field>
        <Field label="Email" htmlFor="signup-email" error={shownError("email")} required>
          <Input {...text("email")} type="email" autoComplete="email" />
        </Field>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Field label="Password" htmlFor="signup-password" required>
            <PasswordInput {...text("password")} aria-invalid={undefined} aria-describedby="signup-password-checklist" autoComplete="new-password" />
          </Field>
          <PasswordChecklist password={form.password} id="signup-password-checklist" />
        </div>
        <div className="grid content-start gap-1.5">
          <Field label="Confirm password" htmlFor="signup-confirmPassword" required>
            <PasswordInput
              {...text("confirmPassword")}
              aria-invalid={form.confirmPassword !== "" && form.confirmPassword !== form.password ? true : undefined}
              aria-describedby="signup-confirm-hint"
              autoComplete="new-password"
            />
          </Field>
          <PasswordMatchHint password={form.password} confirmPassword={form.confirmPassword} id="signup-confirm-hint" />
        </div>
      </div>

      {form.role === "" && (
        <p className="rounded-md border border-dashed px-3 py-2.5 text-sm text-muted-foreground">
          Choose Attorney or Medical Consultant above to see the remaining details we need.
        </p>
      )}

      {form.role === "attorney" && (
        <section className="grid gap-4 border-t pt-5" aria-label="Attorney details">
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Firm name" htmlFor="signup-firmName" error={shownError("firmName")} required className="sm:col-span-3">
              <Input {...text("firmName")} autoComplete="organization" />
            </Field>
            <Field label="Gender" htmlFor="signup-gender" error={shownError("gender")} required className="sm:col-span-1">
              <NativeSelect
                id="signup-gender"
                value={form.gender}
                onChange={(e) => set("gender", e.target.value as RegistrationForm["gender"])}
                onBlur={() => touch("gender")}
                aria-invalid={shownError("gender") ? true : undefined}
              >
                <option value="" disabled>
                  Select…
                </option>
                {GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {GENDER_LABEL[g]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field label="Birth date" htmlFor="signup-birthDate" error={shownError("birthDate")} required className="sm:col-span-2">
              <Input {...text("birthDate")} type="date" max={new Date().toISOString().slice(0, 10)} autoComplete="bday" />
            </Field>
          </div>

          <RowList
            legend="Addresses"
            addLabel="Add address"
            error={touched.has("addresses") ? listErrors.addresses : undefined}
            count={form.addresses.length}
            onAdd={() => addRow("addresses")}
          >
            {form.addresses.map((address, i) => (
              <Row key={i} onRemove={form.addresses.length > 1 ? () => removeRow("addresses", i) : undefined} removeLabel={`Remove address ${i + 1}`}>
                <Input
                  aria-label={`Address ${i + 1}`}
                  value={address}
                  placeholder="Street, suburb, city, postal code"
                  autoComplete="street-address"
                  onChange={(e) => updateRow("addresses", i, e.target.value)}
                />
              </Row>
            ))}
          </RowList>

          <RowList
            legend="Email addresses"
            addLabel="Add email"
            error={touched.has("emails") ? listErrors.emails : undefined}
            count={form.emails.length}
            onAdd={() => addRow("emails")}
          >
            {form.emails.map((email, i) => (
              <Row key={i} onRemove={form.emails.length > 1 ? () => removeRow("emails", i) : undefined} removeLabel={`Remove email ${i + 1}`}>
                <Input
                  type="email"
                  aria-label={`Email address ${i + 1}`}
                  value={email}
                  placeholder="name@firm.co.za"
                  aria-invalid={email.trim() !== "" && !isValidEmail(email.trim()) ? true : undefined}
                  onChange={(e) => updateRow("emails", i, e.target.value)}
                />
              </Row>
            ))}
          </RowList>

          <RowList
            legend="Phone numbers"
            addLabel="Add phone"
            error={touched.has("phones") ? listErrors.phones : undefined}
            count={form.phones.length}
            onAdd={() => addRow("phones")}
          >
            {form.phones.map((phone, i) => (
              <Row key={i} onRemove={form.phones.length > 1 ? () => removeRow("phones", i) : undefined} removeLabel={`Remove phone ${i + 1}`}>
                <div className="flex flex-1 gap-2">
                  <Input
                    type="tel"
                    aria-label={`Phone number ${i + 1}`}
                    value={phone.number}
                    placeholder={PHONE_PLACEHOLDER}
                    className="flex-1"
                    aria-invalid={phone.number.trim() !== "" && !isValidPhone(phone.number.trim()) ? true : undefined}
                    onChange={(e) => updateRow("phones", i, { ...phone, number: e.target.value })}
                  />
                  <NativeSelect
                    aria-label={`Phone ${i + 1} type`}
                    value={phone.type}
                    className="w-28 shrink-0"
                    onChange={(e) => updateRow("phones", i, { ...phone, type: e.target.value as (typeof PHONE_TYPES)[number] })}
                  >
                    {PHONE_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {PHONE_TYPE_LABEL[t]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              </Row>
            ))}
          </RowList>
        </section>
      )}

      {form.role === "consultant" && (
        <section className="grid gap-4 border-t pt-5 sm:grid-cols-2" aria-label="Consultant details">
          <Field label="Specialization" htmlFor="signup-specialization" error={shownError("specialization")} required>
            <NativeSelect
              id="signup-specialization"
              value={form.specialization}
              onChange={(e) => set("specialization", e.target.value)}
              onBlur={() => touch("specialization")}
              aria-invalid={shownError("specialization") ? true : undefined}
            >
              <option value="" disabled>
                Select a specialization…
              </option>
              {SPECIALIZATIONS.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <Field label="License number" htmlFor="signup-licenseNumber" error={shownError("licenseNumber")} required>
            <Input {...text("licenseNumber")} placeholder="HPCSA registration number" />
          </Field>
          <Field label="Phone" htmlFor="signup-phone" error={shownError("phone")} required>
            <Input {...text("phone")} type="tel" placeholder={PHONE_PLACEHOLDER} autoComplete="tel" />
          </Field>
          <Field label="Address" htmlFor="signup-address" error={shownError("address")} required>
            <Input {...text("address")} placeholder="Practice address" autoComplete="street-address" />
          </Field>
        </section>
      )}

      <div className="grid gap-2">
        <Button type="submit" size="lg" className="w-full" disabled={pending || !valid} aria-describedby={valid ? undefined : "signup-invalid-hint"}>
          {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
          Create Account
        </Button>
        {!valid && (
          <p id="signup-invalid-hint" className="text-center text-xs text-muted-foreground">
            {REGISTRATION_INVALID_HINT}
          </p>
        )}
      </div>
    </form>
  );
}

function RowList({
  legend,
  addLabel,
  error,
  count,
  onAdd,
  children,
}: {
  legend: string;
  addLabel: string;
  error?: string;
  count: number;
  onAdd: () => void;
  children: React.ReactNode;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className={cn("mb-1.5 text-sm font-medium", REQUIRED_MARK)}>{legend}</legend>
      {children}
      {error && <FieldError>{error}</FieldError>}
      {count < MAX_ROWS && (
        <div>
          <Button variant="ghost" size="sm" className="-ml-2 text-primary hover:text-primary" onClick={onAdd}>
            <Plus />
            {addLabel}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

function Row({ children, onRemove, removeLabel }: { children: React.ReactNode; onRemove?: () => void; removeLabel: string }) {
  return (
    <div className="flex items-center gap-2">
      <div className="flex min-w-0 flex-1">{children}</div>
      {onRemove && (
        <Button variant="ghost" size="icon" aria-label={removeLabel} title={removeLabel} onClick={onRemove} className="text-muted-foreground hover:text-destructive">
          <X />
        </Button>
      )}
    </div>
  );
}
