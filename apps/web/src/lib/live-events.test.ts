import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { LiveMessage } from "@medlegal/domain";
import { invalidationsFor, reconnectDelayMs } from "./live-events";
import { queryKeys } from "./query-keys";

/** The cached reads an event makes stale, in a cache holding one of each kind the app keeps. */
function staleAfter(message: LiveMessage): string[] {
  const client = new QueryClient();
  const keys: unknown[][] = [
    queryKeys.notifications("u1") as unknown as unknown[],
    queryKeys.unreadMessages as unknown as unknown[],
    queryKeys.user as unknown as unknown[],
    [["messages", "listThreads"], { type: "query" }],
    [["queries", "get"], { input: { id: "q1" }, type: "query" }],
    [["queries", "list"], { type: "query" }],
    [["dashboard", "get"], { type: "query" }],
    [["meetings", "getRoom"], { input: { roomId: "r" }, type: "query" }],
    [["invoices", "list"], { type: "query" }],
  ];
  for (const key of keys) client.setQueryData(key, 1);
  const filters = invalidationsFor(message);
  return client
    .getQueryCache()
    .findAll()
    .filter((query) => (filters ?? [{}]).some((filter) => client.getQueryCache().findAll(filter).includes(query)))
    .map((query) => JSON.stringify(query.queryKey[0]));
}

describe("what a live event refetches", () => {
  it("a bell change: the bell's list only", () => {
    expect(staleAfter({ kind: "notifications" })).toEqual(['"/api/notifications"']);
  });
  it("a message: every messages read and the unread count", () => {
    expect(staleAfter({ kind: "thread", threadId: "t1" })).toEqual(['"/api/messages/unread"', '["messages","listThreads"]']);
  });
  it("a query change: the query pages and the dashboard", () => {
    expect(staleAfter({ kind: "query", queryId: "q1" })).toEqual(['["queries","get"]', '["queries","list"]', '["dashboard","get"]']);
  });
  it("a meeting change: the meetings reads (the room)", () => {
    expect(staleAfter({ kind: "meeting", meetingId: "m1" })).toEqual(['["meetings","getRoom"]']);
  });
  it("a resync: everything", () => {
    expect(invalidationsFor({ kind: "resync" })).toBeNull();
    expect(staleAfter({ kind: "resync" })).toHaveLength(9);
  });
  it("reconnects after 1 s, doubling to at most a minute", () => {
    expect([1, 2, 3, 7, 20].map(reconnectDelayMs)).toEqual([1_000, 2_000, 4_000, 60_000, 60_000]);
  });
});
