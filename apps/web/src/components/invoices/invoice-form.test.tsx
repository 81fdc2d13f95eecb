import type { CaseItem } from "@medlegal/domain";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { InvoiceForm } from "./invoice-form";

const ATTORNEY = "00000000-0000-4000-8000-0000000000a1";
const OTHER_ATTORNEY = "00000000-0000-4000-8000-0000000000a2";
const CASE = "00000000-0000-4000-8000-0000000000c1";

function caseItem(overrides: Partial<CaseItem>): CaseItem {
  return {
    id: CASE,
    reference: "CASE-2026-00001",
    attorneyId: ATTORNEY,
    attorneyName: "Johan van der Merwe",
    firmName: "Van der Merwe Attorneys Inc.",
    patientId: "00000000-0000-4000-8000-0000000000p1",
    patientName: "Thabo Mahlangu",
    claimType: "raf",
    incidentDate: "2025-03-01",
    rafClaimNumber: "RAF/2026/1",
    courtCaseNumber: null,
    attorneyReference: null,
    status: "open",
    notes: null,
    queriesCount: 1,
    createdAt: "2026-11-01T10:00:00Z",
    ...overrides,
  } as CaseItem;
}

const CASES = [
  caseItem({}),
  caseItem({
    id: "00000000-0000-4000-8000-0000000000c2",
    reference: "CASE-2026-00002",
    attorneyId: OTHER_ATTORNEY,
    attorneyName: "Lerato Mokoena",
    firmName: null,
    patientName: "Anna Botha",
  }),
];

function renderForm(props: Partial<React.ComponentProps<typeof InvoiceForm>> = {}) {
  const onSaveDraft = vi.fn();
  const onIssue = vi.fn();
  render(<InvoiceForm cases={CASES} vatRegistered pending={false} onSaveDraft={onSaveDraft} onIssue={onIssue} {...props} />);
  return { onSaveDraft, onIssue };
}

const totals = () => within(screen.getByLabelText("Invoice totals"));
const fillLine = (
  n: number,
  { kind, description, quantity, price }: { kind?: string; description?: string; quantity?: string; price?: string },
) => {
  if (kind) fireEvent.change(screen.getByLabelText(`Kind, line ${n}`), { target: { value: kind } });
  if (description !== undefined) fireEvent.change(screen.getByLabelText(`Description, line ${n}`), { target: { value: description } });
  if (quantity !== undefined) fireEvent.change(screen.getByLabelText(`Quantity, line ${n}`), { target: { value: quantity } });
  if (price !== undefined) fireEvent.change(screen.getByLabelText(`Unit price, line ${n}`), { target: { value: price } });
};

