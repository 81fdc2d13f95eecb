import type { MessageItem } from "@medlegal/domain";
import { useQueryClient } from "@tanstack/react-query";
import * as React from "react";
import { queryKeys } from "@/lib/query-keys";
import { trpc } from "@/lib/trpc";

/** Messages per page of a conversation ("Load earlier" asks for the next one). */
export const MESSAGE_PAGE = 30;

/**
 * A conversation's messages, oldest first, a keyset page at a time: the first page is the latest,
 * "Load earlier" asks for the page before the oldest one shown (its `cursor`). Under the tRPC key
 * of messages.list, so invalidating `messages` (a live `thread` event, a send) refetches every page
 * from the latest: new messages appear at the end and the earlier pages follow on without a gap.
 */
export function useConversation(threadId: string) {
  const query = trpc.messages.list.useInfiniteQuery(
    { threadId, limit: MESSAGE_PAGE },
    { getNextPageParam: (page) => page.earlierCursor ?? undefined, retry: false },
  );
  const pages = query.data?.pages;
  // Pages arrive latest first; each holds its messages oldest first. A message can sit on two
  // pages for a moment while a refetch shifts them: shown once.
  const items = React.useMemo(() => {
    const seen = new Set<string>();
    const out: MessageItem[] = [];
    for (const page of [...(pages ?? [])].reverse()) {
      for (const m of page.items) {
        if (seen.has(m.id)) continue;
        seen.add(m.id);
        out.push(m);
      }
    }
    return out;
  }, [pages]);
  return { ...query, items };
}

/** After a change the reader sees at once: the conversations, their messages and the sidebar badge. */
export function useRefreshMessages() {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  return React.useCallback(
    () => Promise.all([utils.messages.invalidate(), queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages })]),
    [utils, queryClient],
  );
}

/**
 * Marks a conversation read (messages.markRead) once it has loaded, and again when `again` is
 * called (the reader turns to the composer, or comes back to the tab), then refreshes the unread
 * counts. A message that arrives while the conversation is open stays unread until then
 * (docs/decisions.md, "Messages on the web").
 */
export function useMarkRead(threadId: string, loaded: boolean, unread: number) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  // The unread counts change, the messages do not: their pages are not asked for again.
  const markRead = trpc.messages.markRead.useMutation({
    meta: { errorToast: false },
    onSuccess: () =>
      void Promise.all([
        utils.messages.threads.invalidate(),
        utils.messages.thread.invalidate({ threadId }),
        utils.messages.queryThreads.invalidate(),
        queryClient.invalidateQueries({ queryKey: queryKeys.unreadMessages }),
      ]),
  });
  const { mutate } = markRead;
  const marked = React.useRef<string | null>(null);
  React.useEffect(() => {
    if (!loaded || marked.current === threadId) return;
    marked.current = threadId;
    mutate({ threadId });
  }, [threadId, loaded, mutate]);
  const again = React.useCallback(() => {
    if (unread > 0) mutate({ threadId });
  }, [threadId, unread, mutate]);
  React.useEffect(() => {
    const onVisible = () => document.visibilityState === "visible" && again();
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [again]);
  return again;
}
