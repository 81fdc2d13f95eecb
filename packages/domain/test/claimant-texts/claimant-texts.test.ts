import { describe, expect, it } from "vitest";
import {
  claimantReplyAction,
  internationalPhone,
  reminderDueAt,
  reminderWanted,
  retryDelayMs,
} from "../../src/claimant-texts/claimant-texts";

const sast = (date: string, time: string) => new Date(`${date}T${time}:00+02:00`);

describe("when a claimant's reminders fall due", () => {
  it("puts the working-days reminder two working days before, at 09:00, skipping weekends and public holidays", () => {
    // Wednesday: Monday. Monday: the Thursday before.
    expect(reminderDueAt("two_days_before", sast("2027-03-10", "10:00"), new Date(0))).toEqual(sast("2027-03-08", "09:00"));
    expect(reminderDueAt("two_days_before", sast("2027-03-15", "10:00"), new Date(0))).toEqual(sast("2027-03-11", "09:00"));
    // Friday 18 Dec 2026: Thursday 17 counts, Wednesday 16 (Day of Reconciliation) does not, Tuesday 15 is the day.
    expect(reminderDueAt("two_days_before", sast("2026-12-18", "08:30"), new Date(0))).toEqual(sast("2026-12-15", "09:00"));
    // Monday 4 Jan 2027: Friday 1 Jan is New Year's Day, so Thursday 31 Dec (1) and Wednesday 30 Dec (2).
    expect(reminderDueAt("two_days_before", sast("2027-01-04", "09:00"), new Date(0))).toEqual(sast("2026-12-30", "09:00"));
  });

  it("puts the day's reminder at 07:00 in South Africa and the confirmation when the booking is confirmed", () => {
    expect(reminderDueAt("morning_of", sast("2027-03-10", "14:00"), new Date(0))).toEqual(sast("2027-03-10", "07:00"));
    const confirmed = sast("2027-02-01", "11:12");
    expect(reminderDueAt("confirmation", sast("2027-03-10", "14:00"), confirmed)).toEqual(confirmed);
  });

  it("sends nothing once the assessment has begun, and skips a fixed-time reminder that had passed when the booking was confirmed", () => {
    const starts = sast("2027-03-10", "10:00");
    expect(reminderWanted("morning_of", starts, sast("2027-03-01", "10:00"), sast("2027-03-10", "07:30"))).toBe(true);
    expect(reminderWanted("morning_of", starts, sast("2027-03-01", "10:00"), sast("2027-03-10", "06:59"))).toBe(false);
    expect(reminderWanted("morning_of", starts, sast("2027-03-10", "08:00"), sast("2027-03-10", "08:00"))).toBe(false);
    expect(reminderWanted("two_days_before", starts, sast("2027-03-09", "12:00"), sast("2027-03-09", "12:00"))).toBe(false);
    expect(reminderWanted("confirmation", starts, sast("2027-03-10", "08:00"), sast("2027-03-10", "08:00"))).toBe(true);
    expect(reminderWanted("confirmation", starts, sast("2027-03-10", "08:00"), sast("2027-03-10", "10:00"))).toBe(false);
  });
});

describe("a claimant's reply", () => {
  it("confirms on YES, Y, JA and YEBO in any case with spaces around, declines on NO, stops on STOP", () => {
    for (const text of ["YES", "yes", " Y ", "ja", "Yebo\n"]) expect(claimantReplyAction(text), text).toBe("confirm");
    expect(claimantReplyAction(" no ")).toBe("decline");
    expect(claimantReplyAction("Stop")).toBe("stop");
    for (const text of ["yes please", "I will be late", "", "nope"]) expect(claimantReplyAction(text), text).toBe("other");
  });
});

describe("phone numbers for the gateway", () => {
  it("turns South African local numbers into +27 and keeps international ones", () => {
    expect(internationalPhone("082 555 0101")).toBe("+27825550101");
    expect(internationalPhone("(011) 555-0100")).toBe("+27115550100");
    expect(internationalPhone("27825550101")).toBe("+27825550101");
    expect(internationalPhone("+27 82 555 0101")).toBe("+27825550101");
    expect(internationalPhone("0044 20 7946 0000")).toBe("+442079460000");
    expect(internationalPhone("call me")).toBeNull();
    expect(internationalPhone("555 01")).toBeNull();
  });

  it("waits 1, 2, 4 minutes after failures, at most an hour", () => {
    expect([1, 2, 3, 10].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 3_600_000]);
  });
});
