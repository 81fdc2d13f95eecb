import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RescheduleForm } from "./reschedule-form";

const booking = { id: "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b", startsAt: "2026-12-01T07:00:00.000Z", note: null };
const slot = {
  startsAt: "2026-12-02T08:00:00.000Z",
  endsAt: "2026-12-02T09:00:00.000Z",
  venue: "Sandton Medical Suites",
  mode: "in_person" as const,
};

describe("RescheduleForm", () => {
  it("moves the booking to the chosen slot with the new note", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<RescheduleForm booking={booking} slot={slot} onSubmit={onSubmit} onChooseAnother={vi.fn()} />);
    expect(screen.getByText(/Move from/)).toHaveTextContent("2 Dec");
    await user.type(screen.getByLabelText("Note for the expert (optional)"), "  Bring the X-rays.  ");
    await user.click(screen.getByRole("button", { name: "Move the assessment" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ id: booking.id, startsAt: slot.startsAt, note: "Bring the X-rays." }));
  });

  it("shows the server's refusal of the note on the note, and waits while it is sent", () => {
    render(
      <RescheduleForm
        booking={booking}
        slot={slot}
        pending
        serverErrors={{ note: "A note must be at most 1000 characters" }}
        onSubmit={vi.fn()}
        onChooseAnother={vi.fn()}
      />,
    );
    expect(screen.getByText("A note must be at most 1000 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Note for the expert (optional)")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByRole("button", { name: "Move the assessment" })).toBeDisabled();
  });
});
