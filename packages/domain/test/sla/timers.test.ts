import { describe, expect, it } from "vitest";
import { DEFAULT_SLA, describeTarget, describeTimeLeft, slaDueAt, slaPolicyTerms } from "../../src";

const sa = (local: string) => new Date(`${local.replace(" ", "T")}:00+02:00`);

describe("SLA policies", () => {
  it("measure the defaults of the design: 24 working hours, 14 days, 14 days, 2 business days, at risk at 75 %", () => {
    expect(slaPolicyTerms("query_acknowledgement")).toEqual({ target: 24, unit: "working_hours", atRiskPercent: 75 });
    expect(slaPolicyTerms("booking_offered")).toEqual({ target: 14, unit: "calendar_days", atRiskPercent: 75 });
    expect(slaPolicyTerms("report_delivery")).toEqual({ target: 14, unit: "calendar_days", atRiskPercent: 75 });
    expect(slaPolicyTerms("report_release")).toEqual({ target: 2, unit: "business_days", atRiskPercent: 75 });
  });

  it("follow the administrators' settings", () => {
    expect(slaPolicyTerms("report_release", { ...DEFAULT_SLA, reportReleaseDays: 5, atRiskPercent: 60 })).toEqual({
      target: 5,
      unit: "business_days",
      atRiskPercent: 60,
    });
  });

  it("count acknowledgement in working hours: a query sent on Friday evening is not late before the agency opens", () => {
    const terms = slaPolicyTerms("query_acknowledgement");
    const friday = slaDueAt({
      startedAt: sa("2026-11-27 18:00"),
      target: terms.target,
      unit: terms.unit,
      atRiskRatio: terms.atRiskPercent / 100,
    });
    // Monday 08:00-17:00 and Tuesday 08:00-17:00 count 18 hours (at risk), Wednesday 08:00-14:00 the last 6.
    expect(friday.atRiskAt).toEqual(sa("2026-12-01 17:00"));
    expect(friday.dueAt).toEqual(sa("2026-12-02 14:00"));
    // Over the Day of Reconciliation (Wednesday 16 December) the holiday does not count either.
    const holiday = slaDueAt({ startedAt: sa("2026-12-15 16:00"), target: 2, unit: terms.unit });
    expect(holiday.dueAt).toEqual(sa("2026-12-17 09:00"));
    // Unless the agency says every hour counts.
    expect(slaPolicyTerms("query_acknowledgement", { ...DEFAULT_SLA, acknowledgementClock: "all_hours" })).toEqual({
      target: 24,
      unit: "hours",
      atRiskPercent: 75,
    });
    expect(describeTarget(24, "working_hours")).toBe("24 working hours");
  });

  it("give report release over a holiday the due time of the design's example", () => {
    const terms = slaPolicyTerms("report_release");
    const times = slaDueAt({
      startedAt: sa("2026-12-15 10:00"),
      target: terms.target,
      unit: terms.unit,
      atRiskRatio: terms.atRiskPercent / 100,
    });
    expect(times.dueAt).toEqual(sa("2026-12-18 10:00"));
  });
});

describe("how the screens word a timer", () => {
  it("says the target with its unit", () => {
    expect(describeTarget(24, "hours")).toBe("24 hours");
    expect(describeTarget(1, "business_days")).toBe("1 business day");
    expect(describeTarget(14, "calendar_days")).toBe("14 days");
  });

  it("says the time left in minutes, hours or days, and the time overdue", () => {
    expect(describeTimeLeft(5 * 3_600_000)).toBe("due in 5 h");
    expect(describeTimeLeft(20 * 60_000)).toBe("due in 20 min");
    expect(describeTimeLeft(10_000)).toBe("due in 1 min");
    expect(describeTimeLeft(3 * 86_400_000)).toBe("due in 3 d");
    expect(describeTimeLeft(-40 * 60_000)).toBe("overdue by 40 min");
    expect(describeTimeLeft(-30 * 3_600_000)).toBe("overdue by 30 h");
  });
});
