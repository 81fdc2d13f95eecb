import { describe, expect, it } from "vitest";
import {
  addYears,
  DEFAULT_RETENTION_SETTINGS,
  destructionDate,
  erasureRefusal,
  isDueForDestruction,
  retentionSettingsSchema,
} from "../../src";

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
    expect(destructionDate([closed("2001-01-01"), closed("2001-01-01", true)], [], DEFAULT_RETENTION_SETTINGS)).toEqual({
      kind: "kept",
      reason: "legal_hold",
    });
    expect(
      destructionDate(
        [closed("2001-01-01"), { closed: false, lastActivityOn: "2001-01-01", onHold: false }],
        [],
        DEFAULT_RETENTION_SETTINGS,
      ),
    ).toEqual({ kind: "kept", reason: "open_matter" });
    expect(isDueForDestruction({ kind: "kept", reason: "legal_hold" }, "2099-01-01")).toBe(false);
  });
});

describe("retention: why a deletion or objection request cannot be carried out", () => {
  const matter = (reference: string, lastActivityOn: string, extra: { closed?: boolean; holdReason?: string } = {}) => ({
    reference,
    lastActivityOn,
    closed: extra.closed ?? true,
    onHold: extra.holdReason !== undefined,
    holdReason: extra.holdReason ?? null,
  });
  const today = "2026-11-29";

  it("names the matter on legal hold and its reason before anything else", () => {
    const refusal = erasureRefusal(
      [matter("C-1", "2015-01-01"), matter("C-2", "2015-01-01", { closed: false, holdReason: "Botha v RAF" })],
      [],
      DEFAULT_RETENTION_SETTINGS,
      today,
    );
    expect(refusal).toBe("Matter C-2 is on legal hold: Botha v RAF");
  });

  it("names an open matter", () => {
    expect(erasureRefusal([matter("C-3", "2015-01-01", { closed: false })], [], DEFAULT_RETENTION_SETTINGS, today)).toContain(
      "Matter C-3 is still open",
    );
  });

  it("names SARS's five years with the date when invoices decide", () => {
    expect(erasureRefusal([matter("C-4", "2015-01-01")], ["2023-01-10"], DEFAULT_RETENTION_SETTINGS, today)).toBe(
      "Invoices must be kept 5 years for SARS (until 2028-01-10)",
    );
  });

  it("names the matter period with the date when matters decide", () => {
    expect(erasureRefusal([matter("C-5", "2024-06-01")], ["2015-01-10"], { matterYears: 6, invoiceYears: 5 }, today)).toBe(
      "Closed matters are kept 6 years after their last activity (until 2030-06-01)",
    );
  });

  it("is null once every period has run, or when the claimant has no matter", () => {
    expect(erasureRefusal([matter("C-6", "2015-01-01")], ["2015-03-01"], DEFAULT_RETENTION_SETTINGS, today)).toBeNull();
    expect(erasureRefusal([], [], DEFAULT_RETENTION_SETTINGS, today)).toBeNull();
  });
});
