import type { QueryListItem } from "@medlegal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { queryDetail } from "@/test/fixtures";
import { renderWithTrpc } from "@/test/trpc";
import { BulkQueryBar } from "./bulk-query-bar";

const ME = "e0e0e0e0-1111-4222-8333-000000000001";
const SIPHO = "e0e0e0e0-1111-4222-8333-000000000002";
const MANAGERS = [
  { id: ME, name: "Lindiwe Khumalo" },
  { id: SIPHO, name: "Sipho Dlamini" },
];
const MINE = "aaaaaaaa-bbbb-4ccc-8ddd-000000000001";
const FREE = "aaaaaaaa-bbbb-4ccc-8ddd-000000000002";

function row(id: string, reference: string, assignedEmployeeId: string | null): QueryListItem {
  const { id: _id, reference: _ref, ...rest } = queryDetail();
  return { ...rest, id, reference, assignedEmployeeId, assignedEmployeeName: null } as QueryListItem;
}

const answered = () => ({
  "bulkActions.queries": ({ ids }: { ids: string[] }) => ({
    results: ids.map((id) => ({ id, reference: null, ok: true, message: "Case manager is now Sipho Dlamini." })),
  }),
  "savedViews.list": () => [],
});

/** Issue 37 item 24: a bulk change of case manager that takes the signed-in employee's own queries away asks first. */
describe("bulk reassigning queries", () => {
  it("asks before giving your own queries to someone else, and sends nothing until you confirm", async () => {
    const { sent } = renderWithTrpc(
      <BulkQueryBar
        selected={[row(MINE, "Q-2026-00101", ME), row(FREE, "Q-2026-00102", null)]}
        managers={MANAGERS}
        me={ME}
        onDone={vi.fn()}
      />,
      answered(),
    );
    await userEvent.selectOptions(screen.getByLabelText("Case manager"), SIPHO);
    await userEvent.click(screen.getByRole("button", { name: "Assign" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Give away a query of yours?" });
    expect(
      within(dialog).getByText(
        /Q-2026-00101 is yours now\. Assigning them to Sipho Dlamini takes them off your list; the other 1 selected change as well\./,
      ),
    ).toBeTruthy();
    expect(sent("bulkActions.queries")).toEqual([]);

    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(sent("bulkActions.queries")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: "Assign" }));
    await userEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Assign to Sipho Dlamini" }));
    await screen.findByRole("list", { name: "Result per query" });
    expect(sent("bulkActions.queries")).toEqual([{ ids: [MINE, FREE], action: { kind: "assign", employeeId: SIPHO } }]);
  });

  it("asks before taking the case manager off your own queries", async () => {
    const { sent } = renderWithTrpc(
      <BulkQueryBar selected={[row(MINE, "Q-2026-00101", ME)]} managers={MANAGERS} me={ME} onDone={vi.fn()} />,
      answered(),
    );
    await userEvent.selectOptions(screen.getByLabelText("Case manager"), "No case manager");
    await userEvent.click(screen.getByRole("button", { name: "Assign" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Give away a query of yours?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Remove the case manager" }));
    await screen.findByRole("list", { name: "Result per query" });
    expect(sent("bulkActions.queries")).toEqual([{ ids: [MINE], action: { kind: "assign", employeeId: null } }]);
  });

  it("does not ask when none of the selected queries is yours, or when they stay yours", async () => {
    const { sent } = renderWithTrpc(
      <BulkQueryBar
        selected={[row(MINE, "Q-2026-00101", ME), row(FREE, "Q-2026-00102", SIPHO)]}
        managers={MANAGERS}
        me={ME}
        onDone={vi.fn()}
      />,
      answered(),
    );
    await userEvent.selectOptions(screen.getByLabelText("Case manager"), ME);
    await userEvent.click(screen.getByRole("button", { name: "Assign" }));
    await screen.findByRole("list", { name: "Result per query" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(sent("bulkActions.queries")).toEqual([{ ids: [MINE, FREE], action: { kind: "assign", employeeId: ME } }]);
  });
});
