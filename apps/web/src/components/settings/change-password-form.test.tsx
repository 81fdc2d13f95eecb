import { ACCOUNT_MESSAGES, PASSWORD_ALL_MET, PASSWORD_CHECKLIST_TITLE } from "@medlegal/domain";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ChangePasswordForm } from "./change-password-form";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => screen.getByRole("button", { name: "Change password" });

describe("ChangePasswordForm", () => {
  it("lists the missing rules live, then says all are met", () => {
    render(<ChangePasswordForm onSubmit={vi.fn()} />);
    expect(screen.getByText(PASSWORD_CHECKLIST_TITLE)).toBeInTheDocument();
    expect(screen.getByText("At least 12 characters")).toBeInTheDocument();
    type("New password", "alllowercaseletters");
    expect(screen.queryByText("At least 12 characters")).not.toBeInTheDocument();
    expect(screen.getByText("One uppercase letter")).toBeInTheDocument();
    type("New password", "N3w!Password42");
    expect(screen.getByText(PASSWORD_ALL_MET)).toBeInTheDocument();
  });

  it("says whether the confirmation matches and keeps Change password disabled until everything is valid", () => {
    render(<ChangePasswordForm onSubmit={vi.fn()} />);
    expect(submit()).toBeDisabled();
    type("New password", "N3w!Password42");
    type("Confirm new password", "N3w!Password4");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    type("Confirm new password", "N3w!Password42");
    expect(screen.getByText("Passwords match")).toBeInTheDocument();
    expect(submit()).toBeDisabled(); // the current password is still missing
    type("Current password", "Demo@Password1");
    expect(submit()).toBeEnabled();
  });

  it("sends the current and new password, empties the fields on success, and shows the server's error on the current password", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue({ message: ACCOUNT_MESSAGES.passwordChanged });
    const { rerender } = render(<ChangePasswordForm onSubmit={onSubmit} />);
    type("Current password", "Demo@Password1");
    type("New password", "N3w!Password42");
    type("Confirm new password", "N3w!Password42");
    await user.click(submit());
    expect(onSubmit).toHaveBeenCalledWith({ currentPassword: "Demo@Password1", newPassword: "N3w!Password42" });
    await waitFor(() => expect(screen.getByLabelText("New password")).toHaveValue(""));

    rerender(<ChangePasswordForm onSubmit={onSubmit} serverErrors={{ currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword }} />);
    expect(screen.getByText(ACCOUNT_MESSAGES.wrongCurrentPassword)).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
  });

  it("disables the button while the change is pending", () => {
    render(<ChangePasswordForm onSubmit={vi.fn()} pending />);
    expect(submit()).toBeDisabled();
  });
});
