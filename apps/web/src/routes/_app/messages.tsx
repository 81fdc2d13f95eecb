import { can } from "@medlegal/domain";
import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { MessagesSquare } from "lucide-react";
import * as React from "react";
import { BackToList, Conversation } from "@/components/messages/conversation";
import { MessagesLayout } from "@/components/messages/messages-layout";
import { NewMessageDialog } from "@/components/messages/new-message-dialog";
import { StartConversation } from "@/components/messages/start-conversation";
import { ThreadList } from "@/components/messages/thread-list";
import { PageHeader } from "@/components/page";
import { useCurrentUser } from "@/hooks/use-auth";
import { prefetchPage } from "@/lib/route-data";
import { definedOnly, searchParam } from "@/lib/search-params";

const searchSchema = (search: Record<string, unknown>) =>
  definedOnly({
    /** The open conversation: e-mails and the query page link here (`/messages?thread=<id>`). */
    thread: searchParam.uuid(search.thread),
    /** A new message to this person (a user found in the search palette, issue 37). */
    to: searchParam.uuid(search.to),
  });

export const Route = createFileRoute("/_app/messages")({
  validateSearch: searchSchema,
  loader: ({ context }) => prefetchPage(context, ({ trpc }) => trpc.messages.threads.prefetchInfinite({ filter: "all", limit: 20 })),
  component: MessagesPage,
});

function MessagesPage() {
  const me = useCurrentUser().data;
  const { thread, to } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  const [composing, setComposing] = React.useState(false);
  if (!me) return null;
  const staff = can(me.role, "messages.staff");

  return (
    <>
      <PageHeader
        title="Messages"
        phoneCompact={thread !== undefined}
        description={
          staff ? "Conversations with attorneys, experts and the team." : "Your conversations with the agency about your queries."
        }
        actions={<StartConversation staff={staff} onCompose={() => setComposing(true)} />}
      />
      <MessagesLayout
        threadId={thread}
        list={
          <ThreadList
            selectedId={thread}
            role={me.role}
            emptyHint={
              staff
                ? "Start a conversation with New message, or from a query's Messages section."
                : "Open one of your queries to write to the agency."
            }
          />
        }
        conversation={thread ? <Conversation key={thread} threadId={thread} backLink={<BackToList />} /> : null}
        placeholder={
          <div className="flex h-full flex-col items-center justify-center p-6 text-center">
            <div className="flex size-11 items-center justify-center rounded-full bg-muted">
              <MessagesSquare aria-hidden className="size-5 text-muted-foreground" />
            </div>
            <h2 className="mt-3 text-sm font-semibold">Choose a conversation</h2>
            <p className="mt-1 text-sm text-muted-foreground">Its messages open here.</p>
          </div>
        }
      />
      {staff && (
        <NewMessageDialog
          open={composing || to !== undefined}
          to={to}
          onClose={() => {
            setComposing(false);
            if (to) void navigate({ search: { thread }, replace: true });
          }}
          onStarted={(threadId) => {
            setComposing(false);
            void navigate({ search: { thread: threadId } });
          }}
        />
      )}
    </>
  );
}
