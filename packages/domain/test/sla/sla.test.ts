import { describe, expect, it } from "vitest";
import type { SlaClock } from "../../src";
import { DECLARED_PUBLIC_HOLIDAYS, isBusinessDay, isPublicHoliday, openingWorkWeek, sastToUtc, slaDueAt, slaState } from "../../src";

/** A South African local date and time ("2026-12-15 10:00") as an instant. */
const sa = (local: string) => sastToUtc(local.slice(0, 10), local.slice(11, 16));
const businessDays = (startedAt: string, target: number, extra: Partial<SlaClock> = {}) =>
  slaDueAt({ startedAt: sa(startedAt), target, unit: "business_days", ...extra });
const HOUR = 3_600_000;

describe("business days", () => {
  it("skips the Day of Reconciliation: 2 business days from Tuesday 15 December 2026 10:00 is Friday 10:00", () => {
    expect(businessDays("2026-12-15 10:00", 2).dueAt).toEqual(sa("2026-12-18 10:00"));
  });

  it("skips the weekend and the Monday after National Women's Day on a Sunday: Friday 7 August 2026 10:00 + 2 is Wednesday 10:00", () => {
    expect(businessDays("2026-08-07 10:00", 2).dueAt).toEqual(sa("2026-08-12 10:00"));
  });

  it("keeps the time of day across an ordinary week", () => {
    expect(businessDays("2026-09-02 10:00", 3).dueAt).toEqual(sa("2026-09-07 10:00"));
    expect(businessDays("2026-09-04 16:30", 5).dueAt).toEqual(sa("2026-09-11 16:30"));
  });

  it("counts a start on a weekend or holiday from the next business day's start", () => {
    // Saturday 15:00: all of Monday counts, so one business day ends at Monday midnight.
    expect(businessDays("2026-09-05 15:00", 1).dueAt).toEqual(sa("2026-09-08 00:00"));
    // Sunday 9 August 2026, then the observed Monday holiday: the clock starts on Tuesday.
    expect(businessDays("2026-08-09 08:00", 1).dueAt).toEqual(sa("2026-08-12 00:00"));
  });

  it("ends on the earliest instant the target is reached, not on the next business day", () => {
    // Monday 00:00 + 5 business days uses up Friday at midnight.
    expect(businessDays("2026-09-07 00:00", 5).dueAt).toEqual(sa("2026-09-12 00:00"));
  });

  it("crosses a year boundary with New Year's Day", () => {
    expect(businessDays("2026-12-30 14:00", 3).dueAt).toEqual(sa("2027-01-05 14:00"));
  });

  it("uses the declared days it is given (27 December 2022) and the Monday after a Sunday New Year's Day", () => {
    // Friday 23 December 2022: 26 December (Day of Goodwill) is a holiday either way.
    expect(businessDays("2022-12-23 12:00", 2).dueAt).toEqual(sa("2022-12-28 12:00"));
    const withDeclared = (d: string) => isPublicHoliday(d, DECLARED_PUBLIC_HOLIDAYS);
    expect(businessDays("2022-12-23 12:00", 2, { holidays: withDeclared }).dueAt).toEqual(sa("2022-12-29 12:00"));
    // 1 January 2023 was a Sunday, so Monday 2 January was a holiday.
    expect(businessDays("2022-12-30 09:00", 1).dueAt).toEqual(sa("2023-01-03 09:00"));
  });

  it("takes the holidays as a set of dates instead of the Act's calendar", () => {
    const noHolidays = new Set<string>();
    expect(businessDays("2026-12-15 10:00", 2, { holidays: noHolidays }).dueAt).toEqual(sa("2026-12-17 10:00"));
    const companyDay = new Set(["2026-12-17", "2026-12-16"]);
    expect(businessDays("2026-12-15 10:00", 2, { holidays: companyDay }).dueAt).toEqual(sa("2026-12-21 10:00"));
    expect(isBusinessDay("2026-12-16")).toBe(false);
    expect(isBusinessDay("2026-12-16", noHolidays)).toBe(true);
    expect(isBusinessDay("2026-12-19", noHolidays)).toBe(false);
  });

  it("draws day boundaries in South African time, which has no daylight saving", () => {
    // 22:30 UTC on Friday 7 August is 00:30 on Saturday in South Africa: the clock starts on
    // Tuesday 11 August (Monday 10 August is a holiday), not on the UTC Friday.
    const late = slaDueAt({ startedAt: new Date("2026-08-07T22:30:00Z"), target: 1, unit: "business_days" });
    expect(late.dueAt.toISOString()).toBe("2026-08-11T22:00:00.000Z");
    // The same local time in winter and in summer is the same UTC time.
    expect(businessDays("2026-06-17 23:30", 1).dueAt.toISOString()).toBe("2026-06-18T21:30:00.000Z");
    expect(businessDays("2026-11-18 23:30", 1).dueAt.toISOString()).toBe("2026-11-19T21:30:00.000Z");
  });

  it("puts the at-risk point at 75 % of the business time: 36 business hours into 2 business days", () => {
    const times = businessDays("2026-12-15 10:00", 2);
    // Tuesday 14 h, Wednesday is a holiday, then 22 h of Thursday.
    expect(times.atRiskAt).toEqual(sa("2026-12-17 22:00"));
    expect(businessDays("2026-12-15 10:00", 2, { atRiskRatio: 0.5 }).atRiskAt).toEqual(sa("2026-12-17 10:00"));
  });

  it("refuses a holiday calendar without business days instead of running forever", () => {
    expect(() => businessDays("2026-01-05 09:00", 1, { holidays: () => true })).toThrow(/no business day in a whole year/);
  });
});

