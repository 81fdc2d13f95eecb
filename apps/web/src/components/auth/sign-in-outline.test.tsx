import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { SignInOutline } from "./sign-in-outline";

describe("SignInOutline", () => {
  it("shows the sign-in form's labels and button while the form loads, with nothing to type into yet", () => {
    const { container } = render(<SignInOutline />);
    expect(screen.getByRole("status", { name: "Loading the form" })).toBeInTheDocument();
    for (const text of ["Username", "Password", "Sign In"]) expect(container).toHaveTextContent(text);
    // A keystroke must never land in a field the real form then replaces.
    expect(container.querySelector("input, textarea, button, [tabindex]")).toBeNull();
    expect(screen.queryByRole("textbox")).toBeNull();
  });
});
