import { isValidPassword, PASSWORDS_DO_NOT_MATCH, resetPasswordSchema } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { KeyRound } from "lucide-react";
import { useZodForm } from "@/hooks/use-zod-form";
import { Button } from "../ui/button";
import { Field } from "../ui/field";
import { Spinner } from "../ui/spinner";
import { PasswordChecklist, PasswordMatchHint } from "./password-checklist";
import { PasswordInput } from "./password-input";

/**
 * The new password of a reset link, checked by the server's reset schema with the link's token:
 * the live checklist and the match hint say what is missing, and Reset password stays disabled
 * until every rule holds (docs/product-rules.md#passwords-and-sessions).
 */
export function ResetPasswordForm({
  token,
  pending = false,
  onSubmit,
}: {
  token: string;
  pending?: boolean;
  onSubmit: (password: string) => void;
}) {
  const { form, text, formRef, submit, complete } = useZodForm<{ password: string; confirmPassword: string }>({
    initial: () => ({ password: "", confirmPassword: "" }),
    schema: resetPasswordSchema,
    toPayload: ({ password }) => ({ token, password }),
    // The checklist and the match hint say what is missing; these only keep the button disabled.
    refine: (f, errors) => ({
      ...errors,
      ...(isValidPassword(f.password) ? {} : { password: "The password does not meet every rule" }),
      ...(f.confirmPassword === f.password ? {} : { confirmPassword: PASSWORDS_DO_NOT_MATCH }),
    }),
    idPrefix: "reset",
    pending,
  });
  const { password, confirmPassword: confirm } = form;
  const send = submit((values) => onSubmit(values.password));

  return (
    <form ref={formRef} onSubmit={send} noValidate className="grid gap-5">
      <div>
        <div className="mb-3 flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <KeyRound className="size-5" aria-hidden />
        </div>
        <h1 className="text-lg font-semibold">Choose a new password</h1>
        <p className="mt-1 text-sm text-muted-foreground">After the change you can sign in with the new password.</p>
      </div>
      <div className="grid gap-1.5">
        <Field label="New password" htmlFor="reset-password">
          <PasswordInput
            {...text("password")}
            autoComplete="new-password"
            aria-invalid={undefined}
            aria-describedby="reset-password-checklist"
            autoFocus
          />
        </Field>
        <PasswordChecklist password={password} id="reset-password-checklist" />
      </div>
      <div className="grid gap-1.5">
        <Field label="Confirm new password" htmlFor="reset-confirm">
          <PasswordInput
            {...text("confirmPassword")}
            id="reset-confirm"
            autoComplete="new-password"
            aria-invalid={confirm !== "" && confirm !== password ? true : undefined}
            aria-describedby="reset-confirm-hint"
          />
        </Field>
        <PasswordMatchHint password={password} confirmPassword={confirm} id="reset-confirm-hint" />
      </div>
      <Button type="submit" className="w-full" disabled={!complete || pending}>
        {pending && <Spinner decorative className="size-4 text-primary-foreground" />}
        Reset password
      </Button>
      <Link
        to="/auth"
        className="text-center text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        Back to sign in
      </Link>
    </form>
  );
}
