import type { CreditNoteListItem, InvoiceListItem } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter } from "@/test/router";
import { InvoiceList, InvoiceTotalsBar } from "./invoice-list";

function item(overrides: Partial<InvoiceListItem>): InvoiceListItem {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    number: "INV-2026-00001",
    kind: "attorney",
    status: "issued",
    statusLabel: "Issued",
    recipientName: "Van der Merwe Attorneys Inc.",
    attorneyId: "00000000-0000-4000-8000-0000000000a1",
    consultantId: null,
    consultantName: null,
    claimantName: "Thabo Mahlangu",
    caseReference: "CASE-2026-00012",
    issueDate: "2026-11-23",
    dueDate: "2026-12-23",
    netCents: 123457,
    vatCents: 18519,
    totalCents: 141976,
    creditedCents: 0,
    paidCents: 0,
    balanceCents: 141976,
    createdAt: "2026-11-23T08:00:00Z",
    ...overrides,
  };
}

const ITEMS = [
  item({}),
  item({
    id: "00000000-0000-4000-8000-000000000002",
    number: null,
    status: "draft",
    statusLabel: "Draft",
    issueDate: null,
    dueDate: null,
    balanceCents: 0,
    createdAt: "2026-11-22T08:00:00Z",
  }),
  item({
    id: "00000000-0000-4000-8000-000000000003",
    number: "EXP-PIL-2026-00001",
    kind: "expert",
    recipientName: "MedLegal Agency",
    attorneyId: null,
    consultantId: "00000000-0000-4000-8000-0000000000e1",
    consultantName: "Rajesh Pillay",
    status: "partially_paid",
    statusLabel: "Partially paid",
    creditedCents: 10000,
    paidCents: 50000,
    balanceCents: 81976,
  }),
];

