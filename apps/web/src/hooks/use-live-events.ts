import type { LiveMessage } from "@medlegal/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useSyncExternalStore } from "react";
import { getJson } from "@/lib/api";
import {
  invalidationsFor,
  isLiveConnected,
  onLiveConnectionChange,
  publishLiveMessage,
  reconnectDelayMs,
  setLiveConnected,
} from "@/lib/live-events";
import { trpc } from "@/lib/trpc";

export interface LiveEventsOptions {
  /** "user": a signed-in tab (a lost session runs the session-expired flow); "guest": a meeting guest's join page. */
  as: "user" | "guest";
  /** Called for each event after the invalidations (the meeting room refetches at once). */
  onMessage?: (message: LiveMessage) => void;
}

/**
 * The tab's live event stream (docs/architecture.md, "Live events"), mounted once per page: each
 * event invalidates the reads it names, a resync or a reconnect after a failure invalidates every
 * active read. When the stream ends or fails, a signed-in tab asks who it is (a 401 runs the
 * session-expired flow) and reconnects with backoff (the polls keep the page current meanwhile).
 */
export function useLiveEvents({ as, onMessage }: LiveEventsOptions) {
  const queryClient = useQueryClient();
  const client = trpc.useUtils().client;
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;

  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let lastEventId: string | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let subscription: { unsubscribe: () => void } | undefined;

    const refetchEverything = () => void queryClient.invalidateQueries({ refetchType: "active" });
    const handle = (message: LiveMessage) => {
      const filters = invalidationsFor(message);
      if (filters) for (const filter of filters) void queryClient.invalidateQueries(filter);
      else refetchEverything();
      onMessageRef.current?.(message);
      publishLiveMessage(message);
    };

    const reconnectLater = () => {
      setLiveConnected(false);
      subscription?.unsubscribe();
      if (stopped) return;
      failures += 1;
      retry = setTimeout(start, reconnectDelayMs(failures));
    };

    const start = () => {
      if (stopped) return;
      subscription = client.live.events.subscribe(lastEventId ? { lastEventId } : undefined, {
        onStarted() {
          // Back after a failure: whatever happened meanwhile is fetched again.
          if (failures > 0) refetchEverything();
          failures = 0;
          setLiveConnected(true);
        },
        onData(envelope) {
          const { id, data } = envelope as unknown as { id: string; data: LiveMessage };
          lastEventId = id;
          handle(data);
        },
        onError() {
          setLiveConnected(false);
          // Ended with "session ended", refused at the door (401, 429) or the network: a signed-in tab
          // finds out which by asking who it is (a 401 there runs the session-expired flow), then
          // tries again later. A stream's own 401 is not taken as proof: a process of an older
          // version sends one when it shuts down, though the session is valid (issue 23, item 27).
          if (as === "user") void getJson("/api/user").catch(() => {});
          reconnectLater();
        },
        onComplete() {
          // The server closed the stream (its longest duration, a restart): open the next one.
          reconnectLater();
        },
      });
    };

    start();
    return () => {
      stopped = true;
      setLiveConnected(false);
      clearTimeout(retry);
      subscription?.unsubscribe();
    };
  }, [as, client, queryClient]);
}

/** Whether this tab's live event stream is open (a page polls slowly while it is). */
export function useLiveConnected(): boolean {
  return useSyncExternalStore(onLiveConnectionChange, isLiveConnected, () => false);
}
