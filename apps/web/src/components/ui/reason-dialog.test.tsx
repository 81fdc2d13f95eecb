import { slaPauseSchema } from "@medlegal/domain";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReasonDialog } from "./reason-dialog";

function setup(onConfirm: (reason: string) => void | Promise<unknown>) {
  const onOpenChange = vi.fn();
  render(
    <ReasonDialog
      open
      onOpenChange={onOpenChange}
      title="Pause this timer"
      description="The due time moves on while it is paused."
      reasonSchema={slaPauseSchema.shape.reason}
      confirmLabel="Pause timer"
      onConfirm={onConfirm}
    />,
  );
  return { onOpenChange, user: userEvent.setup() };
}

const confirm = () => screen.getByRole("button", { name: "Pause timer" });

describe("ReasonDialog", () => {
  it("refuses an empty reason with the server's sentence, focused, and sends nothing", async () => {
    const onConfirm = vi.fn();
    const { user } = setup(onConfirm);
    await user.type(screen.getByLabelText("Reason"), "   ");
    await user.click(confirm());
    expect(await screen.findByText("Give a reason for pausing")).toBeInTheDocument();
    expect(screen.getByLabelText("Reason")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(screen.getByLabelText("Reason")).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("holds the server's length limit for this reason", async () => {
    const onConfirm = vi.fn();
    const { user } = setup(onConfirm);
    await user.click(screen.getByLabelText("Reason"));
    await user.paste("x".repeat(301));
    await user.click(confirm());
    expect(await screen.findByText("Reason must be at most 300 characters")).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
    // The error follows each change after the first try.
    await user.type(screen.getByLabelText("Reason"), "{Backspace}");
    await waitFor(() => expect(screen.queryByText("Reason must be at most 300 characters")).not.toBeInTheDocument());
  });

  it("sends the trimmed reason and closes once the action is done", async () => {
    const onConfirm = vi.fn().mockResolvedValue(undefined);
    const { user, onOpenChange } = setup(onConfirm);
    await user.type(screen.getByLabelText("Reason"), "  Awaiting records ");
    await user.click(confirm());
    expect(onConfirm).toHaveBeenCalledWith("Awaiting records");
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("stays open for another try when the action fails", async () => {
    const onConfirm = vi.fn().mockRejectedValue(new Error("refused"));
    const { user, onOpenChange } = setup(onConfirm);
    await user.type(screen.getByLabelText("Reason"), "Awaiting records");
    await user.click(confirm());
    expect(onConfirm).toHaveBeenCalled();
    expect(onOpenChange).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Reason")).toHaveValue("Awaiting records");
  });
});
