import type { InvoiceLineItem } from "@medlegal/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CreditNoteDialog } from "./credit-note-dialog";

const line = (position: number, overrides: Partial<InvoiceLineItem>): InvoiceLineItem => ({
  id: `00000000-0000-4000-8000-00000000070${position}`,
  position,
  kind: "report",
  description: "Medico-legal report",
  quantity: 1,
  unitPriceCents: 123457,
  netCents: 123457,
  vatCents: 18519,
  totalCents: 141976,
  reportId: null,
  reportReference: null,
  ...overrides,
});

const INVOICE = {
  id: "00000000-0000-4000-8000-000000000601",
  number: "INV-2026-00042",
  vatRegistered: true,
  lines: [
    line(1, {}),
    line(2, {
      kind: "travel",
      description: "Travel, km",
      quantity: 84,
      unitPriceCents: 470,
      netCents: 39480,
      vatCents: 5922,
      totalCents: 45402,
    }),
  ],
  totalCents: 187378,
  // R 454.02 credited already: R 1 419.76 left.
  creditedCents: 45402,
  paidCents: 0,
};

function renderDialog() {
  const onSubmit = vi.fn();
  render(<CreditNoteDialog invoice={INVOICE} open onClose={vi.fn()} pending={false} onSubmit={onSubmit} />);
  return onSubmit;
}

describe("CreditNoteDialog", () => {
  it("credits the whole uncredited balance with a reason, sending no lines", async () => {
    const user = userEvent.setup();
    const onSubmit = renderDialog();
    expect(screen.getByText(/Still uncredited: R 1 419.76 including VAT/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Issue credit note" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText("Give the reason for the credit note")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Report fee agreed lower" } });
    await user.click(screen.getByRole("button", { name: "Issue credit note" }));
    expect(onSubmit).toHaveBeenCalledWith({ invoiceId: INVOICE.id, reason: "Report fee agreed lower", lines: undefined });
  });

  it("credits chosen lines for amounts within each line and the uncredited balance, with VAT per line", async () => {
    const user = userEvent.setup();
    const onSubmit = renderDialog();
    fireEvent.change(screen.getByLabelText("Reason"), { target: { value: "Corrected fees" } });
    await user.click(screen.getByLabelText("Chosen lines and amounts"));
    await user.click(screen.getByRole("button", { name: "Issue credit note" }));
    expect(screen.getByText("Choose at least one line to credit")).toBeInTheDocument();

    await user.click(screen.getByRole("checkbox", { name: /Line 1: Medico-legal report/ }));
    fireEvent.change(screen.getByLabelText("Amount excl. VAT, line 1"), { target: { value: "2000" } });
    expect(await screen.findByText("Line 1: at most R 1 234.57 excluding VAT")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Amount excl. VAT, line 1"), { target: { value: "100" } });
    expect(screen.getByText(/Credit note: R 100.00 excl. VAT \+ VAT R 15.00 =/)).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: /Line 2: Travel/ }));
    // Both lines whole would be R 1 873.78, more than the R 1 419.76 left.
    fireEvent.change(screen.getByLabelText("Amount excl. VAT, line 1"), { target: { value: "1234.57" } });
    expect(await screen.findByText("The credit note's total R 1 873.78 is more than the uncredited R 1 419.76")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Issue credit note" }));
    expect(onSubmit).not.toHaveBeenCalled();

    // The whole report line and 30 cents of travel: R 1 419.76 + R 0.35 is still 35 cents too much.
    fireEvent.change(screen.getByLabelText("Amount excl. VAT, line 2"), { target: { value: "R 0.30" } });
    expect(await screen.findByText("The credit note's total R 1 420.11 is more than the uncredited R 1 419.76")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Amount excl. VAT, line 1"), { target: { value: "1 000" } });
    await user.click(screen.getByRole("button", { name: "Issue credit note" }));
    expect(onSubmit).toHaveBeenCalledWith({
      invoiceId: INVOICE.id,
      reason: "Corrected fees",
      lines: [
        { kind: "report", description: "Medico-legal report", quantity: 1, unitPriceCents: 100000 },
        { kind: "travel", description: "Travel, km", quantity: 1, unitPriceCents: 30 },
      ],
    });
  });
});
