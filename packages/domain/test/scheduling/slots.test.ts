import { describe, expect, it } from "vitest";
import type { SlotRules } from "../../src";
import { computeSlots, defaultCancellationClass, fitsAvailability, isoWeekday, sastDate, sastTime, sastToUtc } from "../../src";

// 2026-12-07 is a Monday.
const MONDAY = "2026-12-07";
const rules = (overrides: Partial<SlotRules> = {}): SlotRules => ({
  weekly: {
    1: [{ start: "09:00", end: "12:00", venue: "Rosebank rooms", mode: "in_person" }],
    3: [
      { start: "08:00", end: "10:00", venue: "Sandton clinic", mode: "in_person" },
      { start: "14:00", end: "15:00", venue: null, mode: "video" },
    ],
  },
  overrides: {},
  dailyCapacity: 5,
  ...overrides,
});
const now = new Date("2026-12-01T00:00:00Z");

describe("South African time", () => {
  it("is UTC+2 every day of the year (no daylight saving)", () => {
    expect(sastToUtc("2026-12-07", "09:00").toISOString()).toBe("2026-12-07T07:00:00.000Z");
    expect(sastToUtc("2026-06-15", "09:00").toISOString()).toBe("2026-06-15T07:00:00.000Z");
    expect(sastDate(new Date("2026-12-07T22:30:00Z"))).toBe("2026-12-08");
    expect(sastTime(new Date("2026-12-07T22:30:00Z"))).toBe("00:30");
    expect(isoWeekday(MONDAY)).toBe(1);
    expect(isoWeekday("2026-12-13")).toBe(7);
  });
});

describe("slot computation", () => {
  it("cuts each weekday's ranges into slots, in UTC, with their venue and mode", () => {
    const slots = computeSlots(rules(), [], MONDAY, "2026-12-09", 60, now);
    expect(slots.map((s) => s.startsAt)).toEqual([
      "2026-12-07T07:00:00.000Z",
      "2026-12-07T08:00:00.000Z",
      "2026-12-07T09:00:00.000Z",
      "2026-12-09T06:00:00.000Z",
      "2026-12-09T07:00:00.000Z",
      "2026-12-09T12:00:00.000Z",
    ]);
    expect(slots[0]).toMatchObject({ venue: "Rosebank rooms", mode: "in_person", endsAt: "2026-12-07T08:00:00.000Z" });
    expect(slots[5]).toMatchObject({ venue: null, mode: "video" });
  });

  it("drops a range's tail shorter than a slot", () => {
    const slots = computeSlots(rules(), [], MONDAY, MONDAY, 90, now);
    expect(slots.map((s) => s.startsAt)).toEqual(["2026-12-07T07:00:00.000Z", "2026-12-07T08:30:00.000Z"]);
  });

  it("lets a date override replace the week: a day off, or other hours", () => {
    expect(computeSlots(rules({ overrides: { [MONDAY]: null } }), [], MONDAY, MONDAY, 60, now)).toEqual([]);
    const other = computeSlots(
      rules({ overrides: { "2026-12-08": [{ start: "13:00", end: "14:00", venue: "Pretoria", mode: "in_person" }] } }),
      [],
      "2026-12-08",
      "2026-12-08",
      60,
      now,
    );
    expect(other).toEqual([
      { startsAt: "2026-12-08T11:00:00.000Z", endsAt: "2026-12-08T12:00:00.000Z", venue: "Pretoria", mode: "in_person" },
    ]);
  });

  it("leaves out slots that overlap a live booking, even partly", () => {
    const booked = [{ startsAt: new Date("2026-12-07T07:30:00Z"), endsAt: new Date("2026-12-07T08:30:00Z") }];
    const slots = computeSlots(rules(), booked, MONDAY, MONDAY, 60, now);
    expect(slots.map((s) => s.startsAt)).toEqual(["2026-12-07T09:00:00.000Z"]);
  });

  it("offers nothing on a day already at capacity", () => {
    const booked = [{ startsAt: new Date("2026-12-07T07:00:00Z"), endsAt: new Date("2026-12-07T08:00:00Z") }];
    expect(computeSlots(rules({ dailyCapacity: 1 }), booked, MONDAY, MONDAY, 60, now)).toEqual([]);
    expect(computeSlots(rules({ dailyCapacity: 2 }), booked, MONDAY, MONDAY, 60, now)).toHaveLength(2);
  });

  it("never offers a slot in the past", () => {
    const slots = computeSlots(rules(), [], MONDAY, MONDAY, 60, new Date("2026-12-07T08:15:00Z"));
    expect(slots.map((s) => s.startsAt)).toEqual(["2026-12-07T09:00:00.000Z"]);
  });

  it("tells whether a proposed booking sits inside availability", () => {
    expect(fitsAvailability(rules(), new Date("2026-12-07T08:00:00Z"), new Date("2026-12-07T09:00:00Z"))?.venue).toBe("Rosebank rooms");
    expect(fitsAvailability(rules(), new Date("2026-12-07T09:30:00Z"), new Date("2026-12-07T10:30:00Z"))).toBeNull();
    expect(fitsAvailability(rules(), new Date("2026-12-08T08:00:00Z"), new Date("2026-12-08T09:00:00Z"))).toBeNull();
  });
});

describe("cancellation class", () => {
  it("is chargeable under 24 hours' notice", () => {
    const start = new Date("2026-12-07T07:00:00Z");
    expect(defaultCancellationClass(start, new Date("2026-12-06T08:00:00Z"))).toBe("chargeable");
    expect(defaultCancellationClass(start, new Date("2026-12-06T06:00:00Z"))).toBe("no_fee");
  });
});
