import type { CurrentUser } from "@medlegal/domain";
import { can } from "@medlegal/domain";
import { canOpenRoute } from "@medlegal/domain/navigation";
import { createFileRoute, Navigate, Outlet, redirect, useMatches, useRouter } from "@tanstack/react-router";
import { CloudOff } from "lucide-react";
import { AppShell } from "@/components/layout/app-shell";
import { NoAccess } from "@/components/no-access";
import { Button } from "@/components/ui/button";
import { FullPageSpinner } from "@/components/ui/spinner";
import { TooltipProvider } from "@/components/ui/tooltip";
import { currentUserQuery, useCurrentUser } from "@/hooks/use-auth";
import { useLiveEvents } from "@/hooks/use-live-events";
import { TrpcProvider } from "@/lib/trpc-runtime";
import { SavedViewsNav } from "@/components/saved-views/saved-views-nav";

/**
 * The pathless layout of every protected route (docs/product-rules.md#navigation). `beforeLoad` loads the user
 * before any page does: signed out goes to /auth, a compulsory two-factor set-up to its page, and
 * `allowed` says whether the role may open the matched route (the page loaders prefetch only then;
 * the layout shows No access otherwise). See docs/architecture.md, "Web routes and data".
 */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ context, matches }): Promise<{ user: CurrentUser | null; allowed: boolean }> => {
    let user: CurrentUser | null;
    try {
      user = await context.queryClient.ensureQueryData(currentUserQuery);
    } catch {
      // The server is unreachable: the layout says so and offers a retry.
      return { user: null, allowed: false };
    }
    if (!user) throw redirect({ to: "/auth", search: {}, replace: true });
    // Held at a compulsory two-factor set-up: the server answers nothing else until it is done.
    if (user.twoFactorSetupRequired) throw redirect({ to: "/two-factor-setup", replace: true });
    const leafPath: string | undefined = matches[matches.length - 1]?.fullPath;
    return { user, allowed: leafPath !== undefined && canOpenRoute(user.role, leafPath) };
  },
  component: AppLayout,
});

function AppLayout() {
  const router = useRouter();
  // The guard has loaded the user; the query keeps it current (a profile edit, a sign-out).
  const user = useCurrentUser();
  const leafPath = useMatches({ select: (matches) => matches[matches.length - 1]?.fullPath });

  if (user.isError) return <ServerUnavailable onRetry={() => void router.invalidate()} />;
  if (user.data === null) return <Navigate to="/auth" search={{}} replace />;
  if (!user.data) return <FullPageSpinner />;
  if (user.data.twoFactorSetupRequired) return <Navigate to="/two-factor-setup" replace />;

  const allowed = leafPath !== undefined && canOpenRoute(user.data.role, leafPath);
  const role = user.data.role;
  // Tooltips live only in the signed-in screens, so their library loads with this layout's chunk and
  // not with the first download (docs/decisions.md, "Performance").
  // tRPC too: it loads with this layout, not with the first download (lib/trpc-runtime.tsx).
  return (
    <TrpcProvider>
      <TooltipProvider>
        <AppShell
          user={user.data}
          sidebarExtra={can(role, "views.own") ? (onNavigate) => <SavedViewsNav role={role} onNavigate={onNavigate} /> : undefined}
        >
          <LiveEvents />
          {allowed ? <Outlet /> : <NoAccess />}
        </AppShell>
      </TooltipProvider>
    </TrpcProvider>
  );
}

/** The signed-in tab's one live event stream (docs/architecture.md, "Live events"): only once a user is known. */
function LiveEvents() {
  useLiveEvents({ as: "user" });
  return null;
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
