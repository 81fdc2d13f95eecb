import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { reducer, toast, useToasts } from "@/hooks/use-toast";
import { focusManager, QueryObserver } from "@tanstack/react-query";
import { queryClient } from "./query-client";

afterEach(() => {
  vi.useRealTimers();
});

// The client the app mounts (main.tsx), not a fresh one: what it does is what users get.
describe("client behaviour (docs/product-rules.md): data reads", () => {
  afterEach(() => {
    queryClient.clear();
    focusManager.setFocused(undefined);
  });

  it("are set up fresh for 5 minutes, never retried, and not refetched on focus, reconnect or interval", () => {
    const { queries, mutations } = queryClient.getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 300_000,
      retry: false,
      refetchOnWindowFocus: false,
      refetchOnReconnect: false,
      refetchInterval: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it("serve a read from the cache for 5 minutes and fetch it again after", async () => {
    vi.useFakeTimers();
    const queryFn = vi.fn().mockResolvedValue(["claimant"]);
    await queryClient.fetchQuery({ queryKey: ["spec-fresh"], queryFn });
    vi.advanceTimersByTime(299_000);
    await queryClient.fetchQuery({ queryKey: ["spec-fresh"], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    await queryClient.fetchQuery({ queryKey: ["spec-fresh"], queryFn });
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it("try a failed read once, and a stale one is not fetched again when the window regains focus", async () => {
    vi.useFakeTimers();
    const failing = vi.fn().mockRejectedValue(new Error("500: down"));
    const observer = new QueryObserver(queryClient, { queryKey: ["spec-failing"], queryFn: failing });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(observer.getCurrentResult().status).toBe("error");
    expect(failing).toHaveBeenCalledTimes(1);
    unsubscribe();

    // Mounted as QueryClientProvider mounts it, so it hears focus changes.
    queryClient.mount();
    const queryFn = vi.fn().mockResolvedValue("data");
    const watching = new QueryObserver(queryClient, { queryKey: ["spec-focus"], queryFn });
    const stop = watching.subscribe(() => undefined);
    await vi.advanceTimersByTimeAsync(6 * 60_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    focusManager.setFocused(false);
    focusManager.setFocused(true);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(queryFn).toHaveBeenCalledTimes(1);
    stop();
    queryClient.unmount();
  });
});

describe("client behaviour (docs/product-rules.md): toasts", () => {
  it("keep at most one at once: the newest", () => {
    const one = reducer({ toasts: [] }, { type: "ADD", toast: { id: "1", title: "First", open: true } });
    const two = reducer(one, { type: "ADD", toast: { id: "2", title: "Second", open: true } });
    expect(two.toasts.map((t) => t.title)).toEqual(["Second"]);
  });

  it("close by themselves after 5000 ms and leave the store 1,000,000 ms after closing", async () => {
    vi.useFakeTimers();
    function Store() {
      const toasts = useToasts();
      return <p data-testid="store">{toasts.map((t) => `${String(t.title)}:${t.open ? "open" : "closed"}`).join(",") || "empty"}</p>;
    }
    render(
      <>
        <Toaster />
        <Store />
      </>,
    );
    act(() => {
      toast({ title: "Saved", description: "Your changes are saved." });
    });
    expect(screen.getByText("Your changes are saved.")).toBeInTheDocument();
    // The viewport answers to F8 (Radix names its hotkey in the region's label).
    expect(screen.getByRole("region", { name: /F8/ })).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_900);
    });
    expect(screen.getByTestId("store")).toHaveTextContent("Saved:open");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(screen.getByTestId("store")).toHaveTextContent("Saved:closed");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999_000);
    });
    expect(screen.getByTestId("store")).toHaveTextContent("Saved:closed");
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByTestId("store")).toHaveTextContent("empty");
  });
});
