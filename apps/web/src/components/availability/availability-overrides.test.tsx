import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AvailabilityOverrides } from "./availability-overrides";

function setup(props: Partial<React.ComponentProps<typeof AvailabilityOverrides>> = {}) {
  const onAdd = vi.fn();
  render(<AvailabilityOverrides overrides={[]} today="2026-11-23" onAdd={onAdd} onRemove={vi.fn()} {...props} />);
  return { onAdd, user: userEvent.setup() };
}

describe("AvailabilityOverrides", () => {
  it("refuses an exception without a date, and other hours without any, and sends nothing", async () => {
    const { onAdd, user } = setup();
    await user.click(screen.getByText("Other hours"));
    await user.click(screen.getByRole("button", { name: "Remove hours 1" }));
    await user.click(screen.getByRole("button", { name: "Add exception" }));
    expect(await screen.findByText("Choose a date")).toBeInTheDocument();
    expect(screen.getByText("Give the other hours, or mark the day unavailable")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveFocus());
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("refuses a past date and overlapping hours with the server's sentences", async () => {
    const { onAdd, user } = setup();
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-11-20" } });
    await user.click(screen.getByText("Other hours"));
    await user.click(screen.getByRole("button", { name: "Add hours" }));
    fireEvent.change(screen.getAllByLabelText("From")[1]!, { target: { value: "12:00" } });
    await user.click(screen.getByRole("button", { name: "Add exception" }));
    expect(await screen.findByText("Choose today or a later date")).toBeInTheDocument();
    expect(screen.getByText("These time ranges overlap")).toBeInTheDocument();
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("adds a day off with its note, then starts again", async () => {
    const { onAdd, user } = setup();
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2026-12-04" } });
    await user.type(screen.getByLabelText("Note (optional)"), " Conference in Durban ");
    await user.click(screen.getByRole("button", { name: "Add exception" }));
    await waitFor(() =>
      expect(onAdd).toHaveBeenCalledWith({ date: "2026-12-04", unavailable: true, ranges: [], note: "Conference in Durban" }),
    );
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveValue(""));
  });

  it("shows the server's refusal of the date on the date", () => {
    setup({ serverErrors: { date: "Choose today or a later date" } });
    expect(screen.getByText("Choose today or a later date")).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveAttribute("aria-invalid", "true");
  });
});
