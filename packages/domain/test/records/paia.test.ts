import { describe, expect, it } from "vitest";
import { isPublicHoliday } from "../../src/platform/holidays";
import { isoWeekday } from "../../src/platform/sa-time";
import {
  basisProblem,
  extensionProblem,
  paiaClock,
  RECORD_REQUEST_MOVES,
  RECORD_REQUEST_STATUSES,
  type PaiaFacts,
} from "../../src/records/paia";

const sent = (receivedOn: string, more: Partial<PaiaFacts> = {}): PaiaFacts => ({
  holderKind: "public",
  legalBasis: "paia_public",
  status: "sent",
  receivedOn,
  extensionDays: null,
  feeRequestedOn: null,
  feePaidOn: null,
  refusedOn: null,
  appealedOn: null,
  ...more,
});

describe("the PAIA clock of a records request", () => {
  it("gives the holder 30 calendar days from the day it received the request", () => {
    const clock = paiaClock(sent("2027-03-01"), "2027-03-10");
    expect(clock.decisionDue).toBe("2027-03-31");
    expect(clock.daysLeft).toBe(21);
    expect(clock.counts).toBe("calendar days");
    expect(clock.status).toBe("sent");
    expect(clock.summary).toBe("Decision due 31 Mar 2027: 21 calendar days left.");
  });

  it("runs through the year end: sent on 15 December, due on 14 January, holidays and the recess not paused", () => {
    // Day of Reconciliation, Christmas, the Day of Goodwill and New Year's Day all fall inside the period.
    for (const holiday of ["2026-12-16", "2026-12-25", "2026-12-26", "2027-01-01"]) expect(isPublicHoliday(holiday)).toBe(true);
    const clock = paiaClock(sent("2026-12-15"), "2026-12-20");
    expect(clock.decisionDue).toBe("2027-01-14");
    expect(clock.daysLeft).toBe(25);
  });

  it("does not move a last day that falls on a weekend", () => {
    // Received on Friday 5 March 2027: the 30th day is Sunday 4 April.
    const clock = paiaClock(sent("2027-03-05"), "2027-03-05");
    expect(clock.decisionDue).toBe("2027-04-04");
    expect(isoWeekday(clock.decisionDue!)).toBe(7);
  });

  it("adds the one extension the holder gave notice of", () => {
    expect(paiaClock(sent("2027-03-01", { status: "extended", extensionDays: 30 }), "2027-03-10").decisionDue).toBe("2027-04-30");
    expect(paiaClock(sent("2027-03-01", { status: "extended", extensionDays: 14 }), "2027-03-10").decisionDue).toBe("2027-04-14");
  });

  it("refuses a second extension, one over 30 days and a notice after the first period", () => {
    expect(extensionProblem({ receivedOn: "2027-03-01", extensionDays: null }, 30, "2027-03-31")).toBeNull();
    expect(extensionProblem({ receivedOn: "2027-03-01", extensionDays: 10 }, 10, "2027-03-20")).toMatch(/once only/);
    expect(extensionProblem({ receivedOn: "2027-03-01", extensionDays: null }, 31, "2027-03-20")).toMatch(/from 1 to 30 days/);
    expect(extensionProblem({ receivedOn: "2027-03-01", extensionDays: null }, 10, "2027-04-01")).toMatch(/already deemed refused/);
    expect(extensionProblem({ receivedOn: "2027-03-01", extensionDays: null }, 10, "2027-02-28")).toMatch(/before the holder received/);
  });

  it("is not yet deemed refused on the last day, and is the day after", () => {
    const onTheDay = paiaClock(sent("2027-03-01"), "2027-03-31");
    expect(onTheDay.status).toBe("sent");
    expect(onTheDay.summary).toBe("Decision due today, 31 Mar 2027.");
    const after = paiaClock(sent("2027-03-01"), "2027-04-01");
    expect(after.status).toBe("deemed_refused");
    expect(after.deemedRefusedOn).toBe("2027-04-01");
  });

  it("gives 60 days for the internal appeal against a public body's deemed refusal", () => {
    const clock = paiaClock(sent("2027-03-01"), "2027-04-10");
    expect(clock.appealBy).toBe("2027-05-30");
    expect(clock.summary).toBe("Deemed refused, appeal by 30 May 2027.");
    expect(clock.regulatorBy).toBeNull();
  });

  it("gives 180 days for the Regulator or court once a public body's appeal is lodged (after its 30 days to decide)", () => {
    const clock = paiaClock(sent("2027-03-01", { status: "appealed", appealedOn: "2027-04-15" }), "2027-04-20");
    expect(clock.regulatorBy).toBe("2027-11-11");
    expect(clock.summary).toBe("Appealed; if the appeal fails, complaint to the Information Regulator or court by 11 Nov 2027.");
  });

  it("sends a private body's refusal straight to the Regulator or court, 180 days on", () => {
    const deemed = paiaClock(sent("2027-03-01", { holderKind: "private", legalBasis: "paia_private" }), "2027-04-02");
    expect(deemed.status).toBe("deemed_refused");
    expect(deemed.appealBy).toBeNull();
    expect(deemed.regulatorBy).toBe("2027-09-27");
    const refused = paiaClock(
      sent("2027-03-01", { holderKind: "private", legalBasis: "paia_private", status: "refused", refusedOn: "2027-03-20" }),
      "2027-03-21",
    );
    expect(refused.regulatorBy).toBe("2027-09-16");
    expect(refused.summary).toBe("Refused, complaint to the Information Regulator or court by 16 Sept 2027.");
  });

  it("counts a public body's express refusal for the appeal from the day it was given", () => {
    const clock = paiaClock(sent("2027-03-01", { status: "refused", refusedOn: "2027-03-20" }), "2027-03-21");
    expect(clock.appealBy).toBe("2027-05-19");
    expect(clock.deemedRefusedOn).toBeNull();
  });

  it("stands still while a deposit is unpaid and adds the days it stood once paid", () => {
    const waiting = paiaClock(sent("2027-03-01", { status: "fee_requested", feeRequestedOn: "2027-03-11" }), "2027-05-01");
    expect(waiting.status).toBe("fee_requested");
    expect(waiting.summary).toMatch(/stand still until it is paid/);
    const paid = paiaClock(sent("2027-03-01", { status: "fee_paid", feeRequestedOn: "2027-03-11", feePaidOn: "2027-03-21" }), "2027-03-22");
    expect(paid.decisionDue).toBe("2027-04-10");
  });

  it("never deems a request on consent alone refused: it is overdue", () => {
    const clock = paiaClock(sent("2027-03-01", { holderKind: "private", legalBasis: "consent" }), "2027-04-05");
    expect(clock.status).toBe("sent");
    expect(clock.appealBy).toBeNull();
    expect(clock.summary).toBe("Overdue since 31 Mar 2027 (5 calendar days).");
  });

  it("has no clock before the request is sent", () => {
    const clock = paiaClock(sent("2027-03-01", { status: "drafted", receivedOn: null }), "2027-03-01");
    expect(clock.decisionDue).toBeNull();
    expect(clock.summary).toMatch(/Not sent yet/);
  });

  it("stops once the records are received", () => {
    const clock = paiaClock(sent("2027-03-01", { status: "received" }), "2027-06-01");
    expect(clock.status).toBe("received");
    expect(clock.deemedRefusedOn).toBeNull();
    expect(clock.summary).toBe("Received.");
  });

  it("knows which basis fits which body", () => {
    expect(basisProblem("private", "paia_public")).toMatch(/private body/);
    expect(basisProblem("public", "paia_private")).toMatch(/public body/);
    expect(basisProblem("private", "popia_s23")).toBeNull();
  });

  it("moves only to known statuses, never into deemed refusal by hand, and not out of closed", () => {
    for (const status of RECORD_REQUEST_STATUSES) {
      for (const next of RECORD_REQUEST_MOVES[status]) expect(RECORD_REQUEST_STATUSES).toContain(next);
      expect(RECORD_REQUEST_MOVES[status]).not.toContain("deemed_refused");
    }
    expect(RECORD_REQUEST_MOVES.closed).toEqual([]);
  });
});
