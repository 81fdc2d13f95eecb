import { createFileRoute } from "@tanstack/react-router";
import { Bell, CheckCheck } from "lucide-react";
import { NotificationItem } from "@/components/notifications/notification-item";
import { LoadState } from "@/components/load-state";
import { PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useCurrentUser } from "@/hooks/use-auth";
import { notificationsQuery, useNotificationActions, useNotifications } from "@/hooks/use-notifications";
import { prefetchPage } from "@/lib/route-data";

export const Route = createFileRoute("/_app/notifications")({
  loader: ({ context }) =>
    prefetchPage(context, ({ queryClient, user }) => (user ? queryClient.prefetchQuery(notificationsQuery(user.id)) : Promise.resolve())),
  component: NotificationsPage,
});

function NotificationsPage() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  return <AllNotifications userId={user.id} />;
}

function AllNotifications({ userId }: { userId: string }) {
  const notifications = useNotifications(userId);
  const actions = useNotificationActions(userId);
  const list = notifications.data ?? [];
  const unread = list.filter((n) => !n.read).length;

  return (
    <>
      <PageHeader
        title="Notifications"
        description={list.length > 0 ? `${list.length} in total, ${unread} unread.` : "Every notification sent to you, newest first."}
        actions={
          unread > 0 ? (
            <Button variant="outline" onClick={actions.markAllRead}>
              <CheckCheck />
              Mark all read
            </Button>
          ) : undefined
        }
      />
      <LoadState
        query={notifications}
        loadingLabel="Loading notifications"
        errorTitle="Notifications could not be loaded"
        isEmpty={list.length === 0}
        emptyIcon={Bell}
        emptyTitle="No notifications"
        emptyText={<p>Updates about your queries, bookings, reports and payments will appear here.</p>}
      >
        <Card className="overflow-hidden">
          <ul className="divide-y" aria-label="All notifications">
            {list.map((n) => (
              <NotificationItem key={n.id} notification={n} onMarkRead={actions.markRead} onDelete={actions.remove} className="sm:px-5" />
            ))}
          </ul>
        </Card>
      </LoadState>
    </>
  );
}
