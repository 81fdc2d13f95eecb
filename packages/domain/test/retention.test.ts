import { describe, expect, it } from "vitest";
import { addYears, DEFAULT_RETENTION_SETTINGS, destructionDate, isDueForDestruction, retentionSettingsSchema } from "../src";

const closed = (lastActivityOn: string, onHold = false) => ({ closed: true, lastActivityOn, onHold });

describe("retention: the day a claimant's records may be destroyed", () => {
  it("adds whole years, across a year end", () => {
    expect(addYears("2020-12-31", 5)).toBe("2025-12-31");
    expect(addYears("2021-01-01", 5)).toBe("2026-01-01");
  });

  it("moves 29 February to 1 March in a year without one, never a day early", () => {
    expect(addYears("2024-02-29", 5)).toBe("2029-03-01");
    expect(addYears("2024-02-29", 4)).toBe("2028-02-29");
  });

  it("counts from the matter with the latest activity", () => {
    const verdict = destructionDate([closed("2019-06-30"), closed("2020-12-31")], [], DEFAULT_RETENTION_SETTINGS);
    expect(verdict).toEqual({ kind: "date", on: "2025-12-31", decidedBy: "matters" });
    expect(isDueForDestruction(verdict, "2025-12-30")).toBe(false);
    expect(isDueForDestruction(verdict, "2025-12-31")).toBe(true);
  });

  it("lets the SARS invoice period win over a shorter matter period", () => {
    const settings = { matterYears: 2, invoiceYears: 5 };
    const verdict = destructionDate([closed("2020-01-10")], ["2020-03-01"], settings);
    expect(verdict).toEqual({ kind: "date", on: "2025-03-01", decidedBy: "invoices" });
    expect(isDueForDestruction(verdict, "2022-01-10")).toBe(false);
  });

  it("never applies an invoice period under five years, even if stored so", () => {
    const verdict = destructionDate([closed("2020-01-10")], ["2020-03-01"], { matterYears: 1, invoiceYears: 2 });
    expect(verdict).toMatchObject({ on: "2025-03-01" });
    expect(retentionSettingsSchema.safeParse({ matterYears: 1, invoiceYears: 4 }).success).toBe(false);
  });

  it("keeps everything while any case is on legal hold or a matter is open", () => {
    expect(destructionDate([closed("2001-01-01"), closed("2001-01-01", true)], [], DEFAULT_RETENTION_SETTINGS)).toEqual({ kind: "kept", reason: "legal_hold" });
    expect(destructionDate([closed("2001-01-01"), { closed: false, lastActivityOn: "2001-01-01", onHold: false }], [], DEFAULT_RETENTION_SETTINGS)).toEqual({ kind: "kept", reason: "open_matter" });
    expect(isDueForDestruction({ kind: "kept", reason: "legal_hold" }, "2099-01-01")).toBe(false);
  });
});
