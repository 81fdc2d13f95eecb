import type { NotificationDto } from "@medlegal/domain";
import { NOTIFICATION_POLL_MS } from "@medlegal/domain";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiJson, apiRequest, getJson, getJsonIfChanged, readableErrorMessage } from "@/lib/api";
import { queryKeys } from "@/lib/query-keys";
import { toast } from "./use-toast";

/** The ETag of the last list the server sent, per address (docs/decisions.md, "Performance"). */
const listETags = new Map<string, string>();

/**
 * All of the user's notifications, newest first, polled every NOTIFICATION_POLL_MS. A poll sends
 * the ETag of the list in the cache; 304 keeps that list as it is. With nothing cached (first
 * load, after sign-out) it asks without a tag, so there is always a list to keep.
 */
export function notificationsQuery(userId: string) {
  const url = `/api/notifications/${encodeURIComponent(userId)}`;
  return queryOptions({
    queryKey: queryKeys.notifications(userId),
    queryFn: async ({ signal, client, queryKey }) => {
      const cached = client.getQueryData<NotificationDto[]>(queryKey);
      const answer = await getJsonIfChanged<NotificationDto[]>(url, { signal, etag: cached ? listETags.get(url) : undefined });
      if (answer.unchanged) return cached ?? [];
      if (answer.etag) listETags.set(url, answer.etag);
      else listETags.delete(url);
      return answer.data ?? [];
    },
  });
}

export function useNotifications(userId: string) {
  return useQuery({ ...notificationsQuery(userId), refetchInterval: NOTIFICATION_POLL_MS });
}

export function useNotificationActions(userId: string) {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications(userId);
  const update = (fn: (list: NotificationDto[]) => NotificationDto[]) =>
    queryClient.setQueryData<NotificationDto[]>(key, (old) => (old ? fn(old) : old));
  const onError = (error: unknown) => toast({ variant: "destructive", title: "Error", description: readableErrorMessage(error) });
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const markRead = useMutation({
    mutationFn: (id: string) => apiJson<NotificationDto>("PATCH", `/api/notifications/${encodeURIComponent(id)}/read`),
    onSuccess: (_data, id) => update((list) => list.map((n) => (n.id === id ? { ...n, read: true } : n))),
    onError,
    onSettled: refresh,
  });
  const markAllRead = useMutation({
    mutationFn: () => apiJson<{ updated: number }>("PATCH", `/api/notifications/${encodeURIComponent(userId)}/read-all`),
    onSuccess: () => update((list) => list.map((n) => ({ ...n, read: true }))),
    onError,
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest("DELETE", `/api/notifications/${encodeURIComponent(id)}`),
    onSuccess: (_data, id) => update((list) => list.filter((n) => n.id !== id)),
    onError,
    onSettled: refresh,
  });

  return {
    markRead: (id: string) => markRead.mutate(id),
    markAllRead: () => markAllRead.mutate(),
    remove: (id: string) => remove.mutate(id),
  };
}

/** Unread messages: refetched when the window regains focus, never considered fresh (docs/product-rules.md#client-behaviour). */
/** The unread messages count (the sidebar badge and the dashboard's card); a route loader may prefetch it. */
export const unreadMessagesQuery = queryOptions({
  queryKey: queryKeys.unreadMessages,
  queryFn: async ({ signal }) => (await getJson<{ count: number }>("/api/messages/unread", { signal }))?.count ?? 0,
});

export function useUnreadMessages() {
  // A few seconds fresh, so the count a route loader just fetched is not asked for again on mount;
  // live events and focus refresh it.
  return useQuery({ ...unreadMessagesQuery, staleTime: 5_000, refetchOnWindowFocus: true });
}
