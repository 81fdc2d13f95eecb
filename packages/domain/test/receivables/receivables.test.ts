import { describe, expect, it } from "vitest";
import {
  caseExpectedDate,
  DEFAULT_RECEIVABLES_SETTINGS,
  forecastByMonth,
  interestAfterLongStop,
  longStopDate,
  owedFrom,
  pastLongStop,
  receivableClass,
  scheduleFeeLabel,
} from "../../src";

const settings = DEFAULT_RECEIVABLES_SETTINGS;

describe("deferred billing rules (issue 29)", () => {
  it("puts the long-stop 24 months after the first invoice, at a month's end when the day is missing", () => {
    expect(longStopDate("2026-03-15", 24)).toBe("2028-03-15");
    expect(longStopDate("2026-01-31", 1)).toBe("2026-02-28");
    expect(longStopDate(null, 24)).toBeNull();
  });

  it("expects payment at the latest stage reached, never after the long-stop", () => {
    expect(caseExpectedDate([], settings, "2028-01-01")).toBe("2028-01-01");
    expect(caseExpectedDate([{ kind: "order", occurredOn: "2026-01-01" }], settings, "2028-01-01")).toBe("2026-06-30");
    expect(
      caseExpectedDate(
        [
          { kind: "order", occurredOn: "2026-01-01" },
          { kind: "taxed", occurredOn: "2026-03-01" },
        ],
        settings,
        "2028-01-01",
      ),
    ).toBe("2026-08-28");
    expect(caseExpectedDate([{ kind: "raf_paid", occurredOn: "2026-05-05" }], settings, "2028-01-01")).toBe("2026-05-05");
    expect(caseExpectedDate([{ kind: "order", occurredOn: "2027-12-01" }], settings, "2028-01-01")).toBe("2028-01-01");
  });

  it("keeps a deferred invoice out of overdue until the long-stop has passed, then classes it due or overdue from the later of the long-stop and its due date", () => {
    const deferred = { dueDate: "2026-02-01", deferral: true, longStop: "2028-01-01" };
    expect(receivableClass(deferred, "2026-06-01")).toBe("deferred");
    expect(receivableClass(deferred, "2028-01-01")).toBe("deferred");
    expect(receivableClass(deferred, "2028-01-02")).toBe("overdue");
    expect(pastLongStop(deferred, "2028-01-02")).toBe(true);
    // Issued after the long-stop: owed from its own due date, and due until then.
    const late = { dueDate: "2028-02-10", deferral: true, longStop: "2028-01-01" };
    expect(owedFrom(late)).toBe("2028-02-10");
    expect(receivableClass(late, "2028-01-20")).toBe("due");
    expect(receivableClass(late, "2028-02-11")).toBe("overdue");
    expect(receivableClass({ dueDate: "2026-02-01", deferral: false, longStop: null }, "2026-02-02")).toBe("overdue");
    expect(receivableClass({ dueDate: "2026-02-01", deferral: false, longStop: null }, "2026-02-01")).toBe("due");
  });

  it("charges simple interest per year from the day after the invoice is owed, never before the long-stop or the invoice's due date", () => {
    const invoice = (dueDate: string) => ({ dueDate, deferral: true, longStop: "2026-01-01" });
    expect(interestAfterLongStop(1_000_000, 1000, invoice("2025-06-01"), "2026-01-01")).toBe(0);
    expect(interestAfterLongStop(1_000_000, 1000, invoice("2025-06-01"), "2027-01-01")).toBe(100_000);
    // Issued after the long-stop, due 2026-07-01: half a year of interest by 2027-01-01, not a whole one.
    expect(interestAfterLongStop(1_000_000, 1000, invoice("2026-07-01"), "2027-01-01")).toBe(
      Math.round((1_000_000 * 1000 * 184) / (10_000 * 365)),
    );
    expect(interestAfterLongStop(1_000_000, 1000, invoice("2026-07-01"), "2026-06-01")).toBe(0);
    expect(interestAfterLongStop(1_000_000, 1000, { dueDate: "2025-06-01", deferral: true, longStop: null }, "2027-01-01")).toBe(0);
  });

  it("forecasts 12 months from this one: late amounts this month, others in their month, beyond the horizon left out", () => {
    const months = forecastByMonth(
      [
        { expectedOn: "2026-10-01", balanceCents: 100, deferred: false },
        { expectedOn: "2027-05-20", balanceCents: 200, deferred: true },
        { expectedOn: "2028-01-01", balanceCents: 400, deferred: true },
      ],
      "2026-11-29",
    );
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: "2026-11", label: "Nov 2026", deferredCents: 0, dueCents: 100 });
    expect(months.find((m) => m.month === "2027-05")!.deferredCents).toBe(200);
    expect(months.reduce((s, m) => s + m.deferredCents + m.dueCents, 0)).toBe(300);
  });

  it("names the schedule's fees as a bill of costs lists them", () => {
    expect(scheduleFeeLabel("qualifying_fee", "x")).toBe("Qualifying fee");
    expect(scheduleFeeLabel("reservation_day", "x")).toBe("Reservation fee");
    expect(scheduleFeeLabel("travel", "x")).toBe("Logistics (travel)");
    expect(scheduleFeeLabel("other", "Interpreter")).toBe("Interpreter");
  });
});
