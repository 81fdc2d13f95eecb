import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CancelBookingDialog } from "./cancel-booking-dialog";

const now = new Date("2026-12-06T10:00:00Z");
const booking = (startsAt: string) => ({
  reference: "BK-2026-00012",
  startsAt,
  patientName: "Thabo Mokoena",
  consultantName: "Dr Priya Naidoo",
});

describe("CancelBookingDialog", () => {
  it("preselects chargeable under 24 hours' notice for staff", () => {
    render(
      <CancelBookingDialog
        open
        onOpenChange={vi.fn()}
        booking={booking("2026-12-07T07:00:00Z")}
        chooseClass
        now={now}
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByRole("radio", { name: /Chargeable/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /^No fee \(default\)|^No fee Nobody/ })).not.toBeChecked();
  });

  it("preselects no fee with more notice, and sends the class staff choose", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <CancelBookingDialog
        open
        onOpenChange={vi.fn()}
        booking={booking("2026-12-10T07:00:00Z")}
        chooseClass
        now={now}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByRole("radio", { name: /^No fee \(default\)/ })).toBeChecked();
    await user.click(screen.getByRole("radio", { name: /No fee, but pay the expert/ }));
    await user.type(screen.getByLabelText("Reason"), "Claimant admitted to hospital");
    await user.click(screen.getByRole("button", { name: "Cancel booking" }));
    expect(onConfirm).toHaveBeenCalledWith({ reason: "Claimant admitted to hospital", cancellationClass: "no_fee_pay_expert" });
  });

  it("requires a reason", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <CancelBookingDialog
        open
        onOpenChange={vi.fn()}
        booking={booking("2026-12-07T07:00:00Z")}
        chooseClass
        now={now}
        onConfirm={onConfirm}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Cancel booking" }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByText("Give a reason for cancelling")).toBeInTheDocument();
    expect(screen.getByLabelText("Reason")).toHaveAttribute("aria-invalid", "true");
  });

  it("refuses a reason of spaces with the server's sentence, focused, and keeps the server's length limit", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <CancelBookingDialog
        open
        onOpenChange={vi.fn()}
        booking={booking("2026-12-07T07:00:00Z")}
        chooseClass
        now={now}
        onConfirm={onConfirm}
      />,
    );
    await user.type(screen.getByLabelText("Reason"), "   ");
    await user.click(screen.getByRole("button", { name: "Cancel booking" }));
    expect(await screen.findByText("Give a reason for cancelling")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Reason")).toHaveFocus());
    expect(onConfirm).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Reason"), "Matter settled");
    await waitFor(() => expect(screen.queryByText("Give a reason for cancelling")).not.toBeInTheDocument());
  });

  it("tells an attorney the fee applies and sends no class", async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(
      <CancelBookingDialog
        open
        onOpenChange={vi.fn()}
        booking={booking("2026-12-07T07:00:00Z")}
        chooseClass={false}
        now={now}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.queryByRole("radio")).not.toBeInTheDocument();
    expect(screen.getByText(/less than 24 hours before the assessment/)).toBeInTheDocument();
    await user.type(screen.getByLabelText("Reason"), "Matter settled");
    await user.click(screen.getByRole("button", { name: "Cancel booking" }));
    expect(onConfirm).toHaveBeenCalledWith({ reason: "Matter settled" });
  });
});
