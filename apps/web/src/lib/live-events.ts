import type { LiveMessage } from "@medlegal/domain";
import type { InvalidateQueryFilters } from "@tanstack/react-query";
import { queryKeys } from "./query-keys";

/**
 * Which cached reads a live event makes stale (docs/architecture.md, "Live events"). Events carry
 * ids only: the page refetches through the ordinary procedures, which decide what the user sees.
 * tRPC's query keys start with the procedure's path as an array (`[["queries", "get"], ...]`), so
 * `[["queries"]]` names every read of that router. `null`: everything active (a resync).
 */
export function invalidationsFor(message: LiveMessage): InvalidateQueryFilters[] | null {
  switch (message.kind) {
    case "notifications":
      return [{ queryKey: ["/api/notifications"] }];
    case "thread":
      return [{ queryKey: [["messages"]] }, { queryKey: queryKeys.unreadMessages }];
    case "query":
      return [{ queryKey: [["queries"]] }, { queryKey: [["dashboard"]] }];
    case "meeting":
      return [{ queryKey: [["meetings"]] }];
    case "resync":
      return null;
  }
}

/** The pause before reconnecting after the n-th failure in a row: 1 s doubling to a minute. */
export function reconnectDelayMs(failures: number): number {
  return Math.min(60_000, 1_000 * 2 ** Math.max(0, failures - 1));
}

type MessageListener = (message: LiveMessage) => void;
const messageListeners = new Set<MessageListener>();
const connectionListeners = new Set<() => void>();
let connected = false;

/** Hears every event of this tab's stream (the meeting room fetches its signals at once); returns the unsubscribe. */
export function onLiveMessage(listener: MessageListener): () => void {
  messageListeners.add(listener);
  return () => void messageListeners.delete(listener);
}

export function publishLiveMessage(message: LiveMessage): void {
  for (const listener of [...messageListeners]) listener(message);
}

/** Whether this tab's stream is open now: pages poll slowly while it is, faster while it is not. */
export function isLiveConnected(): boolean {
  return connected;
}

export function setLiveConnected(value: boolean): void {
  if (connected === value) return;
  connected = value;
  for (const listener of [...connectionListeners]) listener();
}

export function onLiveConnectionChange(listener: () => void): () => void {
  connectionListeners.add(listener);
  return () => void connectionListeners.delete(listener);
}
