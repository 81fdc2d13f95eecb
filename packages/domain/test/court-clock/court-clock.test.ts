import { describe, expect, it } from "vitest";
import {
  addMonths,
  backwardPlan,
  courtDaysBefore,
  courtDaysUntil,
  isCourtDay,
  divisionOffsets,
  isReportStale,
  matterReadiness,
  PLAN_STEPS,
  planStepDay,
  readiness,
  saShortDateLabel,
  TOO_CLOSE_ADVICE,
  statutoryDeadlines,
  type DivisionOffsets,
} from "../../src/court-clock/court-clock";
import { addDays, saDateLabel } from "../../src/platform/sa-time";

describe("court days", () => {
  it("skips weekends and public holidays", () => {
    expect(isCourtDay("2027-01-01")).toBe(false); // New Year's Day, a Friday
    expect(isCourtDay("2027-01-02")).toBe(false); // Saturday
    expect(isCourtDay("2027-03-29")).toBe(false); // Family Day
    expect(isCourtDay("2027-03-22")).toBe(false); // Human Rights Day moved from Sunday
    expect(isCourtDay("2027-03-23")).toBe(true);
  });

  it("counts back over Easter: one court day before Tuesday 30 March 2027 is Thursday 25 March", () => {
    expect(courtDaysBefore("2027-03-30", 1)).toBe("2027-03-25");
  });

  it("counts the court days left to a date, over Easter and backwards", () => {
    // Thursday 25 March 2027 to Tuesday 30 March: Good Friday, the weekend and Family Day are not court days.
    expect(courtDaysUntil("2027-03-25", "2027-03-30")).toBe(1);
    expect(courtDaysUntil("2027-03-30", "2027-03-25")).toBe(-1);
    expect(courtDaysUntil("2026-12-31", "2027-01-04")).toBe(1);
    expect(courtDaysUntil("2027-01-04", "2027-01-04")).toBe(0);
  });
});

describe("statutory deadlines", () => {
  it("RAF lodgement over Easter: 3 years to Family Day 2027, 87 days left on 1 January, warned", () => {
    const [raf, summons] = statutoryDeadlines(
      { accidentDate: "2024-03-29", vehicleIdentified: true, rafLodgedOn: null, summonsServedOn: null },
      "2027-01-01",
    );
    expect(raf).toMatchObject({ dueOn: "2027-03-29", daysLeft: 87, done: false });
    expect(raf?.warning).toContain("87 days left");
    expect(summons).toMatchObject({ dueOn: "2029-03-29", warning: null });
  });

  it("an unidentified vehicle gives 2 years, and a lodged claim is not warned", () => {
    const facts = { accidentDate: "2025-02-10", vehicleIdentified: false, rafLodgedOn: null, summonsServedOn: null };
    const [raf] = statutoryDeadlines(facts, "2027-01-15");
    expect(raf).toMatchObject({ dueOn: "2027-02-10", daysLeft: 26 });
    expect(raf?.label).toContain("unidentified");
    expect(statutoryDeadlines({ ...facts, rafLodgedOn: "2026-05-01" }, "2027-01-15")[0]?.warning).toBeNull();
    expect(statutoryDeadlines(facts, "2027-02-12")[0]?.warning).toContain("2 days ago");
  });

  it("no warning before 90 days, and 29 February ends on 28 February", () => {
    const [raf] = statutoryDeadlines(
      { accidentDate: "2024-02-29", vehicleIdentified: true, rafLodgedOn: null, summonsServedOn: null },
      "2026-11-28",
    );
    expect(raf).toMatchObject({ dueOn: "2027-02-28", daysLeft: 92, warning: null });
  });
});

