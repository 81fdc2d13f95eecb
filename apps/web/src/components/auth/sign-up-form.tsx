import type { RegistrationForm, RegistrationInput, SelfRegisterRole } from "@medlegal/domain";
import {
  emptyRegistrationForm,
  REGISTRATION_INVALID_HINT,
  registrationFormErrors,
  ROLE_LABEL,
  SELF_REGISTER_ROLES,
  toRegistrationPayload,
} from "@medlegal/domain";
import { Briefcase, Stethoscope } from "lucide-react";
import * as React from "react";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { RoleDetailsSection } from "../forms/role-fields";
import type { SpecializationOption } from "../forms/role-fields";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import { NewPasswordFields } from "./new-password-fields";

const ROLE_ICON: Record<SelfRegisterRole, typeof Briefcase> = { attorney: Briefcase, consultant: Stethoscope };
const ROLE_HINT: Record<SelfRegisterRole, string> = {
  attorney: "Instruct experts and follow your matters",
  consultant: "Receive bookings and deliver reports",
};

export interface SignUpFormProps {
  onSubmit: (payload: RegistrationInput) => void;
  pending?: boolean;
  /** The active specializations from the server; undefined while they load. */
  specializations?: readonly SpecializationOption[];
}

/**
 * The Sign Up form (docs/product-rules.md#sign-up-and-validation). Validity is recomputed from the shared domain rules on every
 * change; field errors show once a field was left, list errors as soon as a list is edited.
 */
export function SignUpForm({ onSubmit, pending = false, specializations }: SignUpFormProps) {
  const [form, setForm] = React.useState<RegistrationForm>(emptyRegistrationForm);
  const [touched, setTouched] = React.useState<ReadonlySet<string>>(new Set());
  // registrationFormErrors merges the attorney list rules in, so lists are judged even while other fields fail.
  const errors = React.useMemo(() => registrationFormErrors(form), [form]);
  const valid = Object.keys(errors).length === 0;

  const touch = (name: string) => setTouched((prev) => (prev.has(name) ? prev : new Set(prev).add(name)));
  const set = <K extends keyof RegistrationForm>(key: K, value: RegistrationForm[K]) => setForm((prev) => ({ ...prev, [key]: value }));
  const patch = (changes: Partial<RegistrationForm>) => setForm((prev) => ({ ...prev, ...changes }));
  const shownError = (name: string) => (touched.has(name) ? errors[name] : undefined);

  const text = (name: "firstName" | "lastName" | "username" | "email" | "password" | "confirmPassword") => ({
    id: `signup-${name}`,
    name,
    value: form[name],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(name, e.target.value),
    onBlur: () => touch(name),
    "aria-invalid": shownError(name) ? true : undefined,
    "aria-describedby": shownError(name) ? `signup-${name}-error` : undefined,
  });

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
                <input type="radio" name="role" value={role} checked={checked} onChange={() => set("role", role)} className="sr-only" />
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

      <NewPasswordFields
        password={form.password}
        confirmPassword={form.confirmPassword}
        confirmHintId="signup-confirm-hint"
        passwordProps={{ ...text("password"), "aria-invalid": undefined }}
        confirmProps={{ ...text("confirmPassword"), "aria-invalid": undefined }}
      />

      {form.role === "" && (
        <p className="rounded-md border border-dashed px-3 py-2.5 text-sm text-muted-foreground">
          Choose Attorney or Medical Consultant above to see the remaining details we need.
        </p>
      )}

      <RoleDetailsSection
        role={form.role}
        idPrefix="signup"
        value={form}
        onChange={patch}
        error={shownError}
        onTouch={touch}
        specializations={specializations}
      />

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
