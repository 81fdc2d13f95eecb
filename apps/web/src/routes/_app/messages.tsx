import { createFileRoute } from "@tanstack/react-router";
import { EmptyState, PageHeader } from "@/components/page";
import { useUnreadMessages } from "@/hooks/use-notifications";
import { pageInfo } from "@/lib/page-catalog";

export const Route = createFileRoute("/_app/messages")({
  component: MessagesPage,
});

function MessagesPage() {
  const info = pageInfo("/messages");
  const unread = useUnreadMessages();
  const count = unread.data ?? 0;
  return (
    <>
      <PageHeader
        title={info.title}
        description={count > 0 ? `You have ${count} unread ${count === 1 ? "message" : "messages"}.` : info.description}
      />
      <EmptyState icon={info.icon} title={info.emptyTitle}>
        <p>{info.emptyText}</p>
        <p className="mt-3 text-xs text-muted-foreground/80">This section is not available yet.</p>
      </EmptyState>
    </>
  );
}
