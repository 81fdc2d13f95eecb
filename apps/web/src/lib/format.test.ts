import { describe, expect, it } from "vitest";
import { asSentence, formatRelativeTime, greeting, rafLabel, withArticle } from "./format";

describe("wording helpers", () => {
  it("ends typed text with one full stop, never two (the pause toast)", () => {
    expect(asSentence("Waiting for the hospital records.")).toBe("Waiting for the hospital records.");
    expect(asSentence("Waiting for the hospital records")).toBe("Waiting for the hospital records.");
    expect(asSentence("Claimant unreachable? ")).toBe("Claimant unreachable?");
  });

  it("greets by the time of day in South Africa, not the browser's zone", () => {
    expect(greeting(new Date("2026-11-23T05:30:00Z"))).toBe("Good morning"); // 07:30 SAST
    expect(greeting(new Date("2026-11-23T10:00:00Z"))).toBe("Good afternoon"); // 12:00 SAST
    expect(greeting(new Date("2026-11-23T16:00:00Z"))).toBe("Good evening"); // 18:00 SAST
  });

  it("puts 'an' before a vowel sound and 'a' otherwise", () => {
    expect(withArticle("orthopaedic surgeon")).toBe("an orthopaedic surgeon");
    expect(withArticle("occupational therapist")).toBe("an occupational therapist");
    expect(withArticle("neurosurgeon")).toBe("a neurosurgeon");
    expect(withArticle("actuary")).toBe("an actuary");
  });

  it("labels a RAF claim number once", () => {
    expect(rafLabel("RAF/2026/102938")).toBe("RAF/2026/102938");
    expect(rafLabel("2026/102938")).toBe("RAF 2026/102938");
  });
});

describe("formatRelativeTime", () => {
  const now = new Date("2026-11-27T12:00:00Z"); // 14:00 in South Africa
  it("counts minutes, then hours within the South African day", () => {
    expect(formatRelativeTime("2026-11-27T11:59:40Z", now)).toBe("Just now");
    expect(formatRelativeTime("2026-11-27T11:55:00Z", now)).toBe("5 min ago");
    expect(formatRelativeTime("2026-11-27T09:00:00Z", now)).toBe("3 h ago");
  });
  it("names yesterday, then the day, and the year only for another year", () => {
    expect(formatRelativeTime("2026-11-26T20:00:00Z", now)).toBe("Yesterday");
    expect(formatRelativeTime("2026-11-21T08:00:00Z", now)).toBe("21 Nov");
    expect(formatRelativeTime("2025-11-21T08:00:00Z", now)).toBe("21 Nov 2025");
    expect(formatRelativeTime(null, now)).toBe("—");
  });
});
