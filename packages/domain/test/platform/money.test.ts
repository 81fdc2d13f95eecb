import { describe, expect, it } from "vitest";
import { formatRand, parseRandToCents } from "../../src";

describe("rand amounts", () => {
  it("formats cents as R with thousands grouped by no-break spaces, so an amount never wraps", () => {
    expect(formatRand(1_495_000)).not.toMatch(/ /);
    expect(parseRandToCents(formatRand(1_495_000))).toBe(1_495_000);
    expect(formatRand(250000)).toBe("R\u00a02\u00a0500.00");
    expect(formatRand(5)).toBe("R\u00a00.05");
    expect(formatRand(123456789)).toBe("R\u00a01\u00a0234\u00a0567.89");
  });

  it("reads what people type into cents", () => {
    expect(parseRandToCents("R 2 500.00")).toBe(250000);
    expect(parseRandToCents("2500")).toBe(250000);
    expect(parseRandToCents("r2500.5")).toBe(250050);
    expect(parseRandToCents("2 500,75")).toBe(250075);
    expect(parseRandToCents("1,250,000")).toBe(125000000);
    expect(parseRandToCents("")).toBeNull();
    expect(parseRandToCents("   ")).toBeNull();
  });

  it("gives NaN for what is not an amount", () => {
    for (const bad of ["R", "abc", "2.505", "-100", "1,25,0", "2..5"]) expect(parseRandToCents(bad), bad).toBeNaN();
  });
});
