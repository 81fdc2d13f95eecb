import { describe, expect, it } from "vitest";
import { reminderLead } from "../../src/court-clock/court-clock";
import { courtMatters, nextDeadline, type CourtMatter } from "../../src/court-clock/court-matters";

const step = (label: string, dueOn: string, done = false, courtDaysLeft = 5) => ({
  step: "report" as const,
  label,
  dueOn,
  source: "rule" as const,
  conflict: null,
  done,
  courtDaysLeft,
  counts: "court days" as const,
});

describe("the nearest deadline of a matter", () => {
  it("is the earliest step not done, across disciplines and the statutory periods, and says how it counts", () => {
    const view = {
      disciplines: [
        { discipline: "Orthopaedic Surgeon", plan: [step("Report", "2027-01-04", true), step("Joint minute", "2027-02-01")] },
        { discipline: "Neurosurgeon", plan: [step("Report", "2027-01-18")] },
      ],
      statutory: [
        {
          kind: "raf_lodgement" as const,
          label: "RAF claim lodged",
          dueOn: "2027-03-01",
          daysLeft: 92,
          done: false,
          counts: "calendar days" as const,
          warning: null,
        },
        {
          kind: "summons" as const,
          label: "Summons served",
          dueOn: "2026-12-01",
          daysLeft: 2,
          done: true,
          counts: "calendar days" as const,
          warning: null,
        },
      ],
    };
    // The orthopaedic report is done and the served summons is done: the neurosurgeon's report is next.
    expect(nextDeadline(view as never)).toEqual({ label: "Neurosurgeon: report", dueOn: "2027-01-18", left: 5, counts: "court days" });
    const onlyStatutory = { disciplines: [], statutory: view.statutory };
    expect(nextDeadline(onlyStatutory as never)).toMatchObject({ label: "RAF claim lodged", counts: "calendar days", left: 92 });
    expect(nextDeadline({ disciplines: [], statutory: [] })).toBeNull();
  });
});

describe("the trial calendar and the deadline list", () => {
  const matter = (ref: string, trialDate: string | null, readiness: CourtMatter["readiness"], dueOn: string | null): CourtMatter => ({
    caseId: ref,
    caseReference: ref,
    claimantName: "A Claimant",
    attorneyName: "An Attorney",
    trialDate,
    courtDivision: null,
    trialDaysLeft: null,
    readiness,
    reason: null,
    nextDeadline: dueOn ? { label: "x", dueOn, left: 1, counts: "court days" } : null,
    warning: null,
  });

  it("lists trials from today nearest first, deadlines nearest first, and counts amber and red trials", () => {
    const list = courtMatters(
      [
        matter("CASE-3", "2027-05-03", "red", "2027-01-10"),
        matter("CASE-1", "2026-12-14", "amber", "2026-12-01"),
        matter("CASE-2", "2026-11-20", "red", "2026-11-01"), // the trial is past: not on the calendar
        matter("CASE-4", null, null, "2027-02-10"), // a RAF claim with no trial yet
        matter("CASE-5", "2027-08-02", "green", null),
      ],
      "2026-11-29",
    );
    expect(list.trials.map((m) => m.caseReference)).toEqual(["CASE-1", "CASE-3", "CASE-5"]);
    expect(list.byDeadline.map((m) => m.caseReference)).toEqual(["CASE-2", "CASE-1", "CASE-3", "CASE-4"]);
    expect([list.amber, list.red]).toEqual([1, 1]);
  });
});

describe("court-day reminders", () => {
  it("sends the nearest lead time not below the days left, and nothing once a step is past or still far", () => {
    const leads = [20, 10, 3];
    expect(reminderLead(25, leads)).toBeNull();
    expect(reminderLead(20, leads)).toBe(20);
    expect(reminderLead(12, leads)).toBe(20);
    // First seen 8 court days out: the 10-day reminder, not the stale 20-day one.
    expect(reminderLead(8, leads)).toBe(10);
    expect(reminderLead(3, leads)).toBe(3);
    expect(reminderLead(0, leads)).toBe(3);
    expect(reminderLead(-1, leads)).toBeNull();
  });
});
