import { createFileRoute } from "@tanstack/react-router";
import { PlaceholderPage } from "@/components/page";
import { useUnreadMessages } from "@/hooks/use-notifications";

export const Route = createFileRoute("/_app/messages")({
  component: MessagesPage,
});

function MessagesPage() {
  const unread = useUnreadMessages();
  const count = unread.data ?? 0;
  return (
    <PlaceholderPage path="/messages" subtitle={count > 0 ? `You have ${count} unread ${count === 1 ? "message" : "messages"}.` : undefined} />
  );
}
