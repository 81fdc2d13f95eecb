import { describe, expect, it } from "vitest";
import { initialState, lineProblems, refine, toPayload } from "./invoice-draft";

describe("the manual invoice's draft", () => {
  it("sends typed quantities and rand prices as numbers and cents", () => {
    const form = { ...initialState(), attorneyId: "a1" };
    form.lines = [{ ...form.lines[0]!, kind: "report", description: "Report", quantity: "2", unitPrice: "1 234.57" }];
    const payload = toPayload(form);
    expect(payload.caseId).toBeNull();
    expect(payload.lines[0]).toMatchObject({ quantity: 2, unitPriceCents: 123457, reportId: null });
  });

  it("says how to type a price it cannot read, and names the first line at fault", () => {
    const form = initialState();
    form.lines = [{ ...form.lines[0]!, kind: "report", description: "Report", unitPrice: "abc" }];
    expect(lineProblems(form.lines)[0]).toBe("Type the unit price in rand, e.g. 1 234.57");
    expect(refine(form, {}).lines).toBe("Line 1: Type the unit price in rand, e.g. 1 234.57");
  });
});
