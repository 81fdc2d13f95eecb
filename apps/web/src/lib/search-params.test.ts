import { describe, expect, it } from "vitest";
import { definedOnly, searchParam } from "./search-params";

describe("search parameters checked without the validation library", () => {
  it("keeps a known value, a uuid and a day, and drops anything else", () => {
    expect(searchParam.oneOf("week", ["month", "week", "day"])).toBe("week");
    expect(searchParam.oneOf("year", ["month", "week", "day"])).toBeUndefined();
    expect(searchParam.uuid("0b8f5d7e-3c1a-4f2b-9a6d-1e2f3a4b5c6d")).toBe("0b8f5d7e-3c1a-4f2b-9a6d-1e2f3a4b5c6d");
    expect(searchParam.uuid("not-an-id")).toBeUndefined();
    expect(searchParam.uuid(42)).toBeUndefined();
    expect(searchParam.day("2026-11-27")).toBe("2026-11-27");
    expect(searchParam.day("27/11/2026")).toBeUndefined();
    expect(searchParam.text("x".repeat(101), 100)).toBeUndefined();
  });

  it("leaves refused parameters out of the search", () => {
    expect(definedOnly({ view: "week", date: undefined })).toEqual({ view: "week" });
  });
});
