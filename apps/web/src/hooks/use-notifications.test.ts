import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { notificationsQuery } from "./use-notifications";

const userId = "00000000-0000-4000-8000-000000000001";
const list = [
  { id: "n1", userId, type: "other", title: "Hello", message: "m", read: false, link: null, createdAt: "2026-11-25T08:00:00.000Z" },
];

describe("the notification poll", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("sends the ETag of the list it holds and keeps that list on 304", async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) => new Response(JSON.stringify(list), { status: 200, headers: { ETag: 'W/"n1-7"' } }),
    );
    vi.stubGlobal("fetch", fetch);
    const client = new QueryClient();
    const first = await client.fetchQuery(notificationsQuery(userId));
    expect(first).toEqual(list);
    expect(new Headers(fetch.mock.calls[0]![1]!.headers).get("If-None-Match")).toBeNull();

    fetch.mockImplementationOnce(async () => new Response(null, { status: 304 }));
    const again = await client.fetchQuery({ ...notificationsQuery(userId), staleTime: 0 });
    expect(new Headers(fetch.mock.calls[1]![1]!.headers).get("If-None-Match")).toBe('W/"n1-7"');
    // The same list, not an empty one: the bell shows what it showed.
    expect(again).toBe(first);

    // With nothing cached (e.g. after sign-out cleared the cache) it asks for the whole list.
    client.clear();
    await client.fetchQuery(notificationsQuery(userId));
    expect(new Headers(fetch.mock.calls[2]![1]!.headers).get("If-None-Match")).toBeNull();
  });
});
