import type { MessageItem, ThreadSummary } from "@medlegal/domain";
import { MESSAGE_MESSAGES, THREAD_KIND_LABEL } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { ArrowLeft, Download, FileImage, FileText, MessageSquareOff } from "lucide-react";
import * as React from "react";
import { formatDateOfMoment, formatDateTime, formatFileSize, formatTime } from "@/lib/format";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { EmptyState } from "../page";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { ErrorState } from "../ui/error-state";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { Composer } from "./composer";
import { participantsByRole, roleGroup, subjectNamesQuery } from "./thread-format";
import { useConversation, useMarkRead } from "./use-messages";

/**
 * One conversation: who takes part by role, its messages oldest to newest with "Load earlier",
 * and the composer. Opening it marks it read. `backLink` is the way back to the list on a phone.
 */
export function Conversation({ threadId, backLink }: { threadId: string; backLink: React.ReactNode }) {
  const thread = trpc.messages.thread.useQuery({ threadId }, { retry: false });
  const messages = useConversation(threadId);
  const markRead = useMarkRead(threadId, thread.isSuccess && messages.isSuccess, thread.data?.unreadCount ?? 0);

  if (thread.isLoading) {
    return (
      <section aria-label="Conversation" className="flex h-full flex-col">
        {backLink}
        <div role="status" className="grid gap-3 p-4">
          <span className="sr-only">Loading the conversation</span>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-3 w-1/3" />
          <Skeleton className="mt-6 h-16 w-2/3" />
          <Skeleton className="ml-auto h-12 w-1/2" />
        </div>
      </section>
    );
  }
  if (thread.isError || !thread.data) {
    const notFound = thread.error?.data?.code === "NOT_FOUND";
    return (
      <section aria-label="Conversation" className="flex h-full flex-col p-4">
        {backLink}
        {notFound ? (
          <EmptyState icon={MessageSquareOff} title="Conversation not found" className="mt-2">
            It does not exist or you are not taking part in it.
          </EmptyState>
        ) : (
          <ErrorState
            title="Could not load the conversation"
            message={trpcErrorMessage(thread.error)}
            onRetry={() => void thread.refetch()}
          />
        )}
      </section>
    );
  }

  const t = thread.data;
  return (
    <section aria-labelledby={`thread-title-${threadId}`} className="flex h-full min-h-0 flex-col">
      <ConversationHeader thread={t} backLink={backLink} />
      <MessageLog threadId={threadId} messages={messages} />
      {t.canPost ? (
        <Composer key={threadId} threadId={threadId} onFocus={markRead} />
      ) : (
        <p className="border-t bg-muted/40 px-4 py-3 text-sm text-muted-foreground">
          {t.kind === "query_claimant" ? MESSAGE_MESSAGES.claimantTextsReadOnly : "You can read this conversation but not write in it."}
        </p>
      )}
    </section>
  );
}

/**
 * The query under a conversation's subject, linked: by its reference and claimant, or, when the
 * subject already names it, by the claimant and "Open the query", so the reference is not said twice.
 */
function QueryLine({
  queryId,
  reference,
  claimantName,
  named,
}: {
  queryId: string;
  reference: string;
  claimantName: string | null;
  named: boolean;
}) {
  const link = (
    <Link
      to="/queries/$id"
      params={{ id: queryId }}
      className="font-medium whitespace-nowrap text-primary underline-offset-4 hover:underline focus-visible:underline"
    >
      {named ? "Open the query" : reference}
    </Link>
  );
  return (
    <p className="text-sm text-muted-foreground">
      {named ? (
        <>
          {claimantName && <>Claimant: {claimantName} · </>}
          {link}
        </>
      ) : (
        <>
          {link}
          {claimantName && <> · {claimantName}</>}
        </>
      )}
    </p>
  );
}

function ConversationHeader({ thread, backLink }: { thread: ThreadSummary; backLink: React.ReactNode }) {
  const groups = participantsByRole(thread.participants);
  return (
    <header className="grid gap-1 border-b px-4 py-3">
      {backLink}
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <h2 id={`thread-title-${thread.id}`} className="min-w-0 text-base font-semibold break-words">
          {thread.subject}
        </h2>
        <Badge variant="secondary">{THREAD_KIND_LABEL[thread.kind]}</Badge>
      </div>
      {thread.queryId && thread.queryReference && (
        <QueryLine
          queryId={thread.queryId}
          reference={thread.queryReference}
          claimantName={thread.claimantName}
          named={subjectNamesQuery(thread)}
        />
      )}
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
        {groups.map((g) => (
          <div key={g.label} className="flex min-w-0 gap-1">
            <dt className="font-medium text-foreground">{g.label}:</dt>
            <dd className="min-w-0 break-words">{g.names.join(", ")}</dd>
          </div>
        ))}
      </dl>
    </header>
  );
}

/**
 * The messages, oldest first, in a scrolling log that stays at the bottom while the reader is
 * there (a new message scrolls into view), keeps its place when earlier messages are loaded above,
 * and announces arrivals politely to screen readers.
 */
