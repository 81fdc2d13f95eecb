import type { ProfileInput, UserDetail } from "@medlegal/domain";
import { ACCOUNT_MESSAGES, attorneyListErrors, profileSchemaFor } from "@medlegal/domain";
import * as React from "react";
import { focusFirstInvalid, schemaErrors, useFormFeedback } from "@/hooks/use-form-feedback";
import { PasswordInput } from "../auth/password-input";
import type { AttorneyDetails, ConsultantDetails, SpecializationOption } from "../forms/role-fields";
import { attorneyPayload, AttorneyFields, ConsultantFields, consultantPayload, roleDetailsOf } from "../forms/role-fields";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Input } from "../ui/input";
import { Spinner } from "../ui/spinner";

interface ProfileState extends AttorneyDetails, ConsultantDetails {
  firstName: string;
  lastName: string;
  email: string;
  currentPassword: string;
}

function stateOf(user: UserDetail): ProfileState {
  return { firstName: user.firstName, lastName: user.lastName, email: user.email, currentPassword: "", ...roleDetailsOf(user) };
}

/** The server compares emails without regard to capitals; so does the form. */
export function emailChanged(saved: string, typed: string): boolean {
  return typed.trim().toLowerCase() !== saved.trim().toLowerCase();
}

function toPayload(user: UserDetail, form: ProfileState): ProfileInput {
  const payload: ProfileInput = { firstName: form.firstName, lastName: form.lastName, email: form.email };
  if (emailChanged(user.email, form.email)) payload.currentPassword = form.currentPassword;
  if (user.role === "attorney") Object.assign(payload, attorneyPayload(form));
  if (user.role === "consultant") Object.assign(payload, consultantPayload(form));
  return payload;
}

/**
 * A user's own details (SPEC.md's sign-up rules for their role). Changing the email asks for the
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
  const [form, setForm] = React.useState<ProfileState>(() => stateOf(user));
  const [saved, setSaved] = React.useState(user);
  const formRef = React.useRef<HTMLFormElement>(null);
  const changingEmail = emailChanged(user.email, form.email);

  const errors = React.useMemo(() => {
    const found = schemaErrors(profileSchemaFor(user.role), toPayload(user, form));
    if (user.role === "attorney") for (const [k, m] of Object.entries(attorneyListErrors(form))) found[k] ??= m;
    if (changingEmail && !form.currentPassword) found.currentPassword = ACCOUNT_MESSAGES.currentPasswordForEmail;
    return found;
  }, [user, form, changingEmail]);
  const feedback = useFormFeedback(errors, serverErrors);
  const err = feedback.shown;

  // A saved profile comes back from the server: start again from it (the password field empties).
  if (saved !== user) {
    setSaved(user);
    setForm(stateOf(user));
    feedback.reset();
  }

  const dirty = JSON.stringify(toPayload(user, form)) !== JSON.stringify(toPayload(user, stateOf(user))) || changingEmail;
  const patch = (changes: Partial<ProfileState>) => {
    for (const key of Object.keys(changes)) feedback.edit(key);
    setForm((prev) => ({ ...prev, ...changes }));
  };
  const text = (name: "firstName" | "lastName" | "email") => ({
    id: `profile-${name}`,
    value: form[name],
    disabled: pending,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => patch({ [name]: e.target.value }),
    onBlur: () => feedback.touch(name),
    "aria-invalid": err(name) ? true : undefined,
    "aria-describedby": err(name) ? `profile-${name}-error` : undefined,
  });

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (pending || !dirty) return;
    if (Object.keys(errors).length > 0) {
      feedback.markSubmitted();
      focusFirstInvalid(formRef.current);
      return;
    }
    onSubmit(toPayload(user, form));
  }

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-6" aria-label="Profile">
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
            <Field label="Current password" htmlFor="profile-currentPassword" error={err("currentPassword")} required>
              <PasswordInput
                id="profile-currentPassword"
                value={form.currentPassword}
                disabled={pending}
                onChange={(e) => patch({ currentPassword: e.target.value })}
                onBlur={() => feedback.touch("currentPassword")}
                aria-invalid={err("currentPassword") ? true : undefined}
                aria-describedby={err("currentPassword") ? "profile-currentPassword-error" : "profile-currentPassword-hint"}
                autoComplete="current-password"
              />
            </Field>
            {!err("currentPassword") && (
              <p id="profile-currentPassword-hint" className="text-xs text-muted-foreground">
                To change your email, confirm it is you with your current password.
              </p>
            )}
          </div>
        )}
      </div>

      {user.role === "attorney" && (
        <section className="grid gap-4 border-t pt-5" aria-labelledby="profile-attorney-heading">
          <h3 id="profile-attorney-heading" className="text-sm font-semibold">
            Practice details
          </h3>
          <AttorneyFields idPrefix="profile" value={form} onChange={patch} error={err} onTouch={feedback.touch} disabled={pending} />
        </section>
      )}

      {user.role === "consultant" && (
        <section className="grid gap-4 border-t pt-5" aria-labelledby="profile-consultant-heading">
          <h3 id="profile-consultant-heading" className="text-sm font-semibold">
            Practice details
          </h3>
          <ConsultantFields
            idPrefix="profile"
            value={form}
            onChange={patch}
            error={err}
            onTouch={feedback.touch}
            disabled={pending}
            specializations={specializations}
          />
        </section>
      )}

      <FormActions pending={pending} dirty={dirty} onReset={() => {
        setForm(stateOf(user));
        feedback.reset();
      }} />
    </form>
  );
}

/** Save (disabled while saving or unchanged) and a way back to the saved values. */
export function FormActions({ pending, dirty, onReset, label = "Save changes" }: { pending: boolean; dirty: boolean; onReset?: () => void; label?: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
      {dirty && !pending && <p className="text-xs text-muted-foreground sm:mr-auto">You have unsaved changes.</p>}
      {onReset && (
        <Button variant="outline" onClick={onReset} disabled={pending || !dirty}>
          Discard
        </Button>
      )}
      <Button type="submit" disabled={pending || !dirty}>
        {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
        {label}
      </Button>
    </div>
  );
}
