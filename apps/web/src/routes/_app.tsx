import { canOpenRoute } from "@medlegal/domain";
import { createFileRoute, Navigate, Outlet, useMatches } from "@tanstack/react-router";
import { CloudOff } from "lucide-react";
import { AppShell } from "@/components/layout/app-shell";
import { NoAccess } from "@/components/no-access";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useCurrentUser } from "@/hooks/use-auth";

/**
 * The pathless layout of every protected route (docs/product-rules.md#navigation): a spinner while the user
 * loads, /auth without one, and per-role access with canOpenRoute on the matched route path.
 */
export const Route = createFileRoute("/_app")({
  component: AppLayout,
});

function AppLayout() {
  const user = useCurrentUser();
  const leafPath = useMatches({ select: (matches) => matches[matches.length - 1]?.fullPath });

  if (user.isLoading) return <FullPageSpinner />;
  if (user.isError) return <ServerUnavailable onRetry={() => void user.refetch()} />;
  if (!user.data) return <Navigate to="/auth" search={{}} replace />;
  // Held at a compulsory two-factor set-up: the server answers nothing else until it is done.
  if (user.data.twoFactorSetupRequired) return <Navigate to="/two-factor-setup" replace />;

  const allowed = leafPath !== undefined && canOpenRoute(user.data.role, leafPath);
  return <AppShell user={user.data}>{allowed ? <Outlet /> : <NoAccess />}</AppShell>;
}

function ServerUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <main className="flex min-h-svh items-center justify-center p-4">
      <div className="max-w-sm text-center">
        <div className="mx-auto flex size-11 items-center justify-center rounded-full bg-muted">
          <CloudOff className="size-5 text-muted-foreground" aria-hidden />
        </div>
        <h1 className="mt-4 text-lg font-semibold">MedLegal is not reachable</h1>
        <p className="mt-1.5 text-sm text-muted-foreground">We could not load your account. Check your connection and try again.</p>
        <Button className="mt-5" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </main>
  );
}
