import type { AppRouter } from "@medlegal/api";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { TRPCLink } from "@trpc/client";
import { TRPCClientError } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { Observer } from "@trpc/server/observable";
import { act, render, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setUnauthorizedHandler } from "@/lib/api";
import { trpc } from "@/lib/trpc";
import { useLiveEvents } from "./use-live-events";

/** The live stream as a server would run it: each subscribe the tab makes, to be started and ended by the test. */
type StreamObserver = Observer<unknown, TRPCClientError<AppRouter>>;
let streams: StreamObserver[] = [];
const liveLink: TRPCLink<AppRouter> = () => () =>
  observable((observer) => {
    streams.push(observer as StreamObserver);
    observer.next({ result: { type: "started" } });
    return () => {};
  });

/** What the session-expired flow would do (clear storage, go to /auth?sessionExpired=true). */
const expired = vi.fn();
/** Status /api/user answers with: 200 while the session is valid. */
let userStatus = 200;

function Tab() {
  useLiveEvents({ as: "user" });
  return null;
}

function openTab() {
  const queryClient = new QueryClient();
  const client = trpc.createClient({ links: [liveLink] });
  render(
    <trpc.Provider client={client} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <Tab />
      </QueryClientProvider>
    </trpc.Provider>,
  );
}

/** The server ends the stream with "session ended", as a process of the previous version does when it stops. */
function sessionEndedError() {
  return TRPCClientError.from({
    error: { message: "Your session has ended.", code: -32001, data: { code: "UNAUTHORIZED", httpStatus: 401 } },
  }) as TRPCClientError<AppRouter>;
}

beforeEach(() => {
  streams = [];
  userStatus = 200;
  expired.mockReset();
  setUnauthorizedHandler(expired);
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify({ id: "u1" }), { status: userStatus, headers: { "content-type": "application/json" } })),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** The tab's clock from here on moves only when the test says (testing-library's waits need the real one before). */
const holdClock = () => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

/** The reconnect's backoff (1 s after a first end) passes. */
const afterBackoff = () => act(async () => void vi.advanceTimersByTime(1_000));

describe("a signed-in tab's live stream ending (a server restart)", () => {
  it("completed by the server: reconnects and stays signed in", async () => {
    openTab();
    await waitFor(() => expect(streams).toHaveLength(1));
    holdClock();
    act(() => streams[0]!.complete());
    await afterBackoff();
    expect(streams).toHaveLength(2);
    expect(expired).not.toHaveBeenCalled();
  });

  it("ended with 'session ended' while the session is still valid: reconnects, no Session Expired", async () => {
    openTab();
    await waitFor(() => expect(streams).toHaveLength(1));
    holdClock();
    act(() => streams[0]!.error(sessionEndedError()));
    await afterBackoff();
    expect(streams).toHaveLength(2);
    expect(fetch).toHaveBeenCalledWith("/api/user", expect.anything());
    expect(expired).not.toHaveBeenCalled();
  });

  it("ended because the session really ended (/api/user answers 401): the session-expired flow runs", async () => {
    userStatus = 401;
    openTab();
    await waitFor(() => expect(streams).toHaveLength(1));
    act(() => streams[0]!.error(sessionEndedError()));
    await waitFor(() => expect(expired).toHaveBeenCalledTimes(1));
  });
});
