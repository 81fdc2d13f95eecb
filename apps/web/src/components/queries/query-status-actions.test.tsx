import { nextQueryStatuses } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { QueryStatusActions } from "./query-status-actions";

describe("QueryStatusActions", () => {
  it("offers exactly the moves the server allows", () => {
    render(
      <QueryStatusActions
        reference="Q-2026-00001"
        status="assessed"
        nextStatuses={["reporting", "on_hold", "cancelled"]}
        onMove={vi.fn()}
      />,
    );
    const buttons = within(screen.getByRole("group", { name: "Status actions" })).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["Start the reports", "Put on hold", "Cancel query"]);
  });

  it("offers the way back from on hold to the status it was held in", async () => {
    const onMove = vi.fn();
    const user = userEvent.setup();
    render(
      <QueryStatusActions
        reference="Q-2026-00002"
        status="on_hold"
        nextStatuses={nextQueryStatuses("on_hold", "scheduled")}
        onMove={onMove}
      />,
    );
    expect(screen.queryByRole("button", { name: /Put on hold/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Resume: Scheduled" }));
    expect(onMove).toHaveBeenCalledWith("scheduled");
  });

  it("shows nothing when no move is allowed", () => {
    const { container } = render(<QueryStatusActions reference="Q-2026-00003" status="completed" nextStatuses={[]} onMove={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it("cancels only with a reason written in the dialog", async () => {
    const onMove = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(
      <QueryStatusActions
        reference="Q-2026-00001"
        status="assigning"
        nextStatuses={["scheduled", "on_hold", "cancelled"]}
        onMove={onMove}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Cancel query" }));
    const dialog = screen.getByRole("dialog", { name: "Cancel Q-2026-00001?" });
    await user.click(within(dialog).getByRole("button", { name: "Cancel query" }));
    expect(within(dialog).getByText("Give a reason for cancelling")).toBeInTheDocument();
    expect(onMove).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText("Reason for cancelling"), "  The matter settled.  ");
    await user.click(within(dialog).getByRole("button", { name: "Cancel query" }));
    expect(onMove).toHaveBeenCalledWith("cancelled", "The matter settled.");
    expect(await screen.findByRole("button", { name: "Cancel query" })).toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps the dialog open when the server refuses", async () => {
    const onMove = vi.fn().mockRejectedValue(new Error("A query that is completed cannot move to cancelled."));
    const user = userEvent.setup();
    render(<QueryStatusActions reference="Q-2026-00001" status="assigning" nextStatuses={["cancelled"]} onMove={onMove} />);
    await user.click(screen.getByRole("button", { name: "Cancel query" }));
    await user.type(screen.getByLabelText("Reason for cancelling"), "Duplicate");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel query" }));
    expect(onMove).toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });
});
