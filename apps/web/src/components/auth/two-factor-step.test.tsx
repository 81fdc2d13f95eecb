import { TWO_FACTOR_MESSAGES } from "@medlegal/domain";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { HttpError } from "@/lib/api";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Toaster } from "@/components/ui/toaster";
import { renderWithRouter } from "@/test/router";
import { TwoFactorCodeForm, TwoFactorStep } from "./two-factor-step";

const refusal = (message: string) => new HttpError(401, "Unauthorized", JSON.stringify({ message }));
const verify = () => screen.getByRole("button", { name: "Verify" });

function setup(onVerify: (code: string) => Promise<unknown> = vi.fn().mockResolvedValue({})) {
  const onRestart = vi.fn();
  render(<TwoFactorCodeForm onVerify={onVerify} onRestart={onRestart} />);
  return { user: userEvent.setup(), onVerify, onRestart };
}

describe("TwoFactorCodeForm", () => {
  it("asks for the app's six digits, focused, and sends nothing until then", async () => {
    const { user, onVerify } = setup();
    await user.type(screen.getByLabelText("Two-factor code"), "123");
    await user.click(verify());
    expect(await screen.findByText("Enter the 6-digit code from your authenticator app")).toBeInTheDocument();
    expect(screen.getByLabelText("Two-factor code")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(screen.getByLabelText("Two-factor code")).toHaveFocus());
    expect(onVerify).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Two-factor code"), "456");
    await waitFor(() => expect(screen.queryByText("Enter the 6-digit code from your authenticator app")).not.toBeInTheDocument());
    await user.click(verify());
    expect(onVerify).toHaveBeenCalledWith("123456");
  });

  it("takes a recovery code instead, and asks for one when it is empty", async () => {
    const { user, onVerify } = setup();
    await user.click(screen.getByRole("button", { name: "Use a recovery code" }));
    await user.click(verify());
    expect(await screen.findByText("Enter one of your recovery codes")).toBeInTheDocument();
    expect(onVerify).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Recovery code"), "abcde-12345");
    await user.click(verify());
    expect(onVerify).toHaveBeenCalledWith("abcde-12345");
  });

  it("shows a wrong code on the field, empties it for another try", async () => {
    const { user, onRestart } = setup(vi.fn().mockRejectedValue(refusal(TWO_FACTOR_MESSAGES.wrongCode)));
    await user.type(screen.getByLabelText("Two-factor code"), "000000");
    await user.click(verify());
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(screen.getByLabelText("Two-factor code")).toHaveValue("");
    expect(onRestart).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Two-factor code"), "1");
    await waitFor(() => expect(screen.queryByText(TWO_FACTOR_MESSAGES.wrongCode)).not.toBeInTheDocument());
  });

  it("goes back to the password when the sign-in expired", async () => {
    const { user, onRestart } = setup(vi.fn().mockRejectedValue(refusal(TWO_FACTOR_MESSAGES.signInAgain)));
    await user.type(screen.getByLabelText("Two-factor code"), "000000");
    await user.click(verify());
    await waitFor(() => expect(onRestart).toHaveBeenCalled());
  });

  it("disables the field and Verify while the code is checked", () => {
    render(<TwoFactorCodeForm pending onVerify={vi.fn()} onRestart={vi.fn()} />);
    expect(screen.getByRole("button", { name: /Verify/ })).toBeDisabled();
    expect(screen.getByLabelText("Two-factor code")).toBeDisabled();
  });
});

describe("TwoFactorStep", () => {
  it("says a wrong code once, on the field, and no toast repeats it", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn().mockResolvedValue(
        new Response(JSON.stringify({ message: TWO_FACTOR_MESSAGES.wrongCode }), {
          status: 401,
          headers: { "content-type": "application/json" },
        }),
      ),
    );
    try {
      renderWithRouter(
        <QueryClientProvider client={new QueryClient()}>
          <TwoFactorStep onRestart={vi.fn()} />
          <Toaster />
        </QueryClientProvider>,
      );
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText("Two-factor code"), "000000");
      await user.click(verify());
      expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
      // The mutation has settled (the field is empty again): a toast would be on screen by now.
      await waitFor(() => expect(screen.getByLabelText("Two-factor code")).toHaveValue(""));
      expect(screen.queryByText("Login failed")).not.toBeInTheDocument();
      expect(screen.getAllByText(TWO_FACTOR_MESSAGES.wrongCode)).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
