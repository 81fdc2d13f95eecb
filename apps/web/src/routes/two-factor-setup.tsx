import { useQueryClient } from "@tanstack/react-query";
import { createFileRoute, Navigate, useNavigate } from "@tanstack/react-router";
import { ShieldCheck } from "lucide-react";
import { Brand } from "@/components/brand";
import { TwoFactorEnrolment } from "@/components/two-factor/two-factor-enrolment";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useCurrentUser, useLogout } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryKeys } from "@/lib/query-keys";
import { TrpcProvider } from "@/lib/trpc-runtime";

/**
 * Where staff are held while the agency requires two-factor sign-in and they have none yet
 * (docs/decisions.md): the server answers them nothing else until they have set it up.
 */
export const Route = createFileRoute("/two-factor-setup")({
  // Its tRPC client loads with this page, not with the first download (lib/trpc-runtime.tsx).
  component: () => (
    <TrpcProvider>
      <TwoFactorSetupPage />
    </TrpcProvider>
  ),
});

function TwoFactorSetupPage() {
  useDocumentTitle("Set up two-factor sign-in");
  const user = useCurrentUser();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  if (user.isLoading) return <FullPageSpinner />;
  if (!user.data) return <Navigate to="/auth" search={{}} replace />;
  if (!user.data.twoFactorSetupRequired) return <Navigate to="/" replace />;

  async function finish() {
    await queryClient.invalidateQueries({ queryKey: queryKeys.user });
    await navigate({ to: "/" });
  }

  return (
    <main className="flex min-h-svh flex-col items-center bg-background px-4 py-10 sm:py-12">
      <Brand className="mb-8" />
      <div className="w-full max-w-2xl rounded-lg border bg-card p-5 shadow-xs sm:p-8">
        <div className="mb-6 flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ShieldCheck className="size-5" aria-hidden />
          </span>
          <div>
            <h1 className="text-lg font-semibold">Set up two-factor sign-in</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              Your agency requires administrators and employees to confirm each sign-in with a code from an authenticator app. Set it up now
              to continue.
            </p>
          </div>
        </div>
        <TwoFactorEnrolment autoStart onDone={() => void finish()} />
      </div>
      <Button variant="link" className="mt-6 text-muted-foreground" onClick={() => logout.mutate()} disabled={logout.isPending}>
        Sign out
      </Button>
    </main>
  );
}
