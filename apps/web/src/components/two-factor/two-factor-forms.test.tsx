import { TWO_FACTOR_MESSAGES } from "@medlegal/domain";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ConfirmAuthenticatorForm } from "./two-factor-enrolment";
import { DisableTwoFactorForm, RegenerateRecoveryCodesForm } from "./two-factor-settings";

const code = () => screen.getByLabelText("Code from your app");

describe("ConfirmAuthenticatorForm", () => {
  it("asks for the app's six digits, focused, and sends nothing until then", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<ConfirmAuthenticatorForm onSubmit={onSubmit} />);
    await user.type(code(), "abcde-12345");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(await screen.findByText("Enter the 6-digit code from your authenticator app")).toBeInTheDocument();
    await waitFor(() => expect(code()).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(code());
    await user.type(code(), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    expect(onSubmit).toHaveBeenCalledWith("123456");
  });

  it("empties a refused code and shows the server's error on it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(new Error(TWO_FACTOR_MESSAGES.wrongCode));
    const { rerender } = render(<ConfirmAuthenticatorForm onSubmit={onSubmit} />);
    await user.type(code(), "000000");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    await waitFor(() => expect(code()).toHaveValue(""));
    rerender(<ConfirmAuthenticatorForm onSubmit={onSubmit} serverErrors={{ code: TWO_FACTOR_MESSAGES.wrongCode }} />);
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(code()).toHaveAttribute("aria-invalid", "true");
  });
});

describe("RegenerateRecoveryCodesForm", () => {
  it("keeps Make new codes disabled until a code is typed, then sends it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<RegenerateRecoveryCodesForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    const make = screen.getByRole("button", { name: "Make new codes" });
    expect(make).toBeDisabled();
    await user.type(code(), " - ");
    expect(make).toBeDisabled();
    await user.type(code(), "abcde-12345");
    expect(make).toBeEnabled();
    await user.click(make);
    expect(onSubmit).toHaveBeenCalledWith({ code: " - abcde-12345" });
  });
});

describe("DisableTwoFactorForm", () => {
  it("says what is missing once a field is left, in the server's words", async () => {
    const user = userEvent.setup();
    render(<DisableTwoFactorForm onSubmit={vi.fn()} onCancel={vi.fn()} />);
    await user.click(screen.getByLabelText("Current password"));
    await user.tab();
    expect(await screen.findByText("Enter your current password")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Turn off" })).toBeDisabled();
  });

  it("sends the password and the code, and shows the server's password error on its field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(new Error("Your current password is not correct"));
    const { rerender } = render(<DisableTwoFactorForm onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.type(screen.getByLabelText("Current password"), "Demo@Password1");
    await user.type(code(), "123456");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(onSubmit).toHaveBeenCalledWith({ currentPassword: "Demo@Password1", code: "123456" });
    await waitFor(() => expect(code()).toHaveValue(""));
    rerender(
      <DisableTwoFactorForm
        onSubmit={onSubmit}
        onCancel={vi.fn()}
        serverErrors={{ currentPassword: "Your current password is not correct" }}
      />,
    );
    expect(await screen.findByText("Your current password is not correct")).toBeInTheDocument();
    expect(screen.getByLabelText("Current password")).toHaveAttribute("aria-invalid", "true");
  });
});