describe("hours and calendar days", () => {
  it("are plain elapsed time, weekends and holidays included", () => {
    const hours = slaDueAt({ startedAt: sa("2026-12-15 10:00"), target: 24, unit: "hours" });
    expect(hours.dueAt).toEqual(sa("2026-12-16 10:00"));
    expect(hours.atRiskAt).toEqual(sa("2026-12-16 04:00"));
    const days = slaDueAt({ startedAt: sa("2026-12-24 17:45"), target: 14, unit: "calendar_days" });
    expect(days.dueAt).toEqual(sa("2027-01-07 17:45"));
    expect(days.atRiskAt).toEqual(sa("2027-01-04 05:45")); // 10.5 days
  });

  it("ignore the holiday calendar", () => {
    const clock = { startedAt: sa("2026-08-07 10:00"), target: 3, unit: "calendar_days" } as const;
    expect(slaDueAt({ ...clock, holidays: () => true }).dueAt).toEqual(slaDueAt(clock).dueAt);
  });
});

describe("pauses", () => {
  it("move an hours target by the paused duration", () => {
    const times = slaDueAt({
      startedAt: sa("2026-03-02 08:00"),
      target: 24,
      unit: "hours",
      pauses: [{ from: sa("2026-03-02 12:00"), to: sa("2026-03-02 15:00") }],
    });
    expect(times.dueAt).toEqual(sa("2026-03-03 11:00"));
    expect(times.atRiskAt).toEqual(sa("2026-03-03 05:00"));
    expect(times.paused).toBe(false);
  });

  it("spanning a weekend move business days only by the paused business time", () => {
    const pauses = [{ from: sa("2026-09-04 16:00"), to: sa("2026-09-07 09:00") }];
    // Without the pause: Monday 7 September 10:00. The pause takes Friday 16:00-24:00 and
    // Monday 00:00-09:00 (17 business hours); the weekend was not counting anyway.
    expect(businessDays("2026-09-02 10:00", 3, { pauses }).dueAt).toEqual(sa("2026-09-08 03:00"));
    // In hours, the same pause moves the due time by all of its 65 hours.
    const hours = slaDueAt({ startedAt: sa("2026-09-02 10:00"), target: 72, unit: "hours", pauses });
    expect(hours.dueAt).toEqual(new Date(sa("2026-09-05 10:00").getTime() + 65 * HOUR));
  });

  it("falling wholly on a weekend or holiday change nothing for business days", () => {
    const pauses = [{ from: sa("2026-12-16 08:00"), to: sa("2026-12-16 18:00") }];
    expect(businessDays("2026-12-15 10:00", 2, { pauses }).dueAt).toEqual(sa("2026-12-18 10:00"));
  });

  it("count overlapping pauses and pauses from before the start once", () => {
    const times = slaDueAt({
      startedAt: sa("2026-03-02 08:00"),
      target: 10,
      unit: "hours",
      pauses: [
        { from: sa("2026-03-01 08:00"), to: sa("2026-03-02 09:00") }, // 1 h after the start
        { from: sa("2026-03-02 10:00"), to: sa("2026-03-02 12:00") },
        { from: sa("2026-03-02 11:00"), to: sa("2026-03-02 13:00") }, // overlaps: 10:00-13:00 in all
        { from: sa("2026-03-02 20:00"), to: sa("2026-03-02 19:00") }, // ends before it starts: no pause
      ],
    });
    expect(times.dueAt).toEqual(sa("2026-03-02 22:00"));
  });

  it("while open, hold the clock until now: the due time moves on with now", () => {
    const clock: SlaClock = {
      startedAt: sa("2026-03-02 08:00"),
      target: 24,
      unit: "hours",
      pauses: [{ from: sa("2026-03-02 10:00"), to: null }],
    };
    const at11 = slaDueAt({ ...clock, now: sa("2026-03-02 11:00") });
    expect(at11).toEqual({ dueAt: sa("2026-03-03 09:00"), atRiskAt: sa("2026-03-03 03:00"), paused: true });
    const at17 = slaDueAt({ ...clock, now: sa("2026-03-02 17:00") });
    expect(at17.dueAt).toEqual(sa("2026-03-03 15:00"));
    expect(() => slaDueAt(clock)).toThrow("A timer with an open pause needs `now`.");
  });

  it("that reopen after a closed one add up", () => {
    const times = businessDays("2026-12-15 10:00", 2, {
      pauses: [
        { from: sa("2026-12-15 12:00"), to: sa("2026-12-15 14:00") },
        { from: sa("2026-12-17 09:00"), to: null },
      ],
      now: sa("2026-12-17 12:00"),
    });
    // 2 h on Tuesday and 3 h so far on Thursday.
    expect(times.dueAt).toEqual(sa("2026-12-18 15:00"));
    expect(times.paused).toBe(true);
  });
});

