import type { Slot } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { groupSlotsByDay, SlotPicker } from "./slot-picker";

const slot = (startsAt: string, venue: string | null = "Sandton Medical Suites"): Slot => ({
  startsAt,
  endsAt: new Date(new Date(startsAt).getTime() + 3_600_000).toISOString(),
  venue,
  mode: venue ? "in_person" : "video",
});

// 22:30 UTC on Monday 7 December is 00:30 on Tuesday 8 December in South Africa.
const slots = [slot("2026-12-07T07:00:00Z"), slot("2026-12-07T22:30:00Z", null), slot("2026-12-07T08:00:00Z")];

describe("SlotPicker", () => {
  it("groups slots by South African day, in time order", () => {
    expect(groupSlotsByDay(slots).map((g) => [g.day, g.slots.length])).toEqual([
      ["2026-12-07", 2],
      ["2026-12-08", 1],
    ]);
    render(<SlotPicker slots={slots} onSelect={vi.fn()} />);
    const monday = screen.getByRole("region", { name: "Monday 7 December" });
    expect(
      within(monday)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["09:00 Sandton Medical Suites", "10:00 Sandton Medical Suites"]);
    const tuesday = screen.getByRole("region", { name: "Tuesday 8 December" });
    expect(within(tuesday).getByRole("button", { name: "00:30, Video, Tuesday 8 December" })).toBeInTheDocument();
  });

  it("calls back with the chosen slot and marks it", async () => {
    const user = userEvent.setup();
    const onSelect = vi.fn();
    const { rerender } = render(<SlotPicker slots={slots} onSelect={onSelect} />);
    await user.click(screen.getByRole("button", { name: "10:00, Sandton Medical Suites, Monday 7 December" }));
    expect(onSelect).toHaveBeenCalledWith(slots[2]);

    rerender(<SlotPicker slots={slots} onSelect={onSelect} selected={slots[2]!.startsAt} />);
    expect(screen.getByRole("button", { name: "10:00, Sandton Medical Suites, Monday 7 December" })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    expect(screen.getByRole("button", { name: "09:00, Sandton Medical Suites, Monday 7 December" })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
  });

  it("says so when there is no free slot", () => {
    render(<SlotPicker slots={[]} onSelect={vi.fn()} emptyText="No free slots in these four weeks." />);
    expect(screen.getByText("No free slots in these four weeks.")).toBeInTheDocument();
  });
});