describe("backward plan", () => {
  it("a trial on Monday 4 January 2027 hands over on 2 December 2026 (Christmas, Goodwill, Reconciliation and New Year skipped)", () => {
    const plan = backwardPlan("2027-01-04");
    expect(plan.map((e) => e.step)).toEqual([...PLAN_STEPS]);
    const handOver = plan.find((e) => e.step === "hand_over");
    expect(handOver).toMatchObject({ dueOn: "2026-12-02", source: "rule" });
  });

  it("a court-order joint-minute date replaces the rule and moves the earlier steps", () => {
    const rule = backwardPlan("2027-06-14");
    const ordered = backwardPlan("2027-06-14", undefined, { joint_minute: "2027-04-30" });
    expect(ordered.find((e) => e.step === "joint_minute")).toMatchObject({ dueOn: "2027-04-30", source: "court_order" });
    expect(ordered.find((e) => e.step === "report")!.dueOn < rule.find((e) => e.step === "report")!.dueOn).toBe(true);
  });

  it("a court-order date after the step it feeds is reported and not used", () => {
    const plan = backwardPlan("2027-06-14", undefined, { report: "2027-07-01" });
    const report = plan.find((e) => e.step === "report");
    expect(report?.source).toBe("rule");
    expect(report?.conflict).toContain("not before");
  });

  it("property: over many trial dates, offsets and court orders, no step falls on or after the one it feeds", () => {
    let seed = 26;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    for (let i = 0; i < 600; i += 1) {
      const trial = addDays("2025-01-01", rand(1500));
      const offsets: DivisionOffsets = { hand_over: rand(40), joint_minute: rand(30), report: rand(40), assessment: rand(30) };
      const orders = rand(2) === 0 ? {} : { [PLAN_STEPS[rand(4)]!]: addDays(trial, rand(200) - 180) };
      const plan = backwardPlan(trial, offsets, orders);
      const dates = [...plan.map((e) => e.dueOn), trial];
      for (let k = 0; k < plan.length; k += 1) {
        expect(dates[k]! < dates[k + 1]!, `${trial} ${JSON.stringify(plan)}`).toBe(true);
        if (plan[k]!.source === "rule") expect(isCourtDay(plan[k]!.dueOn)).toBe(true);
      }
    }
  });
});

describe("readiness", () => {
  const plan = backwardPlan("2027-06-14");
  const report = plan.find((e) => e.step === "report")!;

  it("red when a pending step is past, amber within 10 court days, green otherwise, in words", () => {
    expect(readiness(plan, new Set(["assessment"]), addDays(report.dueOn, 1))).toMatchObject({ level: "red" });
    expect(readiness(plan, new Set(["assessment"]), addDays(report.dueOn, 1)).reason).toContain("Latest report was due");
    expect(readiness(plan, new Set(["assessment"]), report.dueOn).level).toBe("amber");
    expect(readiness(plan, new Set(["assessment"]), addDays(report.dueOn, -30)).level).toBe("green");
    expect(readiness(plan, new Set(PLAN_STEPS), "2027-06-13")).toEqual({ level: "green", reason: "Every step is done." });
  });

  it("amber when records for the discipline are outstanding 20 court days before its assessment, with the records in words", () => {
    // A booked assessment well ahead of the report's day, so the steps alone say green.
    const bookedOn = courtDaysBefore(report.dueOn, 30);
    const records = ["hospital notes from Netcare Milpark Hospital"];
    const atTwenty = courtDaysBefore(bookedOn, 20);
    expect(readiness(plan, new Set(), atTwenty, { bookedOn, hasBooking: true }).level).toBe("green");
    expect(readiness(plan, new Set(), atTwenty, { bookedOn, hasBooking: true, outstandingRecords: records })).toEqual({
      level: "amber",
      reason: `Records outstanding before the assessment on ${saDateLabel(bookedOn)}: hospital notes from Netcare Milpark Hospital.`,
    });
    // A day earlier than 20 court days out, and once the assessment is done, the records do not count.
    expect(readiness(plan, new Set(), addDays(atTwenty, -1), { bookedOn, hasBooking: true, outstandingRecords: records }).level).toBe(
      "green",
    );
    expect(readiness(plan, new Set(["assessment"]), atTwenty, { outstandingRecords: records }).level).toBe("green");
    // Already amber (no booking yet): both reasons; already red: the red reason alone.
    const unbooked = readiness(plan, new Set(), courtDaysBefore(plan[0]!.dueOn, 5), { hasBooking: false, outstandingRecords: records });
    expect(unbooked.level).toBe("amber");
    expect(unbooked.reason).toMatch(/^The expert has no booking yet; .* Records outstanding before the assessment on /);
    const late = readiness(plan, new Set(), addDays(plan[0]!.dueOn, 1), { outstandingRecords: records });
    expect(late.level).toBe("red");
    expect(late.reason).not.toContain("Records outstanding");
  });

  it("every step done but the report will be stale at the trial: amber, needing an addendum, never green", () => {
    const verdict = readiness(plan, new Set(PLAN_STEPS), "2027-06-13", { staleReleasedOn: "2025-11-20", staleReportMonths: 18 });
    expect(verdict).toEqual({
      level: "amber",
      reason: "Needs an addendum: the report released on 20 Nov 2025 will be older than 18 months at the trial.",
    });
    // A red step stays red: the staleness never makes a matter look better.
    expect(readiness(plan, new Set(["assessment"]), addDays(report.dueOn, 1), { staleReleasedOn: "2025-11-20" }).level).toBe("red");
  });

  it("counts a booked assessment past its planned date by the court days it leaves for the report, instead of calling it late", () => {
    const assessment = plan[0]!;
    const today = addDays(assessment.dueOn, 2);
    // Without the booking the assessment is late.
    expect(readiness(plan, new Set(), today, { hasBooking: true }).level).toBe("red");
    const bookedOn = courtDaysBefore(report.dueOn, 8);
    const booked = readiness(plan, new Set(), today, { hasBooking: true, bookedOn });
    expect(booked.level).toBe("amber");
    expect(booked.reason).toBe(
      `Booked ${saShortDateLabel(bookedOn)}: leaves 8 court days for the report, due ${saDateLabel(report.dueOn)} (the plan allows 15).`,
    );
    expect(saShortDateLabel("2026-12-08")).toBe("8 Dec");
    // Booked in time: green, in the same words; booked after the report's date: red.
    expect(readiness(plan, new Set(), addDays(assessment.dueOn, -5), { hasBooking: true, bookedOn: assessment.dueOn })).toMatchObject({
      level: "green",
      reason: expect.stringContaining("leaves 15 court days"),
    });
    expect(readiness(plan, new Set(), today, { hasBooking: true, bookedOn: addDays(report.dueOn, 1) }).reason).toContain(
      "after the report is due",
    );
    expect(planStepDay({ dueOn: assessment.dueOn, bookedOn })).toBe(bookedOn);
    expect(planStepDay({ dueOn: assessment.dueOn, bookedOn: addDays(assessment.dueOn, -3) })).toBe(assessment.dueOn);
  });

  it("a date already past when the matter was instructed says the trial is too close for the usual plan, and what to do", () => {
    const assessment = plan[0]!;
    const instructedOn = addDays(assessment.dueOn, 1);
    const verdict = readiness(plan, new Set(), addDays(assessment.dueOn, 3), { hasBooking: false, instructedOn });
    expect(verdict.level).toBe("red");
    expect(verdict.reason).toBe(
      `The trial is too close for the usual plan: latest assessment was due on ${saDateLabel(assessment.dueOn)}, before the matter was instructed on ${saDateLabel(instructedOn)}. ${TOO_CLOSE_ADVICE}`,
    );
    // Instructed in time and late all the same: the ordinary sentence.
    expect(readiness(plan, new Set(), addDays(assessment.dueOn, 3), { instructedOn: addDays(assessment.dueOn, -30) }).reason).toMatch(
      /^Latest assessment was due on .* and is not done\.$/,
    );
  });
});

