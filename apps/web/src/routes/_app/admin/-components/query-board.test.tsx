import type { QueryListItem, QueryStatus } from "@medlegal/domain";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { queryDetail } from "@/test/fixtures";
import { renderWithTrpc } from "@/test/trpc";
import { QueryBoard } from "./query-board";

function card(n: number, status: QueryStatus): QueryListItem {
  const { id: _id, reference: _ref, status: _status, ...rest } = queryDetail();
  return { ...rest, id: `aaaaaaaa-bbbb-4ccc-8ddd-00000000000${n}`, reference: `Q-2026-0010${n}`, status } as QueryListItem;
}

function renderBoard(items: QueryListItem[], statusFilter?: QueryStatus) {
  const root = createRootRoute({ component: () => <QueryBoard items={items} statusFilter={statusFilter} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/"] }) });
  renderWithTrpc(<RouterProvider router={router} />, {
    "queries.board": ({ ids }) => ids.map((id) => ({ id, experts: [], nextDeadline: null, slaState: null, nextStatuses: [] })),
  });
}

const columns = async () => {
  const board = await screen.findByRole("region", { name: "Board of queries by status" });
  return within(board)
    .getAllByRole("region")
    .map((column) => column.getAttribute("data-status"));
};

/** Issue 37 item 24: with a status filter on, the board shows the columns its cards are in, not eight empty ones. */
describe("the board of queries", () => {
  it("shows only the filtered status's column when a status filter is on", async () => {
    renderBoard([card(1, "in_review"), card(2, "in_review")], "in_review");
    expect(await columns()).toEqual(["in_review"]);
  });

  it("keeps every column, empty ones included, without a status filter (they are where a card is dropped)", async () => {
    renderBoard([card(1, "in_review")]);
    expect(await columns()).toEqual([
      "submitted",
      "in_review",
      "assigning",
      "scheduled",
      "assessed",
      "reporting",
      "completed",
      "on_hold",
      "cancelled",
    ]);
  });
});
