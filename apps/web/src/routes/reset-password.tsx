import { PASSWORD_TOO_COMMON, resetPasswordSchema } from "@medlegal/domain";
import { createFileRoute, Link, useNavigate } from "@tanstack/react-router";
import { LinkIcon } from "lucide-react";
import * as React from "react";
import { ResetPasswordForm } from "@/components/auth/reset-password-form";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { useResetPassword } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
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
  const [linkError, setLinkError] = React.useState<string | null>(
    resetPasswordSchema.shape.token.safeParse(token).success ? null : INVALID_LINK,
  );
  const send = (password: string) => {
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
  };

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
          <ResetPasswordForm token={token ?? ""} pending={reset.isPending} onSubmit={send} />
        )}
      </div>
    </main>
  );
}
