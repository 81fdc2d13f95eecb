import { fullName, isExpert, isStaff, mayManagePrivacy, ROLE_LABEL, SIDEBAR } from "@medlegal/domain";
// The guard below stays in the first download: `can` from the zod-free entry (docs/decisions.md, "Performance").
import { can } from "@medlegal/domain/navigation";
import { createFileRoute, redirect, useNavigate } from "@tanstack/react-router";
import { ArrowRight, Bell, MessageSquare } from "lucide-react";
import { BookingTasksCard } from "@/components/dashboard/booking-tasks-card";
import { CourtDeadlinesCard } from "@/components/dashboard/court-deadlines-card";
import { OpenMinutesCard } from "@/components/joint-minutes/minute-list";
import { PrivacyRequestsCard } from "@/components/dashboard/privacy-requests-card";
import { FigureCard } from "@/components/dashboard/figure-card";
import { RoleSummary } from "@/components/dashboard/role-summary";
import { NotificationPanel } from "@/components/notifications/notification-bell";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CollapsibleList } from "@/components/ui/collapsible-list";
import { useCurrentUser } from "@/hooks/use-auth";
import { useDocumentTitle } from "@/hooks/use-document-title";
import {
  notificationsQuery,
  unreadMessagesQuery,
  useNotificationActions,
  useNotifications,
  useUnreadMessages,
} from "@/hooks/use-notifications";
import { greeting } from "@/lib/format";
import { prefetchPage } from "@/lib/route-data";
import { forAudience } from "@/lib/audience";

export const Route = createFileRoute("/_app/")({
  // The interpreter has no dashboard (issue 28): their first page is My Interpreting.
  beforeLoad: ({ context }) => {
    if (context.user && !can(context.user.role, "dashboard.read") && can(context.user.role, "interpreting.own"))
      throw redirect({ to: "/my-interpreting", replace: true });
  },
  loader: ({ context }) =>
    prefetchPage(
      context,
      ({ trpc }) => trpc.dashboard.summary.prefetch(),
      ({ queryClient, user }) => (user ? queryClient.prefetchQuery(notificationsQuery(user.id)) : Promise.resolve()),
      // The unread count too: every read of the first page after sign-in starts here, at once.
      ({ queryClient }) => queryClient.prefetchQuery(unreadMessagesQuery),
      ({ trpc, user }) => (user && can(user.role, "cases.read") ? trpc.courtClock.matters.prefetch() : Promise.resolve()),
      // The cards below the summary and the sidebar's saved views, in the same batch rather than a second
      // round trip once the summary has drawn (docs/decisions.md, "Performance").
      ({ trpc, user }) => (user && mayManagePrivacy(user) ? trpc.privacy.dueRequests.prefetch() : Promise.resolve()),
      ({ trpc, user }) => (user && can(user.role, "bookings.manage") ? trpc.logistics.tasks.prefetch({}) : Promise.resolve()),
      ({ trpc, user }) => (user && can(user.role, "views.own") ? trpc.savedViews.list.prefetch() : Promise.resolve()),
    ),
  component: Dashboard,
});

const LATEST_ON_DASHBOARD = 5;

function Dashboard() {
  useDocumentTitle("Dashboard");
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return (
    <DashboardContent
      userId={user.id}
      name={fullName(user)}
      firstName={user.firstName}
      role={user.role}
      handlesPrivacy={mayManagePrivacy(user)}
    />
  );
}

function DashboardContent({
  userId,
  name,
  firstName,
  role,
  handlesPrivacy,
}: {
  userId: string;
  name: string;
  firstName: string;
  role: keyof typeof ROLE_LABEL;
  handlesPrivacy: boolean;
}) {
  const navigate = useNavigate();
  const unread = useUnreadMessages();
  const notifications = useNotifications(userId);
  const actions = useNotificationActions(userId);
  const list = notifications.data ?? [];
  const unreadNotifications = list.filter((n) => !n.read).length;
  const areas = [
    ...SIDEBAR[role].filter((e) => e.to !== "/" && e.to !== "/messages"),
    // Attorneys have no sidebar entry for their bookings (docs/product-rules.md#navigation): reach them from here.
    ...forAudience(role, { staff: [], attorney: [{ label: "Assessments", to: "/bookings" }], consultant: [] }),
    // Nor has anyone for the joint minutes (issue 37): the SPEC's sidebar stays as it is.
    ...(can(role, "jointMinutes.read") ? [{ label: "Joint minutes", to: "/joint-minutes" }] : []),
  ];

  return (
    <>
      <div className="mb-6">
        <div className="flex flex-wrap items-center gap-2.5">
          <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">
            {greeting()}, {firstName}
          </h1>
          <Badge variant="accent">{ROLE_LABEL[role]}</Badge>
        </div>
        <p className="mt-1 text-sm text-muted-foreground">
          Signed in as {name}, {ROLE_LABEL[role]}. Here is what needs your attention.
        </p>
      </div>

      <div className="grid grid-cols-2 gap-3 sm:gap-4">
        <FigureCard
          icon={MessageSquare}
          label="Unread messages"
          value={unread.isLoading ? null : unread.isError ? "–" : String(unread.data ?? 0)}
          to="/messages"
          linkText="Open messages"
        />
        <FigureCard
          icon={Bell}
          label="Unread notifications"
          value={notifications.isLoading ? null : notifications.isError ? "–" : String(unreadNotifications)}
          to="/notifications"
          linkText="All notifications"
        />
      </div>

      <RoleSummary />
      {can(role, "cases.read") && <CourtDeadlinesCard staff={isStaff(role)} />}
      {handlesPrivacy && <PrivacyRequestsCard />}
      {isExpert(role) && <OpenMinutesCard />}
      {can(role, "bookings.manage") && <BookingTasksCard />}

      <div className="mt-6 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card className="overflow-hidden">
          <NotificationPanel
            title="Latest notifications"
            maxShown={LATEST_ON_DASHBOARD}
            phoneMaxShown={2}
            onViewAll={() => void navigate({ to: "/notifications" })}
            notifications={list}
            isLoading={notifications.isLoading}
            isError={notifications.isError}
            onMarkRead={actions.markRead}
            onMarkAllRead={actions.markAllRead}
            onDelete={actions.remove}
          />
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Your areas</CardTitle>
            <CardDescription>Where your work as {ROLE_LABEL[role].toLowerCase()} lives.</CardDescription>
          </CardHeader>
          <CardContent className="p-2 pt-0">
            <CollapsibleList
              items={areas}
              getKey={(entry) => `${entry.label}-${entry.to}`}
              className="grid grid-cols-1"
              buttonClassName="mx-3 mb-2"
              renderItem={(entry) => (
                <button
                  type="button"
                  onClick={() => void navigate({ to: entry.to })}
                  className="group flex w-full items-center justify-between rounded-md px-3 py-2 text-left text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {entry.label}
                  <ArrowRight className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
                </button>
              )}
            />
          </CardContent>
        </Card>
      </div>
    </>
  );
}
