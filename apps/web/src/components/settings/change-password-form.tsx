import { changePasswordSchema, isValidPassword } from "@medlegal/domain";
import * as React from "react";
import { NewPasswordFields } from "../auth/new-password-fields";
import { PasswordInput } from "../auth/password-input";
import { FormFooter, FormNote } from "../forms/form-footer";
import { Field } from "../ui/field";

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Current password, a new one under the password rules (docs/product-rules.md#passwords-and-sessions) with the live checklist, and its
 * confirmation. Change password stays disabled until all three agree. `onSubmit` resolves on
 * success (the fields then empty) and rejects on failure (they stay).
 */
export function ChangePasswordForm({
  pending = false,
  serverErrors,
  onSubmit,
}: {
  pending?: boolean;
  serverErrors?: Record<string, string>;
  onSubmit: (input: ChangePasswordInput) => Promise<unknown>;
}) {
  const [currentPassword, setCurrentPassword] = React.useState("");
  const [newPassword, setNewPassword] = React.useState("");
  const [confirmPassword, setConfirmPassword] = React.useState("");
  const [editedSinceError, setEditedSinceError] = React.useState(false);
  const [lastServerErrors, setLastServerErrors] = React.useState(serverErrors);
  if (lastServerErrors !== serverErrors) {
    setLastServerErrors(serverErrors);
    setEditedSinceError(false);
  }

  const valid = changePasswordSchema.safeParse({ currentPassword, newPassword }).success && isValidPassword(newPassword) && confirmPassword === newPassword;
  const currentError = !editedSinceError ? serverErrors?.currentPassword : undefined;

  async function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    if (!valid || pending) return;
    try {
      await onSubmit({ currentPassword, newPassword });
      setCurrentPassword("");
      setNewPassword("");
      setConfirmPassword("");
    } catch {
      // The caller reports the failure; the fields stay for another try.
    }
  }

  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate className="grid gap-4" aria-label="Change password">
      <Field label="Current password" htmlFor="password-current" error={currentError} required className="sm:max-w-sm">
        <PasswordInput
          id="password-current"
          value={currentPassword}
          disabled={pending}
          onChange={(e) => {
            setEditedSinceError(true);
            setCurrentPassword(e.target.value);
          }}
          aria-invalid={currentError ? true : undefined}
          aria-describedby={currentError ? "password-current-error" : undefined}
          autoComplete="current-password"
        />
      </Field>
      <NewPasswordFields
        password={newPassword}
        confirmPassword={confirmPassword}
        passwordLabel="New password"
        confirmLabel="Confirm new password"
        confirmHintId="password-confirm-hint"
        passwordProps={{ id: "password-new", disabled: pending, onChange: (e) => setNewPassword(e.target.value) }}
        confirmProps={{ id: "password-confirm", disabled: pending, onChange: (e) => setConfirmPassword(e.target.value) }}
      />
      <FormFooter
        className="flex-col pt-5"
        pending={pending}
        submitDisabled={!valid}
        submitLabel="Change password"
        note={<FormNote>Your other sessions will be signed out.</FormNote>}
      />
    </form>
  );
}
