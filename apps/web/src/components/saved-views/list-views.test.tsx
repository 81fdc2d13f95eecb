import type { SavedView } from "@medlegal/domain";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ADMIN, ATTORNEY, renderApp } from "@/test/app";
import { bookingFiltersOf, bookingManagementSearchOf } from "@/components/bookings/booking-management-search";
import { caseFiltersOf, casesSearchOf } from "@/components/cases/case-list-search";
import { invoiceFiltersOf, invoicesSearchOf } from "@/components/invoices/invoice-list-search";
import { reportFiltersOf, reportsSearchOf } from "@/components/reports/report-list-search";
import { savedViewLink } from "./saved-view-links";

/*
 * Issue 30: the case, booking, report and invoice lists keep their filters in the URL, so a saved
 * view opens the list as it was saved, back/forward moves between filters, and "Save view" keeps
 * exactly the list's input.
 */

const SPECIALIZATION = "00000000-0000-4000-8000-000000000701";
const EXPERT = "00000000-0000-4000-8000-000000000702";
const NO_MONEY = {
  count: 0,
  totalCents: 0,
  creditedCents: 0,
  balanceCents: 0,
  ageing: { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0, totalCents: 0 },
};
const NO_INVOICES = {
  items: [],
  creditNotes: [],
  totals: { count: 0, creditNoteCount: 0, receivable: NO_MONEY, payable: NO_MONEY },
  truncated: false,
};

function created(input: unknown): SavedView {
  const { list, name, filters } = input as Pick<SavedView, "list" | "name" | "filters">;
  return {
    id: "00000000-0000-4000-8000-000000000901",
    list,
    name,
    filters,
    shared: false,
    mine: true,
    ownerName: "Thandi Mokoena",
    count: 0,
  };
}

