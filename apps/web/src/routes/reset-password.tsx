import { isValidPassword, PASSWORD_TOO_COMMON, PASSWORDS_DO_NOT_MATCH, resetPasswordSchema } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { KeyRound, LinkIcon } from "lucide-react";
import * as React from "react";
import { PasswordChecklist, PasswordMatchHint } from "@/components/auth/password-checklist";
import { PasswordInput } from "@/components/auth/password-input";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { useResetPassword } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { useZodForm } from "@/hooks/use-zod-form";
import { toast } from "@/hooks/use-toast";
import { HttpError, readableErrorMessage } from "@/lib/api";

interface ResetSearch {
  token?: string;
}

export const Route = createFileRoute("/reset-password")({
  validateSearch: (search: Record<string, unknown>): ResetSearch =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  component: ResetPasswordPage,
});

const INVALID_LINK = "This password reset link is invalid or has expired.";

function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  const { token } = Route.useSearch();
  const navigate = useNavigate();
  const reset = useResetPassword();
  // A link the server's schema would refuse is said to be invalid at once, before a password is chosen.
  const [linkError, setLinkError] = React.useState<string | null>(resetPasswordSchema.shape.token.safeParse(token).success ? null : INVALID_LINK);
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
    pending: reset.isPending,
  });
  const { password, confirmPassword: confirm } = form;

  const send = submit(({ password }) => {
    if (!token) return;
    reset.mutate(
      { token, password },
      {
        onSuccess: () => {
          toast({ title: "Password updated", description: "Your password has been reset. Please sign in with your new password." });
          void navigate({ to: "/auth", search: {} });
        },
        onError: (error) => {
          const message = readableErrorMessage(error, INVALID_LINK);
          // A 400 is the link, unless it is the new password that was refused (the link still works).
          if (error instanceof HttpError && error.status === 400 && message !== PASSWORD_TOO_COMMON) setLinkError(message);
          else toast({ variant: "destructive", title: "Error", description: readableErrorMessage(error) });
        },
      },
    );
  });

  return (
    <main className="flex min-h-svh flex-col items-center bg-background px-4 py-12 sm:justify-center">
      <Link to="/auth" className="mb-8 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Brand />
      </Link>
      <div className="w-full max-w-sm rounded-lg border bg-card p-6 shadow-xs sm:p-8">
        {linkError ? (
          <div className="text-center">
            <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-destructive-soft">
              <LinkIcon className="size-5 text-destructive" aria-hidden />
            </div>
            <h1 className="mt-4 text-lg font-semibold">Reset link not valid</h1>
            <p className="mt-1.5 text-sm text-muted-foreground" role="alert">
              {linkError}
            </p>
            <p className="mt-1 text-sm text-muted-foreground">Use “Forgot password?” on the sign-in page to get a new link.</p>
            <Button asChild className="mt-6 w-full">
              <Link to="/auth">Back to sign in</Link>
            </Button>
          </div>
        ) : (
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
            <Button type="submit" className="w-full" disabled={!complete || reset.isPending}>
              {reset.isPending && <Spinner decorative className="size-4 text-primary-foreground" />}
              Reset password
            </Button>
            <Link to="/auth" className="text-center text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-2 focus-visible:ring-ring">
              Back to sign in
            </Link>
          </form>
        )}
      </div>
    </main>
  );
}
