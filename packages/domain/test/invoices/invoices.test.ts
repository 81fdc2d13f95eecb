import { describe, expect, it } from "vitest";
import { canMoveInvoice, documentNumber, documentTotals, formatRand, invoiceLineInputSchema, lineAmounts, lineVat } from "../../src";

describe("VAT and totals", () => {
  it("charges 15 % per line, rounded half up to the cent", () => {
    expect(lineAmounts({ quantity: 1, unitPriceCents: 123_457 })).toEqual({ netCents: 123_457, vatCents: 18_519, totalCents: 141_976 });
    expect(formatRand(lineAmounts({ quantity: 1, unitPriceCents: 123_457 }).totalCents)).toBe("R\u00a01\u00a0419.76");
    expect(lineVat(30)).toBe(5); // 4.5 cents rounds up
    expect(lineVat(10)).toBe(2); // 1.5 cents rounds up
    expect(lineVat(3)).toBe(0); // 0.45 cents rounds down
    expect(lineVat(0)).toBe(0);
  });

  it("sums the lines' own VAT, never VAT on the sum", () => {
    // Three lines of R 0.30: VAT R 0.05 each (R 0.15), where 15 % of R 0.90 would be R 0.14.
    const totals = documentTotals([
      { quantity: 1, unitPriceCents: 30 },
      { quantity: 1, unitPriceCents: 30 },
      { quantity: 1, unitPriceCents: 30 },
    ]);
    expect(totals).toEqual({ netCents: 90, vatCents: 15, totalCents: 105 });
    expect(
      documentTotals([
        { quantity: 3, unitPriceCents: 350_000 },
        { quantity: 120, unitPriceCents: 450 },
      ]),
    ).toEqual({
      netCents: 1_104_000,
      vatCents: 165_600,
      totalCents: 1_269_600,
    });
  });

  it("charges no VAT when the agency is not registered for VAT", () => {
    expect(documentTotals([{ quantity: 2, unitPriceCents: 123_457 }], false)).toEqual({
      netCents: 246_914,
      vatCents: 0,
      totalCents: 246_914,
    });
  });

  it("refuses amounts that are not whole cents", () => {
    expect(() => lineVat(1.5)).toThrow();
    expect(() => lineVat(-1)).toThrow();
    const parsed = invoiceLineInputSchema.safeParse({ kind: "report", description: "Report", quantity: 1, unitPriceCents: 10.5 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("The unit price is a whole number of cents");
  });

  it("numbers documents per series and year with five digits", () => {
    expect(documentNumber("INV", 2026, 42)).toBe("INV-2026-00042");
    expect(documentNumber("CN", 2027, 1)).toBe("CN-2027-00001");
  });

  it("moves an invoice only forward", () => {
    expect(canMoveInvoice("draft", "issued")).toBe(true);
    expect(canMoveInvoice("issued", "overdue")).toBe(true);
    expect(canMoveInvoice("partially_paid", "credited")).toBe(true);
    expect(canMoveInvoice("paid", "draft")).toBe(false);
    expect(canMoveInvoice("draft", "paid")).toBe(false);
    expect(canMoveInvoice("credited", "issued")).toBe(false);
  });
});
