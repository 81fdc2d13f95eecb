import { PASSWORD_ALL_MET, PASSWORD_CHECKLIST_TITLE, PASSWORD_TOO_COMMON } from "@medlegal/domain";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PasswordChecklist } from "./password-checklist";

// zxcvbn's dictionaries load lazily on first use: give that import time.
const LOADED = { timeout: 10_000 };

describe("PasswordChecklist", () => {
  it("keeps the checklist of docs/product-rules.md while requirements are missing", () => {
    render(<PasswordChecklist password="password" />);
    expect(screen.getByText(PASSWORD_CHECKLIST_TITLE)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_TOO_COMMON)).not.toBeInTheDocument();
  });

  it("says a common password is too common once the requirements are met", async () => {
    render(<PasswordChecklist password="Password123!" />);
    expect(await screen.findByText(PASSWORD_TOO_COMMON, undefined, LOADED)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_ALL_MET)).not.toBeInTheDocument();
  });

  it("says all is met for a password that is not common", async () => {
    const { rerender } = render(<PasswordChecklist password="Qwerty123456!" />);
    expect(await screen.findByText(PASSWORD_TOO_COMMON, undefined, LOADED)).toBeInTheDocument();
    rerender(<PasswordChecklist password="Demo@Password1" />);
    expect(await screen.findByText(PASSWORD_ALL_MET)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_TOO_COMMON)).not.toBeInTheDocument();
  });
});
