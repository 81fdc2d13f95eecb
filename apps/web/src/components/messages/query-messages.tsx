import type { Role, ThreadSummary, ThreadToStart } from "@medlegal/domain";
import { Link, useNavigate } from "@tanstack/react-router";
import { MessageSquarePlus, MessagesSquare } from "lucide-react";
import * as React from "react";
import { formatDateTime, formatRelativeTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { Button } from "../ui/button";
import { Spinner } from "../ui/spinner";
import { participantsByRole, queryThreadLabel, threadSubtitle } from "./thread-format";
import { LoadState } from "@/components/load-state";

/**
 * The Messages section of a query page: the query's conversations the caller may see
 * (messages.queryThreads), each a link to /messages?thread=<id>, and the ones the caller may start
 * but nobody has yet (the attorney's, an assigned expert's): "Start conversation" creates it
 * (messages.openQueryThread) and opens it.
 */
export function QueryMessages({ queryId, role }: { queryId: string; role: Role }) {
  const threads = trpc.messages.queryThreads.useQuery({ queryId });
  if (threads.isLoading || threads.isError) {
    return (
      <LoadState query={threads} loadingLabel="Loading the conversations" loadingRows={2} errorTitle="Could not load the conversations">
        {null}
      </LoadState>
    );
  }
  const list = threads.data?.threads ?? [];
  if (list.length === 0) return <p className="text-sm text-muted-foreground">No conversations about this query.</p>;
  return (
    <ul className="grid gap-2" aria-label="Conversations about this query">
      {list.map((t) => (
        <li key={t.id ?? `new-${t.kind}-${t.consultantId ?? ""}`}>
          {t.id === null ? <ThreadToOpen queryId={queryId} thread={t} role={role} /> : <ExistingThread thread={t} role={role} />}
        </li>
      ))}
    </ul>
  );
}

function ExistingThread({ thread: t, role }: { thread: ThreadSummary; role: Role }) {
  const people = participantsByRole(t.participants)
    .map((g) => `${g.label}: ${g.names.join(", ")}`)
    .join(" · ");
  const label = threadSubtitle(t, role) ?? t.subject;
  return (
    <Link
      to="/messages"
      search={{ thread: t.id }}
      className="grid gap-1 rounded-md border px-3 py-2.5 outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring"
    >
      <span className="flex min-w-0 items-center gap-2">
        <MessagesSquare aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 flex-1 truncate text-sm font-medium">{label}</span>
        {t.unreadCount > 0 && (
          <span className="shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums">
            {t.unreadCount}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </span>
      <span className="truncate text-xs text-muted-foreground">{people}</span>
      {t.lastMessage && (
        <span className="flex min-w-0 gap-2 text-xs text-muted-foreground">
          <span className="min-w-0 flex-1 truncate">
            <span className="font-medium text-foreground">{t.lastMessage.senderName}:</span> {t.lastMessage.preview}
          </span>
          <time dateTime={t.lastMessage.createdAt} title={formatDateTime(t.lastMessage.createdAt)} className="shrink-0">
            {formatRelativeTime(t.lastMessage.createdAt)}
          </time>
        </span>
      )}
    </Link>
  );
}

function ThreadToOpen({ queryId, thread: t, role }: { queryId: string; thread: ThreadToStart; role: Role }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [error, setError] = React.useState<string | null>(null);
  const open = trpc.messages.openQueryThread.useMutation({
    onSuccess: ({ threadId }) => {
      void utils.messages.invalidate();
      void navigate({ to: "/messages", search: { thread: threadId } });
    },
    onError: (e) => setError(trpcErrorMessage(e)),
  });
  const label = queryThreadLabel({ kind: t.kind, subject: t.subject, expertName: t.consultantName }, role);
  return (
    <div className="grid gap-1.5 rounded-md border border-dashed px-3 py-2.5">
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 flex-1 text-sm">
          <span className="font-medium">{label}</span>
          <span className="block text-xs text-muted-foreground">No messages yet.</span>
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={open.isPending}
          onClick={() => {
            setError(null);
            open.mutate({ queryId, kind: t.kind, consultantId: t.consultantId ?? undefined });
          }}
        >
          {open.isPending ? <Spinner decorative className="size-4" /> : <MessageSquarePlus aria-hidden />}
          Start conversation<span className="sr-only"> {label.replace(/^With/, "with")}</span>
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