/** Opens "Save view", names it and saves: what the page sends is in `calls`. */
async function saveView(name: string) {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Save view" }));
  const dialog = await screen.findByRole("dialog", { name: "Save this view" });
  await user.type(within(dialog).getByLabelText(/Name/), name);
  await user.click(within(dialog).getByRole("button", { name: "Save view" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Save this view" })).not.toBeInTheDocument());
}

const inputs = (calls: { path: string; input: unknown }[], path: string) => calls.filter((c) => c.path === path).map((c) => c.input);

describe("a saved view's filters and the list's URL", () => {
  it("turn into each other unchanged for every list", () => {
    const today = "2026-11-29";
    expect(casesSearchOf(caseFiltersOf({ q: "RAF-77" }))).toEqual({ q: "RAF-77" });
    const bookings = {
      q: "Khumalo",
      status: "confirmed",
      specialization: SPECIALIZATION,
      expert: EXPERT,
      venue: "Sandton",
      from: "2026-12-01",
      to: "2026-12-31",
    } as const;
    expect(bookingManagementSearchOf(bookingFiltersOf(bookings, today))).toEqual(bookings);
    // No From in the URL is "from today"; a view without a From day opens with "any".
    expect(bookingFiltersOf({}, today)).toEqual(expect.objectContaining({ from: today }));
    expect(bookingManagementSearchOf(bookingFiltersOf({ from: "any" }, today))).toEqual({ from: "any" });
    // The sort goes with the view and comes back into the URL (issue 37); soonest first is the default, left out.
    expect(bookingFiltersOf({ sort: "latest" }, today)).toEqual(expect.objectContaining({ sort: "latest" }));
    expect(bookingManagementSearchOf({ sort: "reference" })).toEqual({ from: "any", sort: "reference" });
    expect(bookingManagementSearchOf({ sort: "soonest" })).toEqual({ from: "any" });
    const reports = { tab: "all", q: "Naidoo", status: "in_review", kind: "raf4", overdue: true } as const;
    expect(reportsSearchOf(reportFiltersOf(reports), "employee")).toEqual(reports);
    expect(reportsSearchOf(reportFiltersOf(reports), "attorney")).toEqual({ ...reports, tab: undefined });
    expect(reportsSearchOf({ queue: true }, "employee")).toEqual({});
    const invoices = {
      q: "INV-2026",
      status: "draft",
      kind: "expert",
      attorney: ATTORNEY.id,
      from: "2026-01-01",
      to: "2026-11-30",
    } as const;
    expect(invoicesSearchOf(invoiceFiltersOf(invoices, "administrator"))).toEqual(invoices);
    // Drafts, kinds and recipients are staff's filters: an attorney's link naming them lists without them.
    expect(invoiceFiltersOf(invoices, "attorney")).toEqual({ search: "INV-2026", from: "2026-01-01", to: "2026-11-30" });
    expect(savedViewLink({ list: "invoices", filters: invoiceFiltersOf(invoices, "administrator") }, "administrator")).toEqual({
      to: "/invoices",
      search: invoices,
    });
    expect(savedViewLink({ list: "bookings", filters: { status: "requested" } }, "employee")).toEqual({
      to: "/admin/bookings",
      search: { status: "requested", from: "any" },
    });
  });
});

describe("Invoice Management", () => {
  it("opens with the URL's filters, moves a chosen filter into the URL (back undoes it), and saves the filters shown", async () => {
    const { calls, router } = renderApp("/invoices?status=issued&q=Khumalo", ADMIN, {
      "invoices.list": NO_INVOICES,
      "cases.list": [],
      "savedViews.create": created,
    });
    await screen.findByRole("heading", { name: "Invoice Management" });
    expect(screen.getByLabelText("Status")).toHaveValue("issued");
    expect(screen.getByLabelText("Search")).toHaveValue("Khumalo");
    await waitFor(() => expect(inputs(calls, "invoices.list")).toEqual([{ status: "issued", search: "Khumalo" }]));

    await userEvent.selectOptions(screen.getByLabelText("Kind"), "credit_note");
    await waitFor(() => expect(router.state.location.search).toEqual({ status: "issued", q: "Khumalo", kind: "credit_note" }));
    await waitFor(() =>
      expect(inputs(calls, "invoices.list")).toContainEqual({ status: "issued", kind: "credit_note", search: "Khumalo" }),
    );
    router.history.back();
    await waitFor(() => expect(screen.getByLabelText("Kind")).toHaveValue(""));
    expect(router.state.location.search).toEqual({ status: "issued", q: "Khumalo" });

    await saveView("Issued to Khumalo");
    expect(inputs(calls, "savedViews.create")).toEqual([
      { list: "invoices", name: "Issued to Khumalo", shared: false, filters: { status: "issued", search: "Khumalo" } },
    ]);
  });
});

describe("Reports", () => {
  it("staff open All reports with the URL's filters, the tabs follow back and forward, and Save view keeps the filters", async () => {
    const { calls, router } = renderApp("/reports?tab=all&status=in_review&overdue=true", ADMIN, {
      "reports.list": [],
      "savedViews.create": created,
    });
    await waitFor(() => expect(screen.getByRole("tab", { name: "All reports" })).toHaveAttribute("aria-selected", "true"));
    expect(screen.getByLabelText("Status")).toHaveValue("in_review");
    expect(screen.getByRole("checkbox", { name: "Overdue only" })).toBeChecked();
    await waitFor(() => expect(inputs(calls, "reports.list")).toEqual([{ status: "in_review", overdue: true }]));

    await userEvent.selectOptions(screen.getByLabelText("Kind"), "raf4");
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: "all", status: "in_review", overdue: true, kind: "raf4" }));
    await saveView("Overdue RAF 4 in review");
    expect(inputs(calls, "savedViews.create")).toEqual([
      { list: "reports", name: "Overdue RAF 4 in review", shared: false, filters: { status: "in_review", kind: "raf4", overdue: true } },
    ]);

    await userEvent.click(screen.getByRole("tab", { name: "Review queue" }));
    await waitFor(() => expect(router.state.location.search).toEqual({ status: "in_review", overdue: true, kind: "raf4" }));
    router.history.back();
    await waitFor(() => expect(screen.getByRole("tab", { name: "All reports" })).toHaveAttribute("aria-selected", "true"));
    expect(screen.getByLabelText("Kind")).toHaveValue("raf4");
  });
});

