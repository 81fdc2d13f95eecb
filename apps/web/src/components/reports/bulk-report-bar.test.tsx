import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { BulkReportBar } from "./bulk-report-bar";

const OWED = "00000000-0000-4000-8000-000000000001";
const RELEASED = "00000000-0000-4000-8000-000000000002";

describe("bulk actions on reports", () => {
  it("sends the selected rows and shows what happened to each, the refused one with its reason", async () => {
    const onDone = vi.fn();
    const { sent } = renderWithTrpc(<BulkReportBar selected={[OWED, RELEASED]} onDone={onDone} />, {
      "bulkActions.reports": () => ({
        results: [
          { id: OWED, reference: "RPT-2026-00001", ok: true, message: "Reminder sent to its expert." },
          {
            id: RELEASED,
            reference: "RPT-2026-00002",
            ok: false,
            message: "RPT-2026-00002 is with the agency, not the expert: no reminder sent.",
          },
        ],
      }),
      "savedViews.list": () => [],
    });
    expect(screen.getByText("2 reports selected")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Remind experts" }));
    const results = await screen.findByRole("list", { name: "Result per report" });
    expect(within(results).getByText("Reminder sent to its expert.")).toBeTruthy();
    expect(within(results).getByText("RPT-2026-00002 is with the agency, not the expert: no reminder sent.")).toBeTruthy();
    expect(screen.getByText("1 done, 1 refused")).toBeTruthy();
    expect(sent("bulkActions.reports")).toEqual([{ ids: [OWED, RELEASED], action: { kind: "remind" } }]);
    expect(onDone).toHaveBeenCalled();
  });

  it("shows no bar while nothing is selected", () => {
    renderWithTrpc(<BulkReportBar selected={[]} onDone={() => undefined} />);
    expect(screen.queryByRole("region", { name: "Bulk actions" })).toBeNull();
  });
});
