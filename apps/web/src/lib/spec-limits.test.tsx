import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { reducer, toast, useToasts } from "@/hooks/use-toast";
import { createQueryClient } from "./query-client";

afterEach(() => {
  vi.useRealTimers();
});

describe("SPEC.md section 9: data reads", () => {
  it("are fresh for 5 minutes, never retried, and not refetched on focus, reconnect or interval", () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries).toMatchObject({ staleTime: 300_000, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, refetchInterval: false });
    expect(mutations).toMatchObject({ retry: false });
  });
});

describe("SPEC.md section 9: toasts", () => {
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
