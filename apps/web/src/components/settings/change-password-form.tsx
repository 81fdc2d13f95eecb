import { changePasswordSchema, isValidPassword } from "@medlegal/domain";
import * as React from "react";
import { PasswordChecklist, PasswordMatchHint } from "../auth/password-checklist";
import { PasswordInput } from "../auth/password-input";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Spinner } from "../ui/spinner";

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Current password, a new one under the SPEC.md rules with the live checklist, and its
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

  const valid =
    changePasswordSchema.safeParse({ currentPassword, newPassword }).success && isValidPassword(newPassword) && confirmPassword === newPassword;
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
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Field label="New password" htmlFor="password-new" required>
            <PasswordInput
              id="password-new"
              value={newPassword}
              disabled={pending}
              onChange={(e) => setNewPassword(e.target.value)}
              aria-describedby="password-new-checklist"
              autoComplete="new-password"
            />
          </Field>
          <PasswordChecklist password={newPassword} id="password-new-checklist" />
        </div>
        <div className="grid content-start gap-1.5">
          <Field label="Confirm new password" htmlFor="password-confirm" required>
            <PasswordInput
              id="password-confirm"
              value={confirmPassword}
              disabled={pending}
              onChange={(e) => setConfirmPassword(e.target.value)}
              aria-invalid={confirmPassword !== "" && confirmPassword !== newPassword ? true : undefined}
              aria-describedby="password-confirm-hint"
              autoComplete="new-password"
            />
          </Field>
          <PasswordMatchHint password={newPassword} confirmPassword={confirmPassword} id="password-confirm-hint" />
        </div>
      </div>
      <div className="flex flex-col gap-2 border-t pt-5 sm:flex-row sm:items-center sm:justify-end">
        <p className="text-xs text-muted-foreground sm:mr-auto">Your other sessions will be signed out.</p>
        <Button type="submit" disabled={!valid || pending}>
          {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
          Change password
        </Button>
      </div>
    </form>
  );
}
