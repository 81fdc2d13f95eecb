import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AddShiftForm } from "./add-shift-form";

const employees = [{ id: "3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", name: "Priya Naidoo" }];

function setup(props: Partial<React.ComponentProps<typeof AddShiftForm>> = {}) {
  const onSubmit = vi.fn();
  render(<AddShiftForm employees={employees} today="2026-11-23" onSubmit={onSubmit} {...props} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("AddShiftForm", () => {
  it("refuses a shift without an employee, and a backwards one, with the schema's sentences on their fields", async () => {
    const { onSubmit, user } = setup();
    await user.selectOptions(screen.getByLabelText("Start"), "17:00");
    // A backwards shift shows as soon as the times make it so.
    expect(screen.getByText("A shift must end after it starts")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add shift" }));
    expect(await screen.findByText("Choose an employee")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Employee")).toHaveFocus());
    expect(screen.getByLabelText("End")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the shift", async () => {
    const { onSubmit, user } = setup();
    await user.selectOptions(screen.getByLabelText("Employee"), "Priya Naidoo");
    await user.selectOptions(screen.getByLabelText("Duty"), "On call");
    await user.click(screen.getByRole("button", { name: "Add shift" }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        employeeId: employees[0]!.id,
        date: "2026-11-23",
        start: "08:00",
        end: "16:30",
        duty: "on_call",
      }),
    );
  });

  it("shows the server's refusal on its field and its sentence for the whole shift", () => {
    setup({
      serverErrors: { employeeId: "That employee already has a shift at that time." },
      formError: "That employee already has a shift at that time.",
    });
    expect(screen.getByLabelText("Employee")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("alert")).toHaveTextContent("That employee already has a shift at that time.");
  });
});
