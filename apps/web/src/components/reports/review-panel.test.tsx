import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { reportDetail } from "@/test/fixtures";
import { renderWithTrpc } from "@/test/trpc";
import { checklistRule, ReviewPanel } from "./review-panel";

const report = {
  id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
  checklist: [
    { id: "c1", label: "Claimant details match", mandatory: true },
    { id: "c2", label: "Sides of the body consistent", mandatory: true },
  ],
};

describe("ReviewPanel", () => {
  it("asks for a comment on a failed check before anything is sent", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<ReviewPanel r={report} onDone={vi.fn()} />, {
      "reports.review": () => reportDetail({ id: report.id, status: "changes_requested" }),
    });
    const [first, second] = screen.getAllByRole("group");
    await user.click(first!.querySelector<HTMLInputElement>('input[value="pass"]')!);
    await user.click(second!.querySelector<HTMLInputElement>('input[value="fail"]')!);
    await user.click(screen.getByRole("button", { name: "Return to the expert" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      'Say what is wrong: "Sides of the body consistent" failed without a comment.',
    );
    expect(view.sent("reports.review")).toEqual([]);

    await user.type(screen.getByLabelText(/What is wrong/), "Page 4 says left knee, page 6 right knee.");
    await user.click(screen.getByRole("button", { name: "Return to the expert" }));
    await vi.waitFor(() => expect(view.sent("reports.review")).toHaveLength(1));
  });

  it("says what approves the report in the words of the checks it holds", () => {
    expect(checklistRule(report.checklist)).toBe(
      "A failed check (with a comment) returns the report to the expert; all mandatory checks passing approves it.",
    );
    expect(checklistRule([{ mandatory: false }])).toBe(
      "A failed check (with a comment) returns the report to the expert; with none failed, the report is approved (every check here is optional).",
    );
  });
});
