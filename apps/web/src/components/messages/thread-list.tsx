import type { Role, ThreadKind, ThreadSummary } from "@medlegal/domain";
import { THREAD_KIND_LABEL, threadKindsFor } from "@medlegal/domain";
import { Link } from "@tanstack/react-router";
import { MessagesSquare, SearchX } from "lucide-react";
import * as React from "react";
import { useDebounced } from "@/hooks/use-debounced";
import { formatDateTime, formatRelativeTime } from "@/lib/format";
import { trpc } from "@/lib/trpc";
import { trpcErrorMessage } from "@/lib/trpc-errors";
import { cn } from "@/lib/utils";
import { OptionSelect } from "../ui/filter-bar";
import { Button } from "../ui/button";
import { ErrorState } from "../ui/error-state";
import { SearchInput } from "../ui/search-input";
import { Skeleton } from "../ui/skeleton";
import { Spinner } from "../ui/spinner";
import { threadSubtitle, threadTitle } from "./thread-format";

type Filter = "all" | "unread";

/** The conversations page by page (keyset, newest message first) under the tRPC key, so live events refresh it. */
export function useThreadList(input: { filter: Filter; kind?: ThreadKind; search?: string }) {
  const query = trpc.messages.threads.useInfiniteQuery(
    { ...input, limit: 20 },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
  );
  return { ...query, items: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

/**
 * The list side of /messages: All / Unread, the kind, a search (query reference, claimant or
 * subject), then one link per conversation with its last message and unread count. `selectedId`
 * is the open one; `role` the reader's, for whom a query's conversation is with.
 */
export function ThreadList({ selectedId, role, emptyHint }: { selectedId: string | undefined; role: Role; emptyHint: React.ReactNode }) {
  const [filter, setFilter] = React.useState<Filter>("all");
  const [kind, setKind] = React.useState<ThreadKind | "">("");
  const [search, setSearch] = React.useState("");
  const debounced = useDebounced(search.trim());
  const list = useThreadList({ filter, kind: kind || undefined, search: debounced || undefined });
  const filtered = filter !== "all" || kind !== "" || debounced !== "";

  return (
    <section aria-label="Conversations" className="flex h-full min-h-0 flex-col">
      <div className="grid gap-2 border-b p-3">
        <div className="flex items-center gap-2">
          <div role="group" aria-label="Show" className="inline-flex shrink-0 rounded-md border bg-muted/50 p-0.5">
            {(["all", "unread"] as const).map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                onClick={() => setFilter(f)}
                className={cn(
                  "h-7 rounded px-3 text-xs font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring",
                  filter === f ? "bg-card text-foreground shadow-xs" : "text-muted-foreground hover:text-foreground",
                )}
              >
                {f === "all" ? "All" : "Unread"}
              </button>
            ))}
          </div>
          <label htmlFor="threads-kind" className="sr-only">
            Kind of conversation
          </label>
          <OptionSelect
            id="threads-kind"
            value={kind}
            onChange={setKind}
            allLabel="All kinds"
            options={threadKindsFor(role)}
            labels={THREAD_KIND_LABEL}
          />
        </div>
        <label htmlFor="threads-search" className="sr-only">
          Search conversations
        </label>
        <SearchInput
          id="threads-search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Query reference, claimant or subject"
        />
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto" aria-busy={list.isFetching && !list.isFetchingNextPage ? true : undefined}>
        {list.isLoading ? (
          <div role="status" className="divide-y">
            <span className="sr-only">Loading conversations</span>
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="grid gap-2 px-4 py-3.5">
                <Skeleton className="h-4 w-2/3" />
                <Skeleton className="h-3 w-5/6" />
              </div>
            ))}
          </div>
        ) : list.isError ? (
          <div className="p-3">
            <ErrorState
              title="Could not load your conversations"
              message={trpcErrorMessage(list.error)}
              onRetry={() => void list.refetch()}
            />
          </div>
        ) : list.items.length === 0 ? (
          <div className="flex flex-col items-center px-6 py-12 text-center">
            <div className="flex size-10 items-center justify-center rounded-full bg-muted">
              {filtered ? (
                <SearchX aria-hidden className="size-5 text-muted-foreground" />
              ) : (
                <MessagesSquare aria-hidden className="size-5 text-muted-foreground" />
              )}
            </div>
            <h2 className="mt-3 text-sm font-semibold">{filtered ? "No conversations match" : "No messages yet"}</h2>
            <div className="mt-1 text-sm text-muted-foreground">{filtered ? "Try another filter or search." : emptyHint}</div>
          </div>
        ) : (
          <>
            <ul className="divide-y">
              {list.items.map((t) => (
                <li key={t.id}>
                  <ThreadRow thread={t} role={role} selected={t.id === selectedId} />
                </li>
              ))}
            </ul>
            {list.hasNextPage && (
              <div className="flex justify-center p-3">
                <Button variant="outline" size="sm" onClick={() => void list.fetchNextPage()} disabled={list.isFetchingNextPage}>
                  {list.isFetchingNextPage && <Spinner decorative className="size-4" />}
                  Load more
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function ThreadRow({ thread: t, role, selected }: { thread: ThreadSummary; role: Role; selected: boolean }) {
  const unread = t.unreadCount > 0;
  const title = threadTitle(t);
  const subtitle = threadSubtitle(t, role);
  return (
    <Link
      to="/messages"
      search={{ thread: t.id }}
      // The open conversation's link is active: the router marks it aria-current="page".
      className={cn(
        "grid gap-0.5 px-4 py-3 outline-none hover:bg-muted/60 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
        selected && "bg-accent/60 hover:bg-accent/60",
      )}
    >
      <span className="flex min-w-0 items-center gap-2">
        {unread && <span aria-hidden className="size-2 shrink-0 rounded-full bg-primary" />}
        <span className={cn("min-w-0 flex-1 truncate text-sm", unread ? "font-semibold" : "font-medium")}>{title}</span>
        {t.lastMessage && (
          <time
            dateTime={t.lastMessage.createdAt}
            title={formatDateTime(t.lastMessage.createdAt)}
            className="shrink-0 text-xs text-muted-foreground"
          >
            {formatRelativeTime(t.lastMessage.createdAt)}
          </time>
        )}
      </span>
      {subtitle && <span className="truncate text-xs text-muted-foreground">{subtitle}</span>}
      <span className="flex min-w-0 items-center gap-2">
        <span className={cn("min-w-0 flex-1 truncate text-xs", unread ? "text-foreground" : "text-muted-foreground")}>
          {t.lastMessage ? (
            <>
              <span className="font-medium">{t.lastMessage.senderName}:</span> {t.lastMessage.preview}
            </>
          ) : (
            "No messages yet"
          )}
        </span>
        {unread && (
          <span className="shrink-0 rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-primary-foreground tabular-nums">
            {t.unreadCount > 99 ? "99+" : t.unreadCount}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </span>
    </Link>
  );
}
