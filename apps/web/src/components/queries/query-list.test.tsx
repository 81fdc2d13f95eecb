import type { QueryListItem } from "@medlegal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "@/test/router";
import { QueryList } from "./query-list";

function item(overrides: Partial<QueryListItem>): QueryListItem {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    reference: "Q-2026-00001",
    subject: "Orthopaedic assessment",
    status: "submitted",
    priority: "normal",
    caseId: "c1",
    caseReference: "CASE-2026-00001",
    patientName: "Sibusiso Khumalo",
    attorneyId: "a1",
    attorneyName: "Johan van der Merwe",
    firmName: "Van der Merwe Attorneys Inc.",
    assignedEmployeeId: null,
    assignedEmployeeName: null,
    specializations: ["Orthopaedic Surgeon"],
    createdAt: "2026-11-21T12:05:00Z",
    updatedAt: "2026-11-21T12:05:00Z",
    ...overrides,
  };
}

const ITEMS = [
  item({}),
  item({
    id: "00000000-0000-4000-8000-000000000002",
    reference: "Q-2026-00002",
    status: "on_hold",
    priority: "urgent",
    assignedEmployeeName: "Priya Naidoo",
  }),
];

describe("QueryList", () => {
  it("shows each query's status and priority, its claimant and when it came in", async () => {
    renderWithRouter(<QueryList items={ITEMS} hasMore={false} />);
    const rows = within(await screen.findByRole("list", { name: "Queries" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText("Submitted")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Normal")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("Not taken yet")).toBeInTheDocument();
    expect(within(rows[0]!).getByText("21 Nov 2026, 14:05")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("On hold")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Urgent")).toBeInTheDocument();
    expect(within(rows[1]!).getByText("Priya Naidoo")).toBeInTheDocument();
    expect(within(rows[1]!).getByRole("link", { name: "Q-2026-00002" })).toHaveAttribute(
      "href",
      "/queries/00000000-0000-4000-8000-000000000002",
    );
  });

  it("offers Load more only when the server has another page", async () => {
    const onLoadMore = vi.fn();
    const { unmount } = renderWithRouter(<QueryList items={ITEMS} hasMore={false} onLoadMore={onLoadMore} />);
    await screen.findByRole("list", { name: "Queries" });
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
    unmount();

    renderWithRouter(<QueryList items={ITEMS} hasMore onLoadMore={onLoadMore} />);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Load more" }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});
