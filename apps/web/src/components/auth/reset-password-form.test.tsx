import { PASSWORD_ALL_MET } from "@medlegal/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "@/test/router";
import { ResetPasswordForm } from "./reset-password-form";

const TOKEN = "a".repeat(43);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const resetButton = () => screen.getByRole("button", { name: "Reset password" });

describe("ResetPasswordForm", () => {
  it("keeps Reset password disabled until the password meets every rule and is confirmed, and sends nothing before", async () => {
    const onSubmit = vi.fn();
    renderWithRouter(<ResetPasswordForm token={TOKEN} onSubmit={onSubmit} />);
    expect(await screen.findByLabelText("New password")).toBeInTheDocument();
    expect(resetButton()).toBeDisabled();
    type("New password", "N3w!Password42");
    expect(screen.getByText(PASSWORD_ALL_MET)).toBeInTheDocument();
    type("Confirm new password", "N3w!Password4");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm new password")).toHaveAttribute("aria-invalid", "true");
    expect(resetButton()).toBeDisabled();
    fireEvent.submit(resetButton().closest("form")!);
    await waitFor(() => expect(screen.getByLabelText("Confirm new password")).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    type("Confirm new password", "N3w!Password42");
    expect(screen.getByText("Passwords match")).toBeInTheDocument();
    expect(resetButton()).toBeEnabled();
    await userEvent.setup().click(resetButton());
    expect(onSubmit).toHaveBeenCalledWith("N3w!Password42");
  });

  it("disables Reset password while the new password is sent", async () => {
    renderWithRouter(<ResetPasswordForm token={TOKEN} pending onSubmit={vi.fn()} />);
    expect(await screen.findByRole("button", { name: /Reset password/ })).toBeDisabled();
  });
});
