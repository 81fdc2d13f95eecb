import { confirmRegistrationSchema, SIGN_UP_MESSAGES } from "@medlegal/domain";
import { createFileRoute, Link } from "@tanstack/react-router";
import { LinkIcon, UserCheck } from "lucide-react";
import { Brand } from "@/components/brand";
import { Button } from "@/components/ui/button";
import { useConfirmSignUp } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { readableErrorMessage } from "@/lib/api";

interface ConfirmSearch {
  token?: string;
}

export const Route = createFileRoute("/confirm-sign-up")({
  validateSearch: (search: Record<string, unknown>): ConfirmSearch =>
    typeof search.token === "string" && search.token ? { token: search.token } : {},
  component: ConfirmSignUpPage,
});

/**
 * The link in the sign-up mail. The account is created by a click here, not by opening the page:
 * mail scanners open links too, and must not spend them (docs/decisions.md "Sign-up confirms the e-mail").
 */
function ConfirmSignUpPage() {
  useDocumentTitle("Finish creating your account");
  const { token } = Route.useSearch();
  const confirm = useConfirmSignUp();
  const linkError = !confirmRegistrationSchema.shape.token.safeParse(token).success
    ? SIGN_UP_MESSAGES.linkInvalid
    : confirm.isError
      ? readableErrorMessage(confirm.error, SIGN_UP_MESSAGES.linkInvalid)
      : null;

  return (
    <main className="flex min-h-svh flex-col items-center bg-background px-4 py-12 sm:justify-center">
      <Link to="/auth" className="mb-8 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <Brand />
      </Link>
      <div className="w-full max-w-sm rounded-lg border bg-card p-6 text-center shadow-xs sm:p-8">
        {linkError ? (
          <>
            <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-destructive-soft">
              <LinkIcon className="size-5 text-destructive" aria-hidden />
            </div>
            <h1 className="mt-4 text-lg font-semibold">Sign-up link not valid</h1>
            <p className="mt-1.5 text-sm text-muted-foreground" role="alert">
              {linkError}
            </p>
            <Button asChild className="mt-6 w-full">
              <Link to="/auth">Back to sign in</Link>
            </Button>
          </>
        ) : (
          <>
            <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-primary/10">
              <UserCheck className="size-5 text-primary" aria-hidden />
            </div>
            <h1 className="mt-4 text-lg font-semibold">Finish creating your account</h1>
            <p className="mt-1.5 text-sm text-muted-foreground">
              Your e-mail address is confirmed by this link. Create the account and sign in.
            </p>
            <Button className="mt-6 w-full" disabled={confirm.isPending} onClick={() => token && confirm.mutate(token)}>
              {confirm.isPending ? "Creating your account…" : "Create my account"}
            </Button>
          </>
        )}
      </div>
    </main>
  );
}
