import type { QueryDetail } from "@medlegal/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { queryDetail } from "@/test/fixtures";
import type { Answer } from "@/test/trpc";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { QueryManagerPanel } from "./query-manager-panel";

const me = "11111111-2222-4333-8444-555555555555";
const priya = "66666666-7777-4888-9999-000000000000";
const q: QueryDetail = queryDetail({ status: "in_review", assignedEmployeeId: me, assignedEmployeeName: "Sam Dlamini", nextStatuses: [] });

function setup(assign: Answer<"queries.assignEmployee">) {
  const view = renderWithTrpc(<QueryManagerPanel q={q} userId={me} onChanged={vi.fn().mockResolvedValue(undefined)} />, {
    "queries.listCaseManagers": () => [
      { id: me, name: "Sam Dlamini" },
      { id: priya, name: "Priya Naidoo" },
    ],
    "queries.assignEmployee": assign,
  });
  return { ...view, user: userEvent.setup() };
}

describe("QueryManagerPanel hand-over", () => {
  it("hands the query over only once another case manager is chosen, and sends who", async () => {
    const { user, sent } = setup(() => ({ ...q, assignedEmployeeId: priya, assignedEmployeeName: "Priya Naidoo" }));
    const handOver = screen.getByRole("button", { name: "Hand over" });
    expect(handOver).toBeDisabled();
    await screen.findByRole("option", { name: "Priya Naidoo" });
    await user.selectOptions(screen.getByLabelText("Hand over to"), "Priya Naidoo");
    await user.click(handOver);
    await waitFor(() => expect(sent("queries.assignEmployee")).toEqual([{ id: q.id, employeeId: priya }]));
  });

  it("shows the server's refusal on the select", async () => {
    const { user } = setup(() => {
      throw refusal("Choose an employee", { employeeId: "Choose an employee" });
    });
    await screen.findByRole("option", { name: "Priya Naidoo" });
    await user.selectOptions(screen.getByLabelText("Hand over to"), "Nobody (unassigned)");
    await user.click(screen.getByRole("button", { name: "Hand over" }));
    expect(await screen.findByText("Choose an employee", { selector: "p[id]" })).toBeInTheDocument();
    expect(screen.getByLabelText("Hand over to")).toHaveAttribute("aria-invalid", "true");
  });
});
