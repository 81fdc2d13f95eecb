import { describe, expect, it } from "vitest";
import { offeredQueryMoves } from "../../src/queries/queries";

const none = { confirmedBookings: 0, liveBookings: 0, attendedBookings: 0 };

describe("the status moves offered to a case manager", () => {
  it("leaves out the moves that happen by themselves: taking a query, assigning the first expert", () => {
    expect(offeredQueryMoves("submitted", null, none)).toEqual(["on_hold", "cancelled"]);
    expect(offeredQueryMoves("in_review", null, none)).toEqual(["on_hold", "cancelled"]);
  });

  it("offers 'scheduled' only once a booking is confirmed", () => {
    expect(offeredQueryMoves("assigning", null, { ...none, liveBookings: 1 })).toEqual(["on_hold", "cancelled"]);
    expect(offeredQueryMoves("assigning", null, { ...none, confirmedBookings: 1, liveBookings: 1 })).toEqual([
      "scheduled",
      "on_hold",
      "cancelled",
    ]);
  });

  it("offers 'assessed' only when an assessment was attended and none is still to come", () => {
    expect(offeredQueryMoves("scheduled", null, { confirmedBookings: 1, liveBookings: 1, attendedBookings: 1 })).toEqual([
      "on_hold",
      "cancelled",
    ]);
    expect(offeredQueryMoves("scheduled", null, { confirmedBookings: 0, liveBookings: 0, attendedBookings: 1 })).toEqual([
      "assessed",
      "on_hold",
      "cancelled",
    ]);
  });

  it("keeps the manual steps after the assessments and the way back from on hold", () => {
    expect(offeredQueryMoves("assessed", null, none)).toEqual(["reporting", "on_hold", "cancelled"]);
    expect(offeredQueryMoves("reporting", null, none)).toEqual(["completed", "on_hold", "cancelled"]);
    expect(offeredQueryMoves("on_hold", "in_review", none)).toEqual(["in_review", "cancelled"]);
    expect(offeredQueryMoves("completed", null, none)).toEqual([]);
  });
});
