import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InactivityGuard } from "./inactivity-guard";

const MINUTE = 60_000;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe("Inactivity timer", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("warns after 13 idle minutes with a 2:00 countdown that ticks every second", () => {
    render(<InactivityGuard onTimeout={vi.fn()} />);
    advance(13 * MINUTE - 1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    advance(1);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(screen.getByTestId("inactivity-countdown")).toHaveTextContent("2:00");
    advance(1000);
    expect(screen.getByTestId("inactivity-countdown")).toHaveTextContent("1:59");
    advance(60_000);
    expect(screen.getByTestId("inactivity-countdown")).toHaveTextContent("0:59");
  });

  it("signs out at 15:00 idle", () => {
    const onTimeout = vi.fn();
    render(<InactivityGuard onTimeout={onTimeout} />);
    advance(15 * MINUTE - 1000);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(screen.getByTestId("inactivity-countdown")).toHaveTextContent("0:01");
    advance(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("Continue Session dismisses the warning and restarts the timer", () => {
    const onTimeout = vi.fn();
    render(<InactivityGuard onTimeout={onTimeout} />);
    advance(13 * MINUTE);
    fireEvent.click(screen.getByRole("button", { name: "Continue Session" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    advance(2 * MINUTE);
    expect(onTimeout).not.toHaveBeenCalled();
    advance(11 * MINUTE);
    expect(screen.getByTestId("inactivity-countdown")).toHaveTextContent("2:00");
  });

  it.each(["click", "keyDown", "mouseDown", "touchStart"] as const)("a %s resets the idle timer", (event) => {
    render(<InactivityGuard onTimeout={vi.fn()} />);
    advance(10 * MINUTE);
    fireEvent[event](document.body);
    advance(10 * MINUTE);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    advance(3 * MINUTE);
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