describe("Cases", () => {
  it("the search box writes to the URL once typing pauses, follows the URL back, and Save view keeps the search", async () => {
    const { calls, router } = renderApp("/cases?q=RAF-77", ATTORNEY, {
      "cases.list": [],
      "patients.list": [],
      "savedViews.create": created,
    });
    await screen.findByRole("heading", { name: "My Cases" });
    expect(screen.getByLabelText("Search")).toHaveValue("RAF-77");
    await waitFor(() => expect(inputs(calls, "cases.list")).toEqual([{ search: "RAF-77" }]));

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText("Search"));
    await user.type(screen.getByLabelText("Search"), "Khumalo");
    await waitFor(() => expect(router.state.location.search).toEqual({ q: "Khumalo" }));
    await waitFor(() => expect(inputs(calls, "cases.list")).toContainEqual({ search: "Khumalo" }));

    await saveView("Khumalo matters");
    expect(inputs(calls, "savedViews.create")).toEqual([
      { list: "cases", name: "Khumalo matters", shared: false, filters: { search: "Khumalo" } },
    ]);
    router.history.back();
    await waitFor(() => expect(screen.getByLabelText("Search")).toHaveValue("RAF-77"));
  });
});

describe("Booking Management", () => {
  it("opens with the URL's filters (no From day: every date), moves the expert filters into the URL, and Save view keeps them", async () => {
    const { calls, router } = renderApp(`/admin/bookings?status=confirmed&from=any&specialization=${SPECIALIZATION}`, ADMIN, {
      "bookings.list": { items: [], nextCursor: null },
      "specializations.listActive": [{ id: SPECIALIZATION, name: "Neurosurgeon" }],
      "consultants.list": [{ id: EXPERT, name: "Kavitha Naidoo" }],
      "savedViews.create": created,
    });
    await screen.findByRole("heading", { name: "Booking Management" });
    expect(screen.getByLabelText("Status")).toHaveValue("confirmed");
    expect(screen.getByLabelText("From")).toHaveValue("");
    await waitFor(() =>
      expect(inputs(calls, "bookings.list")).toEqual([
        { status: "confirmed", specializationId: SPECIALIZATION, limit: 25, direction: "forward" },
      ]),
    );
    expect(inputs(calls, "consultants.list")).toEqual([{ specializationId: SPECIALIZATION }]);

    await waitFor(() =>
      expect(within(screen.getByLabelText("Expert")).getByRole("option", { name: "Kavitha Naidoo" })).toBeInTheDocument(),
    );
    await userEvent.selectOptions(screen.getByLabelText("Expert"), EXPERT);
    await waitFor(() =>
      expect(router.state.location.search).toEqual({ status: "confirmed", from: "any", specialization: SPECIALIZATION, expert: EXPERT }),
    );
    await waitFor(() =>
      expect(inputs(calls, "bookings.list")).toContainEqual({
        status: "confirmed",
        specializationId: SPECIALIZATION,
        consultantId: EXPERT,
        limit: 25,
        direction: "forward",
      }),
    );

    await saveView("Confirmed with Naidoo");
    expect(inputs(calls, "savedViews.create")).toEqual([
      {
        list: "bookings",
        name: "Confirmed with Naidoo",
        shared: false,
        filters: { status: "confirmed", specializationId: SPECIALIZATION, consultantId: EXPERT },
      },
    ]);
    router.history.back();
    await waitFor(() => expect(screen.getByLabelText("Expert")).toHaveValue(""));
  });
});