describe("timer state", () => {
  const timer = { startedAt: sa("2026-12-15 10:00"), target: 2, unit: "business_days" } as const;

  it("is on track, then at risk, then breached, with the time left to the due time", () => {
    expect(slaState(timer, sa("2026-12-16 10:00"))).toMatchObject({ state: "on_track", timeLeftMs: 48 * HOUR });
    expect(slaState(timer, sa("2026-12-17 22:00"))).toMatchObject({ state: "at_risk", timeLeftMs: 12 * HOUR });
    expect(slaState(timer, sa("2026-12-18 10:00"))).toMatchObject({ state: "at_risk", timeLeftMs: 0 });
    expect(slaState(timer, sa("2026-12-18 10:01"))).toMatchObject({ state: "breached", timeLeftMs: -60_000 });
  });

  it("is paused during an open pause, unless it was already breached", () => {
    const pausedEarly = { ...timer, pauses: [{ from: sa("2026-12-17 23:00"), to: null }] };
    expect(slaState(pausedEarly, sa("2026-12-21 09:00"))).toMatchObject({ state: "paused", dueAt: sa("2026-12-21 20:00") });
    const pausedLate = { ...timer, pauses: [{ from: sa("2026-12-18 11:00"), to: null }] };
    expect(slaState(pausedLate, sa("2026-12-21 09:00"))).toMatchObject({ state: "breached", dueAt: sa("2026-12-18 10:00") });
  });

  it("is met when met by the due time and breached when met late, whatever now is", () => {
    const later = sa("2027-03-01 10:00");
    expect(slaState({ ...timer, metAt: sa("2026-12-18 10:00") }, later)).toMatchObject({ state: "met", timeLeftMs: 0 });
    expect(slaState({ ...timer, metAt: sa("2026-12-21 09:00") }, later)).toMatchObject({ state: "breached", timeLeftMs: -71 * HOUR });
  });
});

describe("bad timers", () => {
  it("are refused with a sentence", () => {
    const clock = { startedAt: sa("2026-12-15 10:00"), target: 2, unit: "hours" } as const;
    expect(() => slaDueAt({ ...clock, target: 0 })).toThrow("An SLA target must be a positive number, not 0.");
    expect(() => slaDueAt({ ...clock, target: Number.NaN })).toThrow(RangeError);
    expect(() => slaDueAt({ ...clock, atRiskRatio: 1.5 })).toThrow("The at-risk share must be above 0 and at most 1, not 1.5.");
    expect(() => slaDueAt({ ...clock, startedAt: new Date("nonsense") })).toThrow("An SLA timer needs a valid start time.");
  });
});

describe("the working week a schedule opens on", () => {
  const sa = (local: string) => new Date(`${local.replace(" ", "T")}:00+02:00`);
  it("is this week on a working day with hours ahead, the next one at a weekend or after Friday's hours", () => {
    expect(openingWorkWeek(sa("2026-11-25 10:00"))).toBe("2026-11-23");
    expect(openingWorkWeek(sa("2026-11-27 16:59"))).toBe("2026-11-23");
    expect(openingWorkWeek(sa("2026-11-27 17:00"))).toBe("2026-11-30");
    expect(openingWorkWeek(sa("2026-11-28 10:00"))).toBe("2026-11-30");
    expect(openingWorkWeek(sa("2026-11-29 23:00"))).toBe("2026-11-30");
    // Thursday evening before Good Friday 2026 (3 April) and Family Day (6 April): the week after.
    expect(openingWorkWeek(sa("2026-04-02 18:00"))).toBe("2026-04-06");
  });
});
