import type { BookingItem } from "@medlegal/domain";
import { describe, expect, it } from "vitest";
import { lanes, stepDate } from "./calendar-range";

const booking = (id: string, startsAt: string, endsAt: string) => ({ id, startsAt, endsAt }) as BookingItem;

describe("calendar ranges", () => {
  it("steps a day, a week, or to the first of the next or previous month", () => {
    expect(stepDate("day", "2026-03-31", 1)).toBe("2026-04-01");
    expect(stepDate("week", "2026-03-31", -1)).toBe("2026-03-24");
    expect(stepDate("month", "2026-03-31", 1)).toBe("2026-04-01");
    expect(stepDate("month", "2026-03-15", -1)).toBe("2026-02-01");
  });

  it("puts bookings that overlap side by side and reuses a lane once it is free", () => {
    const placed = lanes([
      booking("a", "2026-03-02T07:00:00Z", "2026-03-02T08:00:00Z"),
      booking("b", "2026-03-02T07:30:00Z", "2026-03-02T08:30:00Z"),
      booking("c", "2026-03-02T08:00:00Z", "2026-03-02T09:00:00Z"),
    ]);
    expect(placed.map((p) => [p.booking.id, p.lane, p.lanes])).toEqual([
      ["a", 0, 2],
      ["b", 1, 2],
      ["c", 0, 2],
    ]);
  });
});
