import { changePasswordSchema, isValidPassword } from "@medlegal/domain";
import { useZodForm } from "@/hooks/use-zod-form";
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
  const { form, methods, err, formRef, text, submit, complete } = useZodForm<ChangePasswordInput & { confirmPassword: string }>({
    initial: () => ({ currentPassword: "", newPassword: "", confirmPassword: "" }),
    schema: changePasswordSchema,
    toPayload: ({ currentPassword, newPassword }) => ({ currentPassword, newPassword }),
    // The checklist and the match hint say what is missing; these only keep the button disabled.
    refine: (f, errors) => ({
      ...errors,
      ...(isValidPassword(f.newPassword) ? {} : { newPassword: "The password does not meet every rule" }),
      ...(f.confirmPassword === f.newPassword ? {} : { confirmPassword: "The passwords do not match" }),
    }),
    idPrefix: "password",
    pending,
    serverErrors,
  });
  const currentError = methods.formState.errors.currentPassword?.type === "server" ? err("currentPassword") : undefined;

  const handleSubmit = submit(async ({ currentPassword, newPassword }) => {
    try {
      await onSubmit({ currentPassword, newPassword });
      methods.reset();
    } catch {
      // The caller reports the failure; the fields stay for another try.
    }
  });

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="grid gap-4" aria-label="Change password">
      <Field label="Current password" htmlFor="password-current" error={currentError} required className="sm:max-w-sm">
        <PasswordInput
          {...text("currentPassword")}
          id="password-current"
          aria-invalid={currentError ? true : undefined}
          aria-describedby={currentError ? "password-current-error" : undefined}
          autoComplete="current-password"
        />
      </Field>
      <NewPasswordFields
        password={form.newPassword}
        confirmPassword={form.confirmPassword}
        passwordLabel="New password"
        confirmLabel="Confirm new password"
        confirmHintId="password-confirm-hint"
        passwordProps={{ ...text("newPassword"), id: "password-new", "aria-invalid": undefined }}
        confirmProps={{ ...text("confirmPassword"), id: "password-confirm", "aria-invalid": undefined }}
      />
      <FormFooter
        className="flex-col pt-5"
        pending={pending}
        submitDisabled={!complete}
        submitLabel="Change password"
        note={<FormNote>Your other sessions will be signed out.</FormNote>}
      />
    </form>
  );
}