function MessageLog({ threadId, messages }: { threadId: string; messages: ReturnType<typeof useConversation> }) {
  const scroller = React.useRef<HTMLDivElement>(null);
  const atBottom = React.useRef(true);
  const last = React.useRef<{ first?: string; last?: string; height: number } | null>(null);
  const { items } = messages;

  React.useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || items.length === 0) return;
    const first = items[0]?.id;
    const newest = items[items.length - 1];
    const before = last.current;
    if (!before || (newest?.id !== before.last && (atBottom.current || newest?.mine))) el.scrollTop = el.scrollHeight;
    else if (first !== before.first && newest?.id === before.last) el.scrollTop += el.scrollHeight - before.height;
    last.current = { first, last: newest?.id, height: el.scrollHeight };
  }, [items]);

  let body: React.ReactNode;
  if (messages.isLoading) {
    body = (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading messages</span>
        <Skeleton className="h-14 w-2/3" />
        <Skeleton className="ml-auto h-10 w-1/2" />
      </div>
    );
  } else if (messages.isError) {
    body = (
      <ErrorState title="Could not load the messages" message={trpcErrorMessage(messages.error)} onRetry={() => void messages.refetch()} />
    );
  } else if (items.length === 0) {
    body = <p className="py-10 text-center text-sm text-muted-foreground">No messages yet. Write the first one below.</p>;
  } else {
    body = (
      <>
        {messages.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={() => void messages.fetchNextPage()} disabled={messages.isFetchingNextPage}>
              {messages.isFetchingNextPage && <Spinner decorative className="size-4" />}
              Load earlier
            </Button>
          </div>
        )}
        <ol className="grid gap-3" aria-label="Messages">
          {items.map((m, i) => (
            <MessageRow
              key={m.id}
              message={m}
              newDay={i === 0 || formatDateOfMoment(items[i - 1]?.createdAt) !== formatDateOfMoment(m.createdAt)}
            />
          ))}
        </ol>
      </>
    );
  }

  return (
    <div
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label="Messages"
      // Focusable so keyboard users can scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      data-thread={threadId}
      onScroll={(e) => {
        const el = e.currentTarget;
        atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 48;
      }}
      className="min-h-0 flex-1 overflow-y-auto px-4 py-4 outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset"
    >
      {body}
    </div>
  );
}

function MessageRow({ message: m, newDay }: { message: MessageItem; newDay: boolean }) {
  return (
    <li className="grid gap-3">
      {newDay && (
        <p className="flex items-center gap-3 text-xs text-muted-foreground before:h-px before:flex-1 before:bg-border after:h-px after:flex-1 after:bg-border">
          {formatDateOfMoment(m.createdAt)}
        </p>
      )}
      <article
        aria-label={`${m.mine ? "You" : m.sender.name}, ${formatDateTime(m.createdAt)}`}
        className={cn("grid max-w-[85%] gap-1 sm:max-w-[75%]", m.mine ? "justify-self-end" : "justify-self-start")}
      >
        <p className={cn("flex flex-wrap items-baseline gap-x-2 text-xs text-muted-foreground", m.mine && "justify-end")}>
          <span className="font-medium text-foreground">{m.mine ? "You" : m.sender.name}</span>
          {!m.mine && m.sender.role && <span>{roleGroup(m.sender.role)}</span>}
          <time dateTime={m.createdAt} title={formatDateTime(m.createdAt)}>
            {formatTime(m.createdAt)}
          </time>
        </p>
        {/* min-w-0 here and on each attachment: a long file name truncates instead of widening the bubble past the screen. */}
        <div className={cn("min-w-0 rounded-lg px-3 py-2 text-sm", m.mine ? "bg-primary text-primary-foreground" : "border bg-card")}>
          {/* Text, never HTML: React escapes it; pre-wrap keeps the writer's line breaks. */}
          <p className="break-words whitespace-pre-wrap">{m.body}</p>
          {m.attachments.length > 0 && (
            <ul aria-label="Attachments" className="mt-2 grid gap-1">
              {m.attachments.map((a) => {
                const Icon = a.contentType.startsWith("image/") ? FileImage : FileText;
                return (
                  <li key={a.fileId} className="min-w-0">
                    <a
                      href={`/api/files/${a.fileId}`}
                      download={a.name}
                      className={cn(
                        "flex min-w-0 items-center gap-2 rounded-md px-2 py-1 text-xs outline-none focus-visible:ring-2 focus-visible:ring-ring",
                        m.mine ? "bg-primary-foreground/15 hover:bg-primary-foreground/25" : "bg-muted hover:bg-muted/70",
                      )}
                    >
                      <Icon aria-hidden className="size-4 shrink-0" />
                      <span className="min-w-0 flex-1 truncate font-medium underline-offset-2 hover:underline">{a.name}</span>
                      {/* Full strength: dimmed, the size fails contrast on the sender's own (primary) bubble. */}
                      <span className="shrink-0">{formatFileSize(a.size)}</span>
                      <Download aria-hidden className="size-3.5 shrink-0" />
                    </a>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      </article>
    </li>
  );
}

/** The way back to the list, shown on a phone where the list and the conversation are two views. */
export function BackToList() {
  return (
    <Button asChild variant="ghost" size="sm" className="-ml-2 w-fit lg:hidden">
      <Link to="/messages" search={{}}>
        <ArrowLeft aria-hidden />
        Back to conversations
      </Link>
    </Button>
  );
}