describe("division offsets and matter readiness", () => {
  it("an administrator's division setting replaces only the offsets it names", () => {
    expect(divisionOffsets("western_cape", { western_cape: { hand_over: 25 } })).toEqual({
      hand_over: 25,
      joint_minute: 10,
      report: 20,
      assessment: 15,
    });
    expect(divisionOffsets("limpopo", { western_cape: { hand_over: 25 } }).hand_over).toBe(20);
  });

  it("amber when the expert has no booking yet, and the matter takes its worst discipline", () => {
    const plan = backwardPlan("2027-06-14");
    const early = addDays(plan[0]!.dueOn, -60);
    expect(readiness(plan, new Set(), early, { hasBooking: false })).toMatchObject({ level: "amber" });
    expect(readiness(plan, new Set(), early, { hasBooking: false }).reason).toContain("no booking yet");
    expect(readiness(plan, new Set(), early, { hasBooking: true }).level).toBe("green");
    const matter = matterReadiness([
      { discipline: "Orthopaedic surgeon", level: "green", reason: "On track" },
      { discipline: "Neurosurgeon", level: "red", reason: "Latest report was due" },
    ]);
    expect(matter).toEqual({ level: "red", reasons: ["Neurosurgeon: Latest report was due"] });
  });
});

describe("stale reports", () => {
  it("a report released 18 months before the trial day is still fresh; a day later it is stale", () => {
    expect(isReportStale("2025-06-15", "2026-12-15")).toBe(false);
    expect(isReportStale("2025-06-15", "2026-12-16")).toBe(true);
    expect(isReportStale("2025-06-15", "2026-12-16", 24)).toBe(false);
    expect(addMonths("2025-08-31", 18)).toBe("2027-02-28");
  });
});
