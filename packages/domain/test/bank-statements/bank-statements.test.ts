import { describe, expect, it } from "vitest";
import type { OpenInvoiceForMatching } from "../../src/bank-statements/bank-statements";
import {
  invoiceNumbersIn,
  matchStatementLine,
  parseStatementAmount,
  parseStatementDate,
  statementLineKey,
} from "../../src/bank-statements/bank-statements";

describe("statement dates", () => {
  it("reads each bank's way of writing a date, and refuses a day that does not exist", () => {
    expect(parseStatementDate("28 Nov 2026", "d mmm yyyy")).toBe("2026-11-28");
    expect(parseStatementDate("2026/11/28", "yyyy/mm/dd")).toBe("2026-11-28");
    expect(parseStatementDate("28-Nov-26", "dd-mmm-yy")).toBe("2026-11-28");
    expect(parseStatementDate("28/11/2026", "dd/mm/yyyy")).toBe("2026-11-28");
    expect(parseStatementDate("20261128", "yyyymmdd")).toBe("2026-11-28");
    expect(parseStatementDate("31 Feb 2026", "d mmm yyyy")).toBeNull();
    expect(parseStatementDate("2026/11/28", "d mmm yyyy")).toBeNull();
    expect(parseStatementDate("28 Nox 2026", "d mmm yyyy")).toBeNull();
  });
});

describe("statement amounts", () => {
  it("reads money as banks print it, in cents", () => {
    expect(parseStatementAmount("1 150.00")).toBe(115_000);
    expect(parseStatementAmount("1,150.00")).toBe(115_000);
    expect(parseStatementAmount("R1150")).toBe(115_000);
    expect(parseStatementAmount("1150,00")).toBe(115_000);
    expect(parseStatementAmount("1.150,00")).toBe(115_000);
    expect(parseStatementAmount("-95.00")).toBe(-9_500);
    expect(parseStatementAmount("95.00 Dr")).toBe(-9_500);
    expect(parseStatementAmount("95.00 Cr")).toBe(9_500);
    expect(parseStatementAmount("(95.00)")).toBe(-9_500);
    expect(parseStatementAmount("one thousand")).toBeNull();
    expect(parseStatementAmount("")).toBeNull();
  });
});

