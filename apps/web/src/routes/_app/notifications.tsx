import { createFileRoute } from "@tanstack/react-router";
import { Bell, CheckCheck } from "lucide-react";
import { NotificationItem } from "@/components/notifications/notification-item";
import { EmptyState, PageHeader } from "@/components/page";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
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
      {notifications.isLoading ? (
        <div className="flex justify-center py-16">
          <Spinner label="Loading notifications" />
        </div>
      ) : notifications.isError ? (
        <EmptyState icon={Bell} title="Notifications could not be loaded">
          <p>Please try again in a moment.</p>
        </EmptyState>
      ) : list.length === 0 ? (
        <EmptyState icon={Bell} title="No notifications">
          <p>Updates about your queries, bookings, reports and payments will appear here.</p>
        </EmptyState>
      ) : (
        <Card className="overflow-hidden">
          <ul className="divide-y" aria-label="All notifications">
            {list.map((n) => (
              <NotificationItem key={n.id} notification={n} onMarkRead={actions.markRead} onDelete={actions.remove} className="sm:px-5" />
            ))}
          </ul>
        </Card>
      )}
    </>
  );
}
