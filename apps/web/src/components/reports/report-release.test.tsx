import type { ReportDetail, ReportInvoice } from "@medlegal/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "@/test/router";
import { reportDetail } from "@/test/fixtures";
import { renderWithTrpc } from "@/test/trpc";
import { ReleaseActions, ReportInvoiceCard } from "./report-release";

const INVOICE: ReportInvoice = {
  id: "00000000-0000-4000-8000-000000000007",
  number: "INV-2026-00007",
  status: "issued",
  statusLabel: "Issued",
  totalCents: 115_000,
  balanceCents: 115_000,
  dueDate: "2026-12-28",
};

function report(overrides: Partial<ReportDetail>): ReportDetail {
  return reportDetail(overrides);
}

describe("the report's invoice and release", () => {
  it("tells the attorney the invoice is being prepared while staff still hold a draft", async () => {
    renderWithRouter(<ReportInvoiceCard r={report({})} role="attorney" />);
    expect(await screen.findByText("Invoice being prepared")).toBeTruthy();
    expect(screen.queryByText(/Awaiting payment of/)).toBeNull();
  });

  it("names the invoice and the amount due to the attorney, with how to pay", async () => {
    renderWithRouter(<ReportInvoiceCard r={report({ invoice: INVOICE })} role="attorney" />);
    expect(await screen.findByText(/^Awaiting payment of INV-2026-00007 R\s1\s150\.00$/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "INV-2026-00007" }).getAttribute("href")).toBe(`/invoices/${INVOICE.id}`);
    expect(screen.getByText("Amount due")).toBeTruthy();
    expect(screen.getByText(/make an EFT with INV-2026-00007 as the reference/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Payments" }).getAttribute("href")).toBe("/payments");
  });

  it("shows staff the invoice's status and balance, and what the release waits for", async () => {
    renderWithRouter(
      <ReportInvoiceCard
        r={report({ invoice: { ...INVOICE, status: "partially_paid", statusLabel: "Partially paid", balanceCents: 15_000 } })}
        role="employee"
      />,
    );
    expect(await screen.findByText("Partially paid")).toBeTruthy();
    expect(screen.getByText("Balance")).toBeTruthy();
    expect(screen.getByText(/^R\s150\.00$/)).toBeTruthy();
    expect(
      screen.getByText(
        "Release waits for payment in full of INV-2026-00007; only an administrator can release it before payment, with a reason.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/Not invoiced yet/)).toBeNull();
  });

  it("names what allows the release on its button and asks before releasing", async () => {
    const onDone = vi.fn();
    const view = renderWithTrpc(
      <ReleaseActions
        r={report({
          invoice: { ...INVOICE, status: "paid", statusLabel: "Paid", balanceCents: 0 },
          releaseBasis: "paid",
          can: { ...report({}).can, release: true },
        })}
        onDone={onDone}
      />,
      {
        "reports.release": () => report({ status: "released", statusLabel: "Released", releasedAt: "2026-11-28T10:00:00.000Z" }),
      },
    );
    await userEvent.click(screen.getByRole("button", { name: "Release to attorney (paid in full)" }));
    expect(view.sent("reports.release")).toEqual([]);
    expect(await screen.findByRole("alertdialog", { name: "Release RPT-2026-00017 to the attorney?" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Release" }));
    await waitFor(() => expect(view.sent("reports.release")).toEqual([{ id: "00000000-0000-4000-8000-000000000017" }]));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it("offers an employee no release of an unpaid report, and an administrator only the override", () => {
    renderWithTrpc(<ReleaseActions r={report({ can: { ...report({}).can, overrideRelease: true } })} onDone={() => undefined} />);
    expect(screen.queryByRole("button", { name: /^Release to attorney/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Release before payment" })).toBeTruthy();
  });
});
