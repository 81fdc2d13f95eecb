import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AssignmentResponse } from "./assignment-response";

describe("AssignmentResponse", () => {
  it("accepts at once", async () => {
    const onRespond = vi.fn();
    const user = userEvent.setup();
    render(<AssignmentResponse label="Q-2026-00001 (Neurosurgeon)" onRespond={onRespond} />);
    await user.click(screen.getByRole("button", { name: "Accept Q-2026-00001 (Neurosurgeon)" }));
    expect(onRespond).toHaveBeenCalledWith(true);
  });

  it("declines only with a reason written in the dialog", async () => {
    const onRespond = vi.fn().mockResolvedValue(undefined);
    const user = userEvent.setup();
    render(<AssignmentResponse label="Q-2026-00001 (Neurosurgeon)" onRespond={onRespond} />);
    await user.click(screen.getByRole("button", { name: "Decline Q-2026-00001 (Neurosurgeon)" }));
    const dialog = screen.getByRole("dialog", { name: "Decline Q-2026-00001 (Neurosurgeon)?" });
    await user.click(within(dialog).getByRole("button", { name: "Decline assignment" }));
    expect(within(dialog).getByText("Give a reason for declining")).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Reason for declining")).toHaveAttribute("aria-invalid", "true");
    expect(onRespond).not.toHaveBeenCalled();

    await user.type(within(dialog).getByLabelText("Reason for declining"), "On leave until February");
    await user.click(within(dialog).getByRole("button", { name: "Decline assignment" }));
    expect(onRespond).toHaveBeenCalledWith(false, "On leave until February");
    await vi.waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("closes the dialog without declining when the consultant keeps the assignment", async () => {
    const onRespond = vi.fn();
    const user = userEvent.setup();
    render(<AssignmentResponse label="Q-2026-00001 (Neurosurgeon)" onRespond={onRespond} />);
    await user.click(screen.getByRole("button", { name: /Decline/ }));
    await user.click(screen.getByRole("button", { name: "Keep it" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    expect(onRespond).not.toHaveBeenCalled();
  });
});
