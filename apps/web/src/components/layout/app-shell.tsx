import type { CurrentUser } from "@medlegal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import * as DialogPrimitive from "@radix-ui/react-dialog";
import { Menu, X } from "lucide-react";
import * as React from "react";
import { useLogout } from "@/hooks/use-auth";
import { queryKeys } from "@/lib/query-keys";
import { useNotificationActions, useNotifications, useUnreadMessages } from "@/hooks/use-notifications";
import { BrandMark } from "../brand";
import { CommandPalette } from "../command-palette/command-palette";
import { InactivityGuard } from "../inactivity-guard";
import { NotificationBell } from "../notifications/notification-bell";
import { Button } from "../ui/button";
import { Sidebar } from "./sidebar";
import { UserMenu } from "./user-menu";

function HeaderBell({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const notifications = useNotifications(userId);
  const actions = useNotificationActions(userId);
  return (
    <NotificationBell
      notifications={notifications.data ?? []}
      isLoading={notifications.isLoading}
      isError={notifications.isError}
      onMarkRead={actions.markRead}
      onMarkAllRead={actions.markAllRead}
      onDelete={actions.remove}
      onViewAll={() => void navigate({ to: "/notifications" })}
    />
  );
}

/**
 * The first tab stop of every signed-in page: hidden until focused, it moves focus past the
 * sidebar and header to the page's content (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Focus (and so scroll to) the content without letting the router see a hash change.
        const main = document.getElementById("main");
        if (!main) return;
        event.preventDefault();
        main.focus();
      }}
      // Above the top edge of the window until focused (not sr-only, whose focus undo drops the padding);
      // its shadow and ring come with the focus, or they would show below that edge at the top left.
      className="fixed top-3 left-3 z-50 -translate-y-[calc(100%+1rem)] rounded-md bg-card px-4 py-2 text-sm font-medium text-foreground ring-ring outline-none focus:translate-y-0 focus:shadow-lg focus:ring-2"
    >
      Skip to main content
    </a>
  );
}

/** The signed-in frame (docs/product-rules.md#navigation): sidebar (a drawer on small screens), header, content. */
/** `sidebarExtra`: what the sidebar shows below the role's entries (the saved views, given by the app layout). */
export function AppShell({
  user,
  children,
  sidebarExtra,
}: {
  user: CurrentUser;
  children: React.ReactNode;
  sidebarExtra?: (onNavigate?: () => void) => React.ReactNode;
}) {
  const [drawerOpen, setDrawerOpen] = React.useState(false);
  const menuButtonRef = React.useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const logout = useLogout();
  const unread = useUnreadMessages();
  const queryClient = useQueryClient();
  const signOut = () => {
    if (!logout.isPending) logout.mutate();
  };
  // Idle too long: sign out, and leave for /auth even if the server could not be told.
  const signOutIdle = () => {
    logout.mutate("inactive", {
      onError: () => {
        queryClient.removeQueries();
        queryClient.setQueryData(queryKeys.user, null);
        void navigate({ to: "/auth", search: { signedOut: "inactive" } });
      },
    });
  };

  const sidebar = (onNavigate?: () => void) => (
    <Sidebar
      role={user.role}
      unreadMessages={unread.data ?? 0}
      onSignOut={signOut}
      signingOut={logout.isPending}
      onNavigate={onNavigate}
      extra={sidebarExtra?.(onNavigate)}
    />
  );

  return (
    <div className="min-h-svh bg-background">
      <SkipLink />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 lg:block">{sidebar()}</aside>

      <DialogPrimitive.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-foreground/40 data-[state=open]:animate-in lg:hidden" />
          <DialogPrimitive.Content
            id="mobile-sidebar"
            className="fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] shadow-xl outline-none data-[state=open]:animate-slide-in-left lg:hidden"
            // Open on the first entry of the menu (Radix would pick the first focusable element, the
            // logo), and give focus back to the menu button, which is no Radix trigger, on close.
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              (event.currentTarget as HTMLElement).querySelector<HTMLElement>('nav[aria-label="Main"] a')?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              menuButtonRef.current?.focus();
            }}
          >
            <DialogPrimitive.Title className="sr-only">Navigation</DialogPrimitive.Title>
            <DialogPrimitive.Description className="sr-only">Main navigation</DialogPrimitive.Description>
            {sidebar(() => setDrawerOpen(false))}
            <DialogPrimitive.Close
              className="absolute top-4 right-3 flex size-8 items-center justify-center rounded-md text-sidebar-foreground outline-none hover:bg-sidebar-accent focus-visible:ring-2 focus-visible:ring-ring"
              aria-label="Close menu"
            >
              <X className="size-4" />
            </DialogPrimitive.Close>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>

      <div className="lg:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b bg-card/85 px-4 backdrop-blur supports-[backdrop-filter]:bg-card/70 sm:px-6">
          <Button
            ref={menuButtonRef}
            variant="ghost"
            size="icon"
            className="-ml-1.5 lg:hidden"
            aria-label={drawerOpen ? "Close menu" : "Open menu"}
            aria-expanded={drawerOpen}
            aria-controls="mobile-sidebar"
            onClick={() => setDrawerOpen((o) => !o)}
          >
            <Menu className="size-5!" />
          </Button>
          <span className="flex items-center gap-2 lg:hidden">
            <BrandMark className="size-7" />
            <span className="font-semibold tracking-tight">MedLegal</span>
          </span>
          <div className="flex flex-1 items-center justify-end lg:justify-start">
            <CommandPalette user={user} />
          </div>
          <HeaderBell userId={user.id} />
          <div className="mx-1 h-6 w-px bg-border" aria-hidden />
          <UserMenu user={user} onAccountSettings={() => void navigate({ to: "/settings" })} onSignOut={signOut} />
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8">
          {children}
        </main>
      </div>

      <InactivityGuard onTimeout={signOutIdle} />
    </div>
  );
}
