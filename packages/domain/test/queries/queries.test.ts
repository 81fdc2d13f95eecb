import { describe, expect, it } from "vitest";
import type { QueryStatus } from "../../src";
import { canMoveQuery, illegalMoveMessage, nextQueryStatuses, QUERY_STATUSES } from "../../src";

// The query's life (docs/product-rules.md#queries), written out by hand rather than read from QUERY_FLOW,
// so a change to the flow constant shows up here: submitted -> in review -> assigning -> scheduled ->
// assessed -> reporting -> completed; any open state -> on hold -> back; any open state -> cancelled.
const FORWARD: [QueryStatus, QueryStatus][] = [
  ["submitted", "in_review"],
  ["in_review", "assigning"],
  ["assigning", "scheduled"],
  ["scheduled", "assessed"],
  ["assessed", "reporting"],
  ["reporting", "completed"],
];
const OPEN: QueryStatus[] = ["submitted", "in_review", "assigning", "scheduled", "assessed", "reporting"];

/** Every move the rules allow from an open status; everything else is refused. */
const LEGAL = new Set<string>([
  ...FORWARD.map(([from, to]) => `${from}->${to}`),
  ...OPEN.flatMap((from) => [`${from}->on_hold`, `${from}->cancelled`]),
]);

describe("the query state machine", () => {
  it.each(FORWARD)("moves one step forward: %s -> %s", (from, to) => {
    expect(canMoveQuery(from, to)).toBe(true);
  });

  it.each(OPEN)("puts an open %s query on hold or cancels it", (from) => {
    expect(canMoveQuery(from, "on_hold")).toBe(true);
    expect(canMoveQuery(from, "cancelled")).toBe(true);
  });

  it.each([
    ["submitted", "assigning"], // skips review
    ["in_review", "completed"], // skips to the end
    ["scheduled", "assigning"], // backwards
    ["reporting", "submitted"], // back to the start
    ["assessed", "assessed"], // stays put
  ] as [QueryStatus, QueryStatus][])("refuses %s -> %s", (from, to) => {
    expect(canMoveQuery(from, to)).toBe(false);
  });

  it("lets a completed or cancelled query move nowhere, not even on hold", () => {
    for (const from of ["completed", "cancelled"] as const) {
      for (const to of QUERY_STATUSES) expect(canMoveQuery(from, to, "reporting"), `${from} -> ${to}`).toBe(false);
      expect(nextQueryStatuses(from)).toEqual([]);
    }
  });

  it("agrees with the written-out rules on every pair of open statuses", () => {
    for (const from of OPEN) {
      for (const to of QUERY_STATUSES) expect(canMoveQuery(from, to), `${from} -> ${to}`).toBe(LEGAL.has(`${from}->${to}`));
    }
  });

  it("returns a held query only to the status it was held in, or cancels it", () => {
    expect(canMoveQuery("on_hold", "scheduled", "scheduled")).toBe(true);
    expect(canMoveQuery("on_hold", "cancelled", "scheduled")).toBe(true);
    expect(canMoveQuery("on_hold", "assessed", "scheduled")).toBe(false); // not a step onward
    expect(canMoveQuery("on_hold", "submitted", "scheduled")).toBe(false); // not back to the start
    expect(nextQueryStatuses("on_hold", "assigning")).toEqual(["assigning", "cancelled"]);
    // Without a record of where it was held, it can only be cancelled.
    expect(nextQueryStatuses("on_hold")).toEqual(["cancelled"]);
  });

  it("offers each open status its next step, on hold and cancel, in the order of the flow", () => {
    expect(nextQueryStatuses("submitted")).toEqual(["in_review", "on_hold", "cancelled"]);
    expect(nextQueryStatuses("scheduled")).toEqual(["assessed", "on_hold", "cancelled"]);
    expect(nextQueryStatuses("reporting")).toEqual(["completed", "on_hold", "cancelled"]);
  });

  it("names both statuses when it refuses a move", () => {
    expect(illegalMoveMessage("completed", "in_review")).toBe("A query that is completed cannot move to in review.");
  });
});
