import type { RegistrationForm, RegistrationInput, SelfRegisterRole } from "@medlegal/domain";
import {
  roleListErrors,
  emptyRegistrationForm,
  FORM_MESSAGES,
  PASSWORDS_DO_NOT_MATCH,
  REGISTRATION_INVALID_HINT,
  attorneyRegistrationSchema,
  consultantRegistrationSchema,
  registrationBase,
  ROLE_LABEL,
  SELF_REGISTER_ROLES,
  toRegistrationPayload,
} from "@medlegal/domain";
import { Briefcase, Stethoscope } from "lucide-react";
import { z } from "zod";
import { useZodForm } from "@/hooks/use-zod-form";
import { cn } from "@/lib/utils";
import { Button } from "../ui/button";
import { RoleDetailsSection } from "../forms/role-fields";
import type { SpecializationOption } from "../forms/role-fields";
import { Field, FieldError } from "../ui/field";
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

/** The server's registration schemas by role, and, until a role is chosen, its shared fields alone. */
const signUpSchema = z.discriminatedUnion("role", [
  attorneyRegistrationSchema,
  consultantRegistrationSchema,
  z.object({ ...registrationBase, role: z.literal("") }),
]);

/** What the server would receive (confirmPassword and the other role's fields removed); without a role, the shared fields. */
function toPayload(form: RegistrationForm) {
  const { username, password, email, firstName, lastName } = form;
  return toRegistrationPayload(form) ?? { username, password, email, firstName, lastName, role: "" };
}

/** On top of the server's schema: a chosen role, the attorney lists and the password confirmation. */
function refineRegistration(form: RegistrationForm, schemaErrors: Record<string, string>): Record<string, string> {
  const errors = { ...schemaErrors };
  if (!form.role) errors.role = FORM_MESSAGES.roleRequired;
  // zod skips the list refinement while other fields fail, so the list rules are merged in directly.
  for (const [key, message] of Object.entries(roleListErrors(form.role, form))) errors[key] ??= message;
  if (!form.confirmPassword) errors.confirmPassword = FORM_MESSAGES.confirmYourPassword;
  else if (form.confirmPassword !== form.password) errors.confirmPassword = PASSWORDS_DO_NOT_MATCH;
  return errors;
}

/**
 * The Sign Up form (docs/product-rules.md#sign-up-and-validation), checked by the server's
 * registration schema through useZodForm. Create Account stays disabled until every rule holds;
 * field errors show once a field was left, list errors as soon as a list is edited, all of them
 * after a refused submit (the first invalid field is focused).
 */
export function SignUpForm({ onSubmit, pending = false, specializations }: SignUpFormProps) {
  const { form, patch, touch, err, formRef, describe, text, submit, complete } = useZodForm<RegistrationForm>({
    initial: emptyRegistrationForm,
    schema: signUpSchema,
    toPayload,
    refine: refineRegistration,
    idPrefix: "signup",
    pending,
  });

  return (
    <form
      ref={formRef}
      onSubmit={submit((values) => {
        const payload = toRegistrationPayload(values);
        if (payload) onSubmit(payload);
      })}
      noValidate
      className="grid gap-5"
      aria-label="Sign Up"
    >
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
                  onChange={() => patch({ role })}
                  disabled={pending}
                  className="sr-only"
                  {...describe("role")}
                />
                <Icon className={cn("size-4", checked ? "text-primary" : "text-muted-foreground")} aria-hidden />
                <span className="text-sm font-medium">{ROLE_LABEL[role]}</span>
                <span className="text-xs text-muted-foreground">{ROLE_HINT[role]}</span>
              </label>
            );
          })}
        </div>
        {err("role") && <FieldError id="signup-role-error">{err("role")}</FieldError>}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" htmlFor="signup-firstName" error={err("firstName")} required>
          <Input {...text("firstName")} autoComplete="given-name" />
        </Field>
        <Field label="Last name" htmlFor="signup-lastName" error={err("lastName")} required>
          <Input {...text("lastName")} autoComplete="family-name" />
        </Field>
        <Field label="Username" htmlFor="signup-username" error={err("username")} required>
          <Input {...text("username")} autoComplete="username" autoCapitalize="none" spellCheck={false} />
        </Field>
        <Field label="Email" htmlFor="signup-email" error={err("email")} required>
          <Input {...text("email")} type="email" autoComplete="email" />
        </Field>
      </div>

      <NewPasswordFields
        password={form.password}
        confirmPassword={form.confirmPassword}
        confirmHintId="signup-confirm-hint"
        passwordProps={{ ...text("password"), "aria-invalid": undefined }}
        confirmError={form.confirmPassword ? undefined : err("confirmPassword")}
        confirmProps={text("confirmPassword")}
      />

      {!form.role && (
        <p className="rounded-md border border-dashed px-3 py-2.5 text-sm text-muted-foreground">
          Choose Attorney or Medical Consultant above to see the remaining details we need.
        </p>
      )}

      <RoleDetailsSection
        role={form.role}
        idPrefix="signup"
        value={form}
        onChange={patch}
        error={err}
        disabled={pending}
        onTouch={touch}
        specializations={specializations}
      />

      <div className="grid gap-2">
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={pending || !complete}
          aria-describedby={complete ? undefined : "signup-invalid-hint"}
        >
          {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
          Create Account
        </Button>
        {!complete && (
          <p id="signup-invalid-hint" className="text-center text-xs text-muted-foreground">
            {REGISTRATION_INVALID_HINT}
          </p>
        )}
      </div>
    </form>
  );
}