/*
 * Issue 37 item 23: the case, report and invoice lists sort by their columns; the sort control
 * writes the URL, the list asks the server for that order, and a saved view keeps and restores it.
 */
describe("Sorting the lists", () => {
  it("round-trips each list's sort between the URL and a saved view, the default left out", () => {
    expect(casesSearchOf(caseFiltersOf({ q: "RAF", sort: "claimant" }))).toEqual({ q: "RAF", sort: "claimant" });
    expect(casesSearchOf({ sort: "newest" })).toEqual({});
    expect(reportsSearchOf(reportFiltersOf({ tab: "all", sort: "reference" }), "employee")).toEqual({ tab: "all", sort: "reference" });
    expect(invoicesSearchOf(invoiceFiltersOf({ sort: "amount" }, "attorney"))).toEqual({ sort: "amount" });
    expect(savedViewLink({ list: "cases", filters: { sort: "oldest" } }, "attorney")).toEqual({ to: "/cases", search: { sort: "oldest" } });
  });

  it("Cases: the sort control changes the URL and the list's input, Save view keeps it, and the saved view's link restores it", async () => {
    const { calls, router } = renderApp("/cases", ATTORNEY, { "cases.list": [], "patients.list": [], "savedViews.create": created });
    await screen.findByRole("heading", { name: "My Cases" });
    expect(screen.getByLabelText("Sort by")).toHaveValue("newest");
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "claimant");
    await waitFor(() => expect(router.state.location.search).toEqual({ sort: "claimant" }));
    await waitFor(() => expect(inputs(calls, "cases.list")).toContainEqual({ sort: "claimant" }));
    await saveView("By claimant");
    const saved = inputs(calls, "savedViews.create")[0] as { filters: SavedView["filters"] };
    expect(saved.filters).toEqual({ sort: "claimant" });

    // The view's link, opened afresh, shows and asks for the same order.
    expect(savedViewLink({ list: "cases", filters: saved.filters }, "attorney")).toEqual({ to: "/cases", search: { sort: "claimant" } });
    cleanup();
    const again = renderApp("/cases?sort=claimant", ATTORNEY, { "cases.list": [], "patients.list": [] });
    await waitFor(() => expect(screen.getByLabelText("Sort by")).toHaveValue("claimant"));
    await waitFor(() => expect(inputs(again.calls, "cases.list")).toEqual([{ sort: "claimant" }]));
  });

  it("Reports and Invoices: the sort goes into the URL and the list's input, and Save view keeps it", async () => {
    const reports = renderApp("/reports?tab=all", ADMIN, { "reports.list": [], "savedViews.create": created });
    await waitFor(() => expect(screen.getByLabelText("Sort by")).toHaveValue("due"));
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "reference");
    await waitFor(() => expect(reports.router.state.location.search).toEqual({ tab: "all", sort: "reference" }));
    await waitFor(() => expect(inputs(reports.calls, "reports.list")).toContainEqual({ sort: "reference" }));
    await saveView("Reports by reference");
    expect(inputs(reports.calls, "savedViews.create")).toEqual([
      { list: "reports", name: "Reports by reference", shared: false, filters: { sort: "reference" } },
    ]);
    cleanup();

    const invoices = renderApp("/invoices?sort=amount", ADMIN, {
      "invoices.list": NO_INVOICES,
      "cases.list": [],
      "savedViews.create": created,
    });
    await screen.findByRole("heading", { name: "Invoice Management" });
    expect(screen.getByLabelText("Sort by")).toHaveValue("amount");
    await waitFor(() => expect(inputs(invoices.calls, "invoices.list")).toEqual([{ sort: "amount" }]));
    await userEvent.selectOptions(screen.getByLabelText("Sort by"), "newest");
    await waitFor(() => expect(invoices.router.state.location.search).toEqual({}));
  });
});
