import * as React from "react";
import { Field } from "../ui/field";
import { PasswordChecklist, PasswordMatchHint } from "./password-checklist";
import { PasswordInput } from "./password-input";

type InputProps = React.ComponentProps<typeof PasswordInput> & { id: string };

/**
 * A new password with the live checklist beside its confirmation with the match hint (sign-up, the
 * administrator's new user, change password). The checklist's id is the password's id + "-checklist";
 * the confirmation is marked invalid while it differs from the password, unless the caller decides.
 */
export function NewPasswordFields({
  password,
  confirmPassword,
  passwordLabel = "Password",
  confirmLabel = "Confirm password",
  confirmError,
  confirmHintId,
  passwordProps,
  confirmProps,
}: {
  password: string;
  confirmPassword: string;
  passwordLabel?: string;
  confirmLabel?: string;
  confirmError?: string;
  confirmHintId: string;
  passwordProps: InputProps;
  confirmProps: InputProps;
}) {
  const checklistId = `${passwordProps.id}-checklist`;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="grid content-start gap-1.5">
        <Field label={passwordLabel} htmlFor={passwordProps.id} required>
          <PasswordInput value={password} autoComplete="new-password" {...passwordProps} aria-describedby={checklistId} />
        </Field>
        <PasswordChecklist password={password} id={checklistId} />
      </div>
      <div className="grid content-start gap-1.5">
        <Field label={confirmLabel} htmlFor={confirmProps.id} required error={confirmError}>
          <PasswordInput
            value={confirmPassword}
            autoComplete="new-password"
            {...confirmProps}
            aria-invalid={confirmProps["aria-invalid"] ?? (confirmPassword !== "" && confirmPassword !== password ? true : undefined)}
            aria-describedby={confirmHintId}
          />
        </Field>
        <PasswordMatchHint password={password} confirmPassword={confirmPassword} id={confirmHintId} />
      </div>
    </div>
  );
}
