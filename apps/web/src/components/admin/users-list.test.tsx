import type { UserSummary } from "@medlegal/domain";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { UsersList } from "./users-list";

function summary(overrides: Partial<UserSummary>): UserSummary {
  return {
    id: "id",
    username: "user",
    firstName: "First",
    lastName: "Last",
    email: "user@medlegal.example",
    role: "employee",
    isActive: true,
    isPrivacyOfficer: false,
    specializationId: null,
    specialization: null,
    firmName: null,
    lastLoginAt: null,
    createdAt: "2026-01-01T00:00:00Z",
    ...overrides,
  };
}

const ME = summary({ id: "me", username: "admin", firstName: "Anele", lastName: "Dlamini", role: "administrator" });
const PRIYA = summary({ id: "p", username: "employee", firstName: "Priya", lastName: "Naidoo" });
const JOHAN = summary({
  id: "j",
  username: "attorney",
  firstName: "Johan",
  lastName: "Smit",
  role: "attorney",
  firmName: "Smit Inc.",
  isActive: false,
});

function setup() {
  const props = { onEdit: vi.fn(), onSetActive: vi.fn(), onSendReset: vi.fn() };
  render(<UsersList users={[ME, PRIYA, JOHAN]} currentUserId="me" {...props} />);
  return { ...props, user: userEvent.setup() };
}

describe("UsersList", () => {
  it("offers no deactivate control on the administrator's own row", () => {
    setup();
    expect(screen.getByText("You")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Deactivate: Anele Dlamini/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Reactivate: Anele Dlamini/ })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Edit: Anele Dlamini/ })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Deactivate: Priya Naidoo/ })).toBeInTheDocument();
  });

  it("shows inactive accounts with Reactivate, and reports which action was chosen", async () => {
    const { user, onSetActive, onSendReset, onEdit } = setup();
    expect(screen.getByText("Inactive")).toBeInTheDocument();
    expect(screen.getByText("Smit Inc.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Reactivate: Johan Smit/ }));
    expect(onSetActive).toHaveBeenCalledWith(JOHAN, true);
    await user.click(screen.getByRole("button", { name: /Deactivate: Priya Naidoo/ }));
    expect(onSetActive).toHaveBeenCalledWith(PRIYA, false);
    await user.click(screen.getByRole("button", { name: /Send reset link: Priya Naidoo/ }));
    expect(onSendReset).toHaveBeenCalledWith(PRIYA);
    await user.click(screen.getByRole("button", { name: /Edit: Priya Naidoo/ }));
    expect(onEdit).toHaveBeenCalledWith(PRIYA);
  });
});
