import { describe, expect, it } from "vitest";
import type { AccountEntry } from "../../src";
import {
  ageBalances,
  ageingBucket,
  AGEING_BUCKETS,
  allocatePaymentSchema,
  buildStatement,
  daysPastDue,
  invoiceStatusFromMoney,
  proofUploadSchema,
  statementInputSchema,
} from "../../src";

describe("an invoice's status from its money", () => {
  const money = (paidCents: number, creditedCents = 0, pastDue = false) =>
    invoiceStatusFromMoney({ totalCents: 10_000, paidCents, creditedCents, pastDue });
  it("is paid with nothing left, credited when credit notes cleared it and nothing was paid", () => {
    expect(money(10_000)).toBe("paid");
    expect(money(4_000, 6_000)).toBe("paid");
    expect(money(0, 10_000)).toBe("credited");
    expect(money(0, 10_000, true)).toBe("credited");
  });
  it("is partially paid with money received and a balance left, overdue past the due date, else issued", () => {
    expect(money(1)).toBe("partially_paid");
    expect(money(1, 0, true)).toBe("overdue");
    expect(money(0, 5_000)).toBe("issued");
    expect(money(0, 0, true)).toBe("overdue");
    expect(money(0)).toBe("issued");
  });
});

describe("ageing", () => {
  it("puts a balance in its bucket by whole days past the due date", () => {
    expect(daysPastDue("2026-11-01", "2026-11-01")).toBe(0);
    expect(daysPastDue("2026-11-01", "2026-10-30")).toBe(-2);
    expect(daysPastDue("2026-02-27", "2026-03-01")).toBe(2);
    expect([-5, 0, 1, 30, 31, 60, 61, 90, 91, 400].map(ageingBucket)).toEqual([
      "current",
      "current",
      "days1to30",
      "days1to30",
      "days31to60",
      "days31to60",
      "days61to90",
      "days61to90",
      "days90plus",
      "days90plus",
    ]);
  });
  it("adds the buckets up to the outstanding total", () => {
    const today = "2026-11-25";
    const invoices = [
      { dueDate: "2026-12-20", balanceCents: 100 },
      { dueDate: "2026-11-25", balanceCents: 200 },
      { dueDate: "2026-11-10", balanceCents: 300 },
      { dueDate: "2026-10-01", balanceCents: 400 },
      { dueDate: "2026-09-01", balanceCents: 500 },
      { dueDate: "2025-01-01", balanceCents: 600 },
      { dueDate: "2025-01-01", balanceCents: 0 },
    ];
    const ageing = ageBalances(invoices, today);
    expect(ageing).toEqual({ current: 300, days1to30: 300, days31to60: 400, days61to90: 500, days90plus: 600, totalCents: 2_100 });
    expect(AGEING_BUCKETS.reduce((sum, b) => sum + ageing[b], 0)).toBe(ageing.totalCents);
  });
});

describe("statements", () => {
  const entries: AccountEntry[] = [
    { date: "2026-09-01", kind: "invoice", reference: "INV-1", description: "", amountCents: 10_000 },
    { date: "2026-09-20", kind: "payment", reference: "EFT 1", description: "", amountCents: 4_000 },
    { date: "2026-10-02", kind: "invoice", reference: "INV-2", description: "", amountCents: 20_000 },
    { date: "2026-10-05", kind: "credit_note", reference: "CN-1", description: "", amountCents: 1_000 },
    { date: "2026-10-10", kind: "payment", reference: "EFT 2", description: "", amountCents: 30_000 },
    { date: "2026-10-15", kind: "reversal", reference: "EFT 2", description: "", amountCents: 30_000 },
    { date: "2026-11-02", kind: "payment", reference: "EFT 3", description: "", amountCents: 500 },
  ];
  it("opens with everything before the period and closes with opening + invoices - credits - payments", () => {
    const { lines, totals } = buildStatement(entries, "2026-10-01", "2026-10-31");
    expect(totals).toEqual({ openingCents: 6_000, invoicedCents: 20_000, creditedCents: 1_000, paidCents: 0, closingCents: 25_000 });
    expect(totals.openingCents + totals.invoicedCents - totals.creditedCents - totals.paidCents).toBe(totals.closingCents);
    expect(lines.map((l) => [l.reference, l.balanceCents])).toEqual([
      ["INV-2", 26_000],
      ["CN-1", 25_000],
      ["EFT 2", -5_000],
      ["EFT 2", 25_000],
    ]);
    // The next period opens where this one closed.
    expect(buildStatement(entries, "2026-11-01", "2026-11-30").totals).toMatchObject({
      openingCents: 25_000,
      paidCents: 500,
      closingCents: 24_500,
    });
  });
});

describe("payment inputs", () => {
  it("refuse with a sentence", () => {
    const id = "3f1b8e9c-5c3a-4f7e-9a55-2f4d1c9e8b10";
    expect(allocatePaymentSchema.safeParse({ paymentId: id, allocations: [] }).error?.issues[0]?.message).toBe(
      "Allocate to at least one invoice",
    );
    expect(
      allocatePaymentSchema.safeParse({ paymentId: id, allocations: [{ invoiceId: id, amountCents: 0 }] }).error?.issues[0]?.message,
    ).toBe("The amount for an invoice must be more than R 0.00");
    expect(statementInputSchema.safeParse({ from: "2020-01-01", to: "2026-01-01" }).error?.issues[0]?.message).toBe(
      "Choose a period of at most five years",
    );
    expect(proofUploadSchema.safeParse({ amountCents: 100.5, paidOn: "2026-01-01", reference: "x" }).error?.issues[0]?.message).toBe(
      "The amount paid is a whole number of cents",
    );
    expect(proofUploadSchema.safeParse({ amountCents: 100, paidOn: "2999-01-01", reference: "x" }).error?.issues[0]?.message).toBe(
      "Please enter a valid date paid",
    );
  });
});