describe("InvoiceList", () => {
  it("shows staff each invoice's recipient, expert invoices as such, amounts in rand and drafts without a number", async () => {
    renderWithRouter(<InvoiceList items={ITEMS} label="Invoices" showRecipient />);
    const rows = within(await screen.findByRole("list", { name: "Invoices" })).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByRole("link", { name: "INV-2026-00001" })).toHaveAttribute(
      "href",
      "/invoices/00000000-0000-4000-8000-000000000001",
    );
    expect(within(rows[0]!).getByText("Van der Merwe Attorneys Inc.")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Issued 23 Nov 2026 · due 23 Dec 2026")).toBeInTheDocument();
    expect(within(rows[0]!).getAllByText("R 1 419.76")).toHaveLength(2);
    expect(within(rows[1]!).getByRole("link", { name: "Draft" })).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Draft made 22 Nov 2026")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Expert invoice")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("From Rajesh Pillay")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("R 819.76")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Credited R 100.00")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Partially paid")).toBeInTheDocument();
  });

  it("leaves the recipient out of an attorney's own list", async () => {
    renderWithRouter(<InvoiceList items={[ITEMS[0]!]} label="Invoices" showRecipient={false} />);
    const row = within(await screen.findByRole("list", { name: "Invoices" })).getByRole("listitem");
    expect(within(row).queryByText("Van der Merwe Attorneys Inc.")).not.toBeInTheDocument();
    expect(within(row).queryByText(/Recipient/)).not.toBeInTheDocument();
    expect(within(row).getByText("Thabo Mahlangu")).toBeInTheDocument();
    expect(within(row).getByText("Issued")).toBeInTheDocument();
  });

  it("lists a credit note among the invoices by its issue day, as a deduction that opens the invoice it credits", async () => {
    const note: CreditNoteListItem = {
      id: "00000000-0000-4000-8000-0000000000c1",
      number: "CN-2026-00003",
      invoiceId: "00000000-0000-4000-8000-000000000001",
      invoiceNumber: "INV-2026-00001",
      kind: "attorney",
      recipientName: "Van der Merwe Attorneys Inc.",
      consultantName: null,
      claimantName: "Thabo Mahlangu",
      caseReference: "CASE-2026-00012",
      issueDate: "2026-11-22",
      reason: "Travel charged twice",
      netCents: 20000,
      vatCents: 3000,
      totalCents: 23000,
      createdAt: "2026-11-22T09:00:00Z",
    };
    renderWithRouter(<InvoiceList items={ITEMS.slice(0, 2)} creditNotes={[note]} label="Invoices" showRecipient />);
    const rows = within(await screen.findByRole("list", { name: "Invoices" })).getAllByRole("listitem");
    expect(rows).toHaveLength(3);
    // 23 Nov invoice first, then the 22 Nov credit note (made after the 22 Nov draft).
    expect(within(rows[1]!).getByRole("link", { name: "CN-2026-00003" })).toHaveAttribute(
      "href",
      "/invoices/00000000-0000-4000-8000-000000000001",
    );
    expect(within(rows[1]!).getByText("Credits INV-2026-00001")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("-R 230.00")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Credit note")).toBeInTheDocument();
  });

  it("sums invoices and credit notes in the totals bar with the ageing of what is outstanding, and says when only the newest 500 are listed", () => {
    const ageing = { current: 100000, days1to30: 41976, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 141976 };
    const nothing = {
      count: 0,
      totalCents: 0,
      creditedCents: 0,
      balanceCents: 0,
      ageing: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 0 },
    };
    const totals = {
      count: 2,
      creditNoteCount: 1,
      receivable: { count: 2, totalCents: 283952, balanceCents: 141976, creditedCents: 23000, ageing },
      payable: nothing,
    };
    const { rerender } = render(<InvoiceTotalsBar totals={totals} truncated={false} viewer="attorney" />);
    const bar = within(screen.getByRole("region", { name: "Totals" }));
    expect(bar.getByText("2 invoices, 1 credit note")).toBeInTheDocument();
    expect(bar.getByText("R 2 839.52")).toBeInTheDocument();
    expect(bar.getByText("R 230.00")).toBeInTheDocument();
    expect(bar.getAllByText("R 1 419.76")).toHaveLength(2);
    expect(bar.getByText("1-30 days")).toBeInTheDocument();
    expect(bar.getByText("R 419.76")).toBeInTheDocument();
    rerender(<InvoiceTotalsBar totals={{ ...totals, count: 612 }} truncated viewer="attorney" />);
    expect(screen.getByText(/the newest 500 shown/)).toBeInTheDocument();
  });

  it("keeps what attorneys owe apart from what the agency owes experts, each with its own ageing", () => {
    const receivable = {
      count: 3,
      totalCents: 1_495_000,
      creditedCents: 0,
      balanceCents: 1_495_000,
      ageing: { current: 1_495_000, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 1_495_000 },
    };
    const payable = {
      count: 1,
      totalCents: 54_240,
      creditedCents: 0,
      balanceCents: 54_240,
      ageing: { current: 0, days1to30: 0, days31to60: 54_240, days61to90: 0, days90plus: 0, totalCents: 54_240 },
    };
    render(<InvoiceTotalsBar totals={{ count: 4, creditNoteCount: 0, receivable, payable }} truncated={false} viewer="staff" />);
    const owedToUs = within(screen.getByRole("region", { name: "Receivables: owed to the agency by attorneys" }));
    const weOwe = within(screen.getByRole("region", { name: "Payables: owed by the agency to experts" }));
    expect(owedToUs.getAllByText("R 14 950.00").length).toBeGreaterThan(0);
    expect(owedToUs.queryByText("R 542.40")).toBeNull();
    expect(owedToUs.getByRole("heading", { name: "Ageing of the receivables" })).toBeInTheDocument();
    expect(weOwe.getAllByText("R 542.40").length).toBeGreaterThan(0);
    expect(weOwe.queryByText("R 14 950.00")).toBeNull();
    expect(weOwe.getByRole("heading", { name: "Ageing of the payables" })).toBeInTheDocument();
    // Amounts keep together: "R", thousands and cents joined by no-break spaces.
    expect(owedToUs.getAllByText("R 14 950.00")[0]!.textContent).toBe("R\u00a014\u00a0950.00");
  });
});