describe("InvoiceForm", () => {
  it("works out each line's VAT (15 %, rounded half up) and the totals as the lines' sums while typing", async () => {
    const user = userEvent.setup();
    renderForm();
    fillLine(1, { kind: "report", description: "Medico-legal report", price: "1234.57" });
    expect(screen.getByLabelText("Amounts of line 1")).toHaveTextContent("R 1 234.57 + VAT R 185.19R 1 419.76");
    await user.click(screen.getByRole("button", { name: "Add line" }));
    fillLine(2, { kind: "other", description: "Copies", price: "0.30" });
    expect(screen.getByLabelText("Amounts of line 2")).toHaveTextContent("R 0.30 + VAT R 0.05R 0.35");
    expect(totals().getByText("R 1 234.87")).toBeInTheDocument();
    expect(totals().getByText("R 185.24")).toBeInTheDocument();
    expect(totals().getByText("R 1 420.11")).toBeInTheDocument();
    // A quantity multiplies the line before its VAT is rounded.
    fillLine(2, { quantity: "3" });
    expect(screen.getByLabelText("Amounts of line 2")).toHaveTextContent("R 0.90 + VAT R 0.14R 1.04");
    expect(totals().getByText("R 1 420.80")).toBeInTheDocument();
  });

  it("leaves VAT out when the agency charges none", () => {
    renderForm({ vatRegistered: false });
    fillLine(1, { kind: "report", description: "Report", price: "1 000" });
    expect(screen.getByLabelText("Amounts of line 1")).toHaveTextContent("R 1 000.00R 1 000.00");
    expect(totals().queryByText("VAT at 15 %")).not.toBeInTheDocument();
    expect(totals().getByText("Total")).toBeInTheDocument();
  });

  it("fills in the case's own file reference when a case is chosen, and keeps one already typed", () => {
    renderForm({ cases: [caseItem({ attorneyReference: "VDM/RAF/0412" })] });
    fireEvent.change(screen.getByLabelText("Attorney"), { target: { value: ATTORNEY } });
    fireEvent.change(screen.getByLabelText("Case"), { target: { value: CASE } });
    expect(screen.getByLabelText("Attorney's file reference")).toHaveValue("VDM/RAF/0412");
    fireEvent.change(screen.getByLabelText("Case"), { target: { value: "" } });
    fireEvent.change(screen.getByLabelText("Attorney's file reference"), { target: { value: "VDM/OWN/1" } });
    fireEvent.change(screen.getByLabelText("Case"), { target: { value: CASE } });
    expect(screen.getByLabelText("Attorney's file reference")).toHaveValue("VDM/OWN/1");
  });

  it("offers only the chosen attorney's cases and sends the draft in cents", async () => {
    const user = userEvent.setup();
    const { onSaveDraft, onIssue } = renderForm();
    expect(screen.getByLabelText("Case")).toBeDisabled();
    fireEvent.change(screen.getByLabelText("Attorney"), { target: { value: ATTORNEY } });
    const caseOptions = within(screen.getByLabelText("Case"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(caseOptions).toEqual(["No case", "CASE-2026-00001 · Thabo Mahlangu · RAF/2026/1"]);
    fireEvent.change(screen.getByLabelText("Case"), { target: { value: CASE } });
    fireEvent.change(screen.getByLabelText("Attorney's file reference"), { target: { value: "VDM/114" } });
    fillLine(1, { kind: "travel", description: "Travel, km", quantity: "84", price: "R 4,70" });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(onSaveDraft).toHaveBeenCalledWith({
      attorneyId: ATTORNEY,
      caseId: CASE,
      attorneyReference: "VDM/114",
      lines: [{ kind: "travel", description: "Travel, km", quantity: 84, unitPriceCents: 470, reportId: null }],
    });
    expect(onIssue).not.toHaveBeenCalled();
    // Another attorney: the case of the first is no longer chosen.
    fireEvent.change(screen.getByLabelText("Attorney"), { target: { value: OTHER_ATTORNEY } });
    expect(screen.getByLabelText("Case")).toHaveValue("");
  });

  it("lets a line name the report it bills, one of the chosen case's, and forgets it when the case changes", async () => {
    const user = userEvent.setup();
    const onCaseChange = vi.fn();
    const REPORT = "00000000-0000-4000-8000-0000000000e1";
    const reports = [
      {
        id: REPORT,
        reference: "RPT-2026-00017",
        kind: "medico_legal" as const,
        status: "approved" as const,
        statusLabel: "Approved",
        consultantName: "Dr Thandi Nkosi",
      },
      {
        id: "00000000-0000-4000-8000-0000000000e2",
        reference: "RPT-2026-00018",
        kind: "medico_legal" as const,
        status: "withdrawn" as const,
        statusLabel: "Withdrawn",
        consultantName: "Dr Thandi Nkosi",
      },
    ];
    const { onSaveDraft } = renderForm({ reports, onCaseChange });
    fireEvent.change(screen.getByLabelText("Attorney"), { target: { value: ATTORNEY } });
    // No case, no report to name.
    expect(screen.queryByLabelText("Report billed, line 1")).toBeNull();
    fireEvent.change(screen.getByLabelText("Case"), { target: { value: CASE } });
    expect(onCaseChange).toHaveBeenLastCalledWith(CASE);
    const options = within(screen.getByLabelText("Report billed, line 1"))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toEqual(["No report", "RPT-2026-00017 · Medico-legal report · Dr Thandi Nkosi · Approved"]);
    fireEvent.change(screen.getByLabelText("Report billed, line 1"), { target: { value: REPORT } });
    fillLine(1, { kind: "report", description: "Medico-legal report: RPT-2026-00017", price: "1000" });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(onSaveDraft).toHaveBeenLastCalledWith(expect.objectContaining({ lines: [expect.objectContaining({ reportId: REPORT })] }));
    fireEvent.change(screen.getByLabelText("Case"), { target: { value: "" } });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(onSaveDraft).toHaveBeenLastCalledWith(
      expect.objectContaining({ caseId: null, lines: [expect.objectContaining({ reportId: null })] }),
    );
  });

  it("refuses a missing attorney, an empty description and a price that is not rand, naming the line, and sends nothing", async () => {
    const user = userEvent.setup();
    const { onSaveDraft, onIssue } = renderForm();
    await user.click(screen.getByRole("button", { name: "Issue invoice" }));
    expect(onIssue).not.toHaveBeenCalled();
    expect(screen.getByText("Choose the attorney to invoice")).toBeInTheDocument();
    expect(screen.getByText(/^Line 1: /)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText("Attorney"), { target: { value: ATTORNEY } });
    fillLine(1, { kind: "report", description: "Report", price: "1234.57" });
    await user.click(screen.getByRole("button", { name: "Add line" }));
    fillLine(2, { kind: "report", description: "  ", price: "100" });
    expect(await screen.findByText("Line 2: Describe the service")).toBeInTheDocument();
    // Only the control at fault is marked (and focused first after a refused submit).
    expect(screen.getByLabelText("Description, line 2")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Unit price, line 2")).not.toHaveAttribute("aria-invalid");
    fillLine(2, { description: "Addendum", price: "one hundred" });
    expect(await screen.findByText("Line 2: Type the unit price in rand, e.g. 1 234.57")).toBeInTheDocument();
    expect(screen.getByLabelText("Unit price, line 2")).toHaveAttribute("aria-invalid", "true");
    // The unreadable line is not counted in the totals.
    expect(totals().getByText("R 1 419.76")).toBeInTheDocument();
    expect(screen.getByText("One line is not complete and not counted yet.")).toBeInTheDocument();
    fillLine(2, { quantity: "0", price: "100" });
    expect(await screen.findByText("Line 2: The quantity is at least 1")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(onSaveDraft).not.toHaveBeenCalled();

    fillLine(2, { quantity: "1" });
    await user.click(screen.getByRole("button", { name: "Issue invoice" }));
    expect(onIssue).toHaveBeenCalledTimes(1);
    expect(onIssue.mock.calls[0]![0].lines).toHaveLength(2);
  });

  it("refuses a line over R 10 000 000", async () => {
    const user = userEvent.setup();
    const { onSaveDraft } = renderForm();
    fireEvent.change(screen.getByLabelText("Attorney"), { target: { value: ATTORNEY } });
    fillLine(1, { kind: "report", description: "Report", quantity: "2", price: "6 000 000" });
    await user.click(screen.getByRole("button", { name: "Save draft" }));
    expect(onSaveDraft).not.toHaveBeenCalled();
    expect(screen.getByText("Line 1: A line can be at most R 10 000 000.00")).toBeInTheDocument();
  });
});
