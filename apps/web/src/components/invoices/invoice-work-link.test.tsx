import type { InvoiceDetail, InvoiceList } from "@medlegal/domain";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithRouter, routed as withRouter } from "@/test/router";
import { renderWithTrpc } from "@/test/trpc";
import { ExpertInvoiceGenerator } from "./expert-invoice-generator";
import { AttendedToInvoice, ReportInvoiceLink } from "./invoice-work-link";

const NOTHING = {
  count: 0,
  totalCents: 0,
  creditedCents: 0,
  balanceCents: 0,
  ageing: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 0 },
};
const DRAFT: InvoiceDetail = {
  id: "00000000-0000-4000-8000-000000000009",
  number: null,
  kind: "expert",
  status: "draft",
  statusLabel: "Draft",
  recipientName: "MedLegal Agency (Pty) Ltd",
  attorneyId: null,
  consultantId: "00000000-0000-4000-8000-0000000000c1",
  consultantName: "Thandiwe Mokoena",
  claimantName: null,
  caseReference: null,
  issueDate: null,
  dueDate: null,
  netCents: 54_240,
  vatCents: 0,
  totalCents: 54_240,
  creditedCents: 0,
  paidCents: 0,
  balanceCents: 0,
  createdAt: "2026-11-27T08:00:00Z",
  series: "EXP:c1",
  caseId: null,
  queryId: null,
  bookingId: null,
  reportId: null,
  claimNumber: null,
  attorneyReference: null,
  vatRegistered: false,
  supplier: {
    name: "Thandiwe Mokoena",
    firmName: null,
    address: "12 Jan Smuts Avenue",
    vatNumber: "",
    email: "consultant@medlegal.example",
  },
  recipient: {
    name: "MedLegal Agency (Pty) Ltd",
    firmName: null,
    address: "3 Oxford Road",
    vatNumber: "4123456789",
    email: "accounts@medlegal.example",
  },
  lines: [
    {
      id: "l1",
      position: 0,
      kind: "travel",
      description: "Travel to Polokwane (km)",
      quantity: 120,
      unitPriceCents: 452,
      netCents: 54_240,
      vatCents: 0,
      totalCents: 54_240,
      reportId: null,
      reportReference: null,
    },
  ],
  creditNotes: [],
  pdfFileId: null,
  pdfSha256: null,
  issuedAt: null,
  can: { edit: false, issue: true, discard: true, credit: false, emailAgain: false },
  issueBlocker: null,
};

describe("links to the expert invoice generator", () => {
  it("offers My Bookings' attended assessments to be invoiced", async () => {
    renderWithRouter(<AttendedToInvoice attended={3} />);
    expect(await screen.findByText("3 assessments attended in the last six months.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Invoice your work to the agency" })).toHaveAttribute("href", "/expert-invoice-generator");
  });

  it("offers an approved report to its expert, and to nobody else", async () => {
    const { unmount } = renderWithRouter(<ReportInvoiceLink role="consultant" status="approved" />);
    expect(await screen.findByRole("link", { name: "Invoice this report to the agency" })).toHaveAttribute(
      "href",
      "/expert-invoice-generator",
    );
    unmount();
    renderWithRouter(
      <>
        <ReportInvoiceLink role="consultant" status="in_review" />
        <ReportInvoiceLink role="attorney" status="released" />
        <p>page</p>
      </>,
    );
    await screen.findByText("page");
    expect(screen.queryByRole("link")).toBeNull();
  });

  it("shows the expert's unsent draft again when the page is opened anew", async () => {
    const list: InvoiceList = {
      items: [DRAFT],
      creditNotes: [],
      totals: { count: 1, creditNoteCount: 0, receivable: NOTHING, payable: NOTHING },
      truncated: false,
    };
    renderWithTrpc(withRouter(<ExpertInvoiceGenerator staff={false} />), {
      "invoices.listUnbilled": () => [],
      "invoices.list": () => list,
      "invoices.get": () => DRAFT,
    });
    expect(await screen.findByText("Draft invoice to MedLegal Agency (Pty) Ltd")).toBeInTheDocument();
    const lines = within(await screen.findByRole("table", { name: "Lines of the draft" }));
    expect(lines.getByText(/Travel to Polokwane/)).toBeInTheDocument();
    expect(screen.getByText(/not sent yet: it stays here until it is issued or discarded/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Issue invoice" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Back to unbilled work" })).toBeInTheDocument();
  });
});
