import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { saToday } from "@/lib/booking-time";
import { ADMIN, ATTORNEY, renderApp } from "@/test/app";

const REPORT = {
  id: "00000000-0000-4000-8000-000000000501",
  reference: "RP-2026-0042",
  kind: "medico_legal",
  status: "awaiting",
  statusLabel: "Awaiting report",
  dueAt: "2026-12-10T08:00:00.000Z",
  overdue: false,
  patientName: "Sibusiso Khumalo",
  consultantName: "Kavitha Naidoo",
  specialization: "Neurosurgeon",
  queryId: "00000000-0000-4000-8000-000000000401",
  queryReference: "QRY-2026-0007",
  caseReference: "CS-2026-0003",
  attorneyName: "Johan van der Merwe",
  versions: 0,
  releasedAt: null,
};

const INVOICE = {
  id: "00000000-0000-4000-8000-000000000601",
  number: "INV-2026-00042",
  kind: "attorney",
  status: "issued",
  statusLabel: "Issued",
  recipientName: "Van der Merwe Attorneys Inc.",
  attorneyId: ATTORNEY.id,
  consultantId: null,
  consultantName: null,
  claimantName: "Sibusiso Khumalo",
  caseReference: "CASE-2026-00001",
  issueDate: "2026-11-23",
  dueDate: "2026-12-23",
  netCents: 123457,
  vatCents: 18519,
  totalCents: 141976,
  creditedCents: 0,
  paidCents: 0,
  balanceCents: 141976,
  createdAt: "2026-11-23T08:00:00.000Z",
};
const NO_MONEY = {
  count: 0,
  totalCents: 0,
  creditedCents: 0,
  balanceCents: 0,
  ageing: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 0 },
};
// The attorney's one open invoice: money owed to the agency, none owed by it.
const ONE_RECEIVABLE = {
  count: 1,
  creditNoteCount: 0,
  receivable: {
    count: 1,
    totalCents: 141976,
    creditedCents: 0,
    balanceCents: 141976,
    ageing: { current: 141976, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 141976 },
  },
  payable: NO_MONEY,
};

describe("route loaders", () => {
  it("hovering the Reports link fetches the list the page shows, so it opens with the report and asks nothing again", async () => {
    const { calls, router } = renderApp("/settings?tab=password", ATTORNEY, { "reports.list": [REPORT] });
    const nav = await screen.findByRole("navigation", { name: /main/i });
    const link = within(nav).getByRole("link", { name: "Reports" });
    const reportReads = () => calls.filter((c) => c.path === "reports.list");
    expect(reportReads()).toEqual([]);

    const user = userEvent.setup();
    await user.hover(link);
    // The page's own input: every status and kind, nothing searched.
    await waitFor(() => expect(reportReads()).toEqual([{ path: "reports.list", input: {} }]));

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/reports"));
    expect(await screen.findByText("RP-2026-0042")).toBeInTheDocument();
    expect(screen.queryByRole("status", { name: /loading/i })).not.toBeInTheDocument();
    expect(reportReads()).toHaveLength(1);
  });

  it("hovering Booking Management fetches its first page of bookings (a keyset list) and its filters once, and the page uses them", async () => {
    const { calls, router } = renderApp("/settings?tab=password", ADMIN, {
      "bookings.list": { items: [], nextCursor: null },
      "specializations.listActive": [],
      "consultants.list": [],
    });
    const link = within(await screen.findByRole("navigation", { name: /main/i })).getByRole("link", { name: "Booking Management" });
    const user = userEvent.setup();
    await user.hover(link);
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining([
          // From today on, every other filter empty: the list as the page first shows it (tRPC's first page has no cursor).
          { path: "bookings.list", input: { from: saToday(), limit: 25, direction: "forward" } },
          { path: "specializations.listActive", input: undefined },
          { path: "consultants.list", input: {} },
        ]),
      ),
    );

    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/admin/bookings"));
    expect(await screen.findByText("No upcoming bookings")).toBeInTheDocument();
    expect(calls.map((c) => c.path).sort()).toEqual(["bookings.list", "consultants.list", "specializations.listActive"]);
  });
  it("My Invoices: an attorney's hover fetches their invoices once, and the page shows them without recipients, drafts or staff filters", async () => {
    const { calls, router } = renderApp("/settings?tab=password", ATTORNEY, {
      "invoices.list": { items: [INVOICE], creditNotes: [], totals: ONE_RECEIVABLE, truncated: false },
    });
    const link = within(await screen.findByRole("navigation", { name: /main/i })).getByRole("link", { name: "My Invoices" });
    const user = userEvent.setup();
    await user.hover(link);
    await waitFor(() => expect(calls).toEqual([{ path: "invoices.list", input: {} }]));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/invoices"));
    expect(await screen.findByRole("heading", { name: "My Invoices" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "INV-2026-00042" })).toBeInTheDocument();
    expect(screen.queryByText("Van der Merwe Attorneys Inc.")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Recipient attorney")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Kind")).not.toBeInTheDocument();
    expect(within(screen.getByLabelText("Status")).queryByRole("option", { name: "Draft" })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "New invoice" })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it("Invoice Management: staff get every invoice with its recipient, the attorneys of the cases as a filter, and New invoice", async () => {
    const { calls, router } = renderApp("/settings?tab=password", ADMIN, {
      "invoices.list": { items: [INVOICE], creditNotes: [], totals: ONE_RECEIVABLE, truncated: false },
      "cases.list": [
        {
          id: "00000000-0000-4000-8000-000000000301",
          reference: "CASE-2026-00001",
          attorneyId: ATTORNEY.id,
          attorneyName: "Johan van der Merwe",
          firmName: "Van der Merwe Attorneys Inc.",
        },
      ],
    });
    const link = within(await screen.findByRole("navigation", { name: /main/i })).getByRole("link", { name: "Invoice Management" });
    const user = userEvent.setup();
    await user.hover(link);
    await waitFor(() =>
      expect(calls).toEqual(
        expect.arrayContaining([
          { path: "invoices.list", input: {} },
          { path: "cases.list", input: {} },
        ]),
      ),
    );
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe("/invoices"));
    expect(await screen.findByRole("heading", { name: "Invoice Management" })).toBeInTheDocument();
    expect(screen.getByText("Van der Merwe Attorneys Inc.")).toBeInTheDocument();
    expect(
      within(screen.getByLabelText("Recipient attorney")).getByRole("option", {
        name: "Johan van der Merwe (Van der Merwe Attorneys Inc.)",
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "New invoice" })).toHaveAttribute("href", "/manual-invoice");
    expect(calls.map((c) => c.path).sort()).toEqual(["cases.list", "invoices.list"]);
  });
});
