import type { AttorneyDetails, ConsultantDetails, ProfileInput, UserDetail } from "@medlegal/domain";
import { ACCOUNT_MESSAGES, emailChanged, profileSchemaFor, roleDetailsOf, roleFieldsPayload, roleListErrors } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
import { PasswordInput } from "../auth/password-input";
import { FormActions } from "../forms/form-footer";
import type { SpecializationOption } from "../forms/role-fields";
import { RoleDetailsSection } from "../forms/role-fields";
import { Field } from "../ui/field";
import { Input } from "../ui/input";

interface ProfileState extends AttorneyDetails, ConsultantDetails {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
}

function stateOf(user: UserDetail): ProfileState {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, currentPassword: "", ...roleDetailsOf(user) };
}

function toPayload(user: UserDetail, form: ProfileState): ProfileInput {
  const payload: ProfileInput = { firstName: form.firstName, lastName: form.lastName, email: form.email };
  if (emailChanged(user.email, form.email)) payload.currentPassword = form.currentPassword;
  return { ...payload, ...roleFieldsPayload(user.role, form) };
}

/** On top of the server's schema: the attorney lists, and the current password for a new email. */
function refineProfile(user: UserDetail, form: ProfileState, errors: Record<string, string>): Record<string, string> {
  const found = { ...errors };
  for (const [k, m] of Object.entries(roleListErrors(user.role, form))) found[k] ??= m;
  if (emailChanged(user.email, form.email) && !form.currentPassword) found.currentPassword = ACCOUNT_MESSAGES.currentPasswordForEmail;
  return found;
}

/**
 * A user's own details (the sign-up rules for their role, docs/product-rules.md#sign-up-and-validation). Changing the email asks for the
 * current password; the field appears as soon as the email differs from the saved one.
 */
export function ProfileForm({
  user,
  specializations,
  pending = false,
  serverErrors,
  onSubmit,
}: {
  user: UserDetail;
  specializations: readonly SpecializationOption[] | undefined;
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (payload: ProfileInput) => void;
}) {
  // A saved profile comes back from the server: the form starts again from it (the password field empties).
  const { form, patch, touch, reset, err, formRef, text, submit } = useZodForm<ProfileState>({
    initial: () => stateOf(user),
    schema: profileSchemaFor(user.role),
    toPayload: (f) => toPayload(user, f),
    refine: (f, errors) => refineProfile(user, f, errors),
    idPrefix: "profile",
    pending,
    serverErrors,
    resetKey: user,
  });
  const changingEmail = emailChanged(user.email, form.email);
  const dirty = JSON.stringify(toPayload(user, form)) !== JSON.stringify(toPayload(user, stateOf(user))) || changingEmail;
  const currentPasswordError = err("currentPassword");

  return (
    <form
      ref={formRef}
      onSubmit={dirty ? submit(() => onSubmit(toPayload(user, form))) : (e) => e.preventDefault()}
      noValidate
      className="grid gap-6"
      aria-label="Profile"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" htmlFor="profile-firstName" error={err("firstName")} required>
          <Input {...text("firstName")} autoComplete="given-name" />
        </Field>
        <Field label="Last name" htmlFor="profile-lastName" error={err("lastName")} required>
          <Input {...text("lastName")} autoComplete="family-name" />
        </Field>
        <Field label="Email" htmlFor="profile-email" error={err("email")} required className="sm:col-span-2">
          <Input {...text("email")} type="email" autoComplete="email" />
        </Field>
        {changingEmail && (
          <div className="grid gap-1.5 rounded-md border border-dashed bg-muted/40 p-3 sm:col-span-2">
            <Field label="Current password" htmlFor="profile-currentPassword" error={currentPasswordError} required>
              <PasswordInput
                {...text("currentPassword")}
                aria-describedby={currentPasswordError ? "profile-currentPassword-error" : "profile-currentPassword-hint"}
                autoComplete="current-password"
              />
            </Field>
            {!currentPasswordError && (
              <p id="profile-currentPassword-hint" className="text-xs text-muted-foreground">
                To change your email, confirm it is you with your current password.
              </p>
            )}
          </div>
        )}
      </div>

      <RoleDetailsSection
        role={user.role}
        heading={{ attorney: "Practice details", consultant: "Practice details", interpreter: "Contact details" }}
        idPrefix="profile"
        value={form}
        onChange={patch}
        error={err}
        onTouch={touch}
        disabled={pending}
        specializations={specializations}
      />

      <FormActions pending={pending} dirty={dirty} onReset={reset} />
    </form>
  );
}
