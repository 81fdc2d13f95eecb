import { describe, expect, it } from "vitest";
import {
  qualifiesAsSerious,
  raf4AssessmentInputSchema,
  raf4OutcomeInputSchema,
  raf4ReleaseGaps,
  raf5DaysLeft,
  raf5Deadline,
  WPI_MESSAGE,
  wpiPercent,
} from "../../src/raf4/raf4";

const reportId = "00000000-0000-4000-8000-000000000001";
const expert = "00000000-0000-4000-8000-000000000002";
const complete = {
  reportId,
  examinedPersonallyBy: expert,
  examinationDate: "2026-10-01",
  mmiReached: true,
  mmiDate: "2026-09-01",
  wpiPercent: "29.5",
  narrativeHeads: [],
  onNonSeriousList: false,
};

describe("WPI as entered", () => {
  it("keeps 29.5 as 29.5 and never rounds", () => {
    expect(wpiPercent.parse("29.5")).toBe("29.5");
    expect(wpiPercent.parse(29.5)).toBe("29.5");
    expect(wpiPercent.parse("29.99")).toBe("29.99");
  });
  it("refuses more than 2 decimals, out of range and words with one sentence", () => {
    for (const bad of ["29.555", "100.5", "-1", "abc", "", 101]) {
      const r = wpiPercent.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(WPI_MESSAGE);
    }
  });
});

describe("qualifies as serious", () => {
  it("29.5 % without a narrative head is not serious; 30 % is", () => {
    expect(qualifiesAsSerious({ wpiPercent: "29.5", narrativeHeads: [] })).toBe(false);
    expect(qualifiesAsSerious({ wpiPercent: "29.99", narrativeHeads: [] })).toBe(false);
    expect(qualifiesAsSerious({ wpiPercent: "30", narrativeHeads: [] })).toBe(true);
  });
  it("any narrative head makes it serious", () => {
    expect(qualifiesAsSerious({ wpiPercent: "5", narrativeHeads: ["disfigurement"] })).toBe(true);
    expect(qualifiesAsSerious({ wpiPercent: null, narrativeHeads: ["foetus_loss"] })).toBe(true);
  });
});

describe("QA release gaps", () => {
  it("a complete assessment has none", () => {
    expect(raf4ReleaseGaps(raf4AssessmentInputSchema.parse(complete))).toEqual([]);
  });
  it("names each missing field as a sentence", () => {
    const gaps = raf4ReleaseGaps({
      ...complete,
      examinedPersonallyBy: null,
      examinationDate: null,
      mmiReached: null,
      wpiPercent: null,
      onNonSeriousList: null,
    });
    expect(gaps).toEqual([
      "Record the expert who examined the claimant personally.",
      "Record the date of examination.",
      "Say whether maximum medical improvement has been reached.",
      "Record the WPI % as calculated or at least one narrative-test head.",
      "Say whether the injury is on the list of non-serious injuries.",
    ]);
    expect(raf4ReleaseGaps(null)).toEqual(["The RAF 4 assessment has not been recorded."]);
    expect(raf4ReleaseGaps({ ...complete, mmiDate: null })).toEqual(["Record the date maximum medical improvement was reached."]);
  });
  it("refuses an MMI date when MMI is not reached", () => {
    const r = raf4AssessmentInputSchema.safeParse({ ...complete, mmiReached: false });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(["mmiDate"]);
  });
});

describe("RAF outcome and the RAF 5 clock", () => {
  it("a rejection needs reasons", () => {
    const r = raf4OutcomeInputSchema.safeParse({ reportId, outcome: "rejected", outcomeDate: "2026-09-09", reasons: "" });
    expect(r.error?.issues[0]?.message).toBe("Give the RAF's reasons for the rejection");
    expect(raf4OutcomeInputSchema.safeParse({ reportId, outcome: "accepted", outcomeDate: "2026-09-09" }).success).toBe(true);
  });
  it("the deadline is 90 calendar days after rejection", () => {
    expect(raf5Deadline("2026-09-09")).toBe("2026-12-08");
    expect(raf5DaysLeft("2026-09-09", "2026-11-28")).toBe(10);
    expect(raf5DaysLeft("2026-09-09", "2026-12-08")).toBe(0);
    expect(raf5DaysLeft("2026-09-09", "2026-12-10")).toBe(-2);
  });
});