describe("matching a credit line", () => {
  const open: OpenInvoiceForMatching[] = [
    {
      id: "a",
      number: "INV-2026-00012",
      attorneyId: "vdm",
      firmName: "Van der Merwe Attorneys Inc.",
      references: ["VDM/RAF/0042"],
      balanceCents: 115_000,
    },
    {
      id: "b",
      number: "INV-2026-00013",
      attorneyId: "vdm",
      firmName: "Van der Merwe Attorneys Inc.",
      references: [],
      balanceCents: 57_500,
    },
    {
      id: "c",
      number: "INV-2026-00014",
      attorneyId: "dube",
      firmName: "Dube Attorneys Inc.",
      references: ["DUBE-77"],
      balanceCents: 230_000,
    },
  ];

  it("finds invoice numbers written with dashes, without, and with spaces", () => {
    expect(invoiceNumbersIn("VDM TRUST INV-2026-00012")).toEqual(["INV-2026-00012"]);
    expect(invoiceNumbersIn("inv202600012 and INV 2026 00013")).toEqual(["INV-2026-00012", "INV-2026-00013"]);
    expect(invoiceNumbersIn("INVOICE 2026")).toEqual([]);
  });

  it("proposes exact matches, flags partial ones and leaves the rest unmatched", () => {
    const line = (amountCents: number, description: string) => matchStatementLine({ amountCents, description, reference: "" }, open);
    expect(line(115_000, "INV-2026-00012")).toMatchObject({
      kind: "exact",
      attorneyId: "vdm",
      allocations: [{ invoiceId: "a", amountCents: 115_000 }],
    });
    expect(line(172_500, "INV2026 00012 INV 2026 00013")).toMatchObject({
      kind: "exact",
      allocations: [{ invoiceId: "a" }, { invoiceId: "b" }],
    });
    expect(line(115_000, "Our ref vdm raf 0042")).toMatchObject({ kind: "exact", allocations: [{ invoiceId: "a" }] });
    expect(line(100_000, "INV-2026-00012")).toMatchObject({ kind: "partial", allocations: [{ invoiceId: "a", amountCents: 100_000 }] });
    expect(line(200_000, "INV-2026-00012")).toMatchObject({ kind: "partial", allocations: [{ invoiceId: "a", amountCents: 115_000 }] });
    expect(line(345_000, "INV-2026-00012 INV-2026-00014").kind).toBe("partial");
    expect(line(1_000, "CASH DEPOSIT")).toMatchObject({ kind: "none", allocations: [] });
  });

  it("proposes the firm's one open invoice of exactly the amount, by the distinctive part of its name or its initials", () => {
    const line = (amountCents: number, description: string, invoices = open) =>
      matchStatementLine({ amountCents, description, reference: "" }, invoices);
    expect(line(230_000, "DUBE ATTORNEYS TRUST ACC")).toMatchObject({
      kind: "exact",
      attorneyId: "dube",
      allocations: [{ invoiceId: "c", amountCents: 230_000 }],
    });
    expect(line(57_500, "VDM TRUST")).toMatchObject({ kind: "exact", attorneyId: "vdm", allocations: [{ invoiceId: "b" }] });
    expect(line(57_500, "VAN DER MERWE")).toMatchObject({ kind: "exact", allocations: [{ invoiceId: "b" }] });
    // The firm's invoices together, or several of the same amount: proposed, flagged.
    expect(line(172_500, "VDM TRUST")).toMatchObject({ kind: "partial", allocations: [{ invoiceId: "a" }, { invoiceId: "b" }] });
    const twice = [
      ...open,
      {
        id: "d",
        number: "INV-2026-00015",
        attorneyId: "vdm",
        firmName: "Van der Merwe Attorneys Inc.",
        references: [],
        balanceCents: 57_500,
      },
    ];
    expect(line(57_500, "VDM TRUST", twice)).toMatchObject({ kind: "partial", allocations: [{ invoiceId: "b" }] });
    // "INC" or "ATTORNEYS" alone name no firm; an amount no invoice has is no match.
    expect(line(230_000, "ATTORNEYS INC").kind).toBe("none");
    expect(line(99_900, "DUBE ATTORNEYS").kind).toBe("none");
  });

  it("matches a line to a proof of payment the attorney uploaded, by its reference or the firm within a week", () => {
    const proof = {
      id: "p1",
      attorneyId: "vdm",
      firmName: "Van der Merwe Attorneys Inc.",
      amountCents: 172_500,
      paidOn: "2026-11-25",
      reference: "VDMPAY 991",
      invoiceIds: ["a", "b"],
    };
    const line = (description: string, postedOn = "2026-11-26", amountCents = 172_500) =>
      matchStatementLine({ amountCents, description, reference: "", postedOn }, open, [proof]);
    expect(line("IB PAYMENT VDMPAY991")).toMatchObject({
      kind: "exact",
      attorneyId: "vdm",
      proofId: "p1",
      allocations: [
        { invoiceId: "a", amountCents: 115_000 },
        { invoiceId: "b", amountCents: 57_500 },
      ],
    });
    expect(line("VAN DER MERWE TRUST")).toMatchObject({ kind: "exact", proofId: "p1" });
    expect(line("VAN DER MERWE TRUST", "2026-12-10").proofId).toBeNull();
    expect(line("IB PAYMENT VDMPAY991", "2026-11-26", 100_000).proofId).toBeNull();
  });

  it("keys a line by its date, amount, reference and balance, or its FITID", () => {
    const base = {
      postedOn: "2026-11-28",
      amountCents: 115_000,
      description: "VDM TRUST",
      reference: "INV-2026-00012",
      balanceCents: 10_000,
      fitId: null,
    };
    expect(statementLineKey("fnb", base)).toBe(statementLineKey("fnb", { ...base, description: "other words" }));
    expect(statementLineKey("fnb", base)).not.toBe(statementLineKey("fnb", { ...base, balanceCents: 20_000 }));
    expect(statementLineKey("ofx", { ...base, fitId: "123" }, "acc")).toBe("ofx:acc:123");
  });
});
