import type { NotificationPreference } from "@medlegal/domain";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NotificationPreferencesForm } from "./notification-preferences-form";

const saved: NotificationPreference[] = [
  { type: "query_update", bell: true, email: false },
  { type: "payment_reminder", bell: true, email: true },
];
const save = () => screen.getByRole("button", { name: "Save preferences" });

describe("NotificationPreferencesForm", () => {
  it("saves nothing until a switch changes, then sends every type's choice", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<NotificationPreferencesForm preferences={saved} onSubmit={onSubmit} />);
    expect(save()).toBeDisabled();
    await user.click(screen.getByRole("switch", { name: "Query updates by e-mail" }));
    expect(screen.getByText("You have unsaved changes.")).toBeInTheDocument();
    await user.click(save());
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith([
        { type: "query_update", bell: true, email: true },
        { type: "payment_reminder", bell: true, email: true },
      ]),
    );
  });

  it("discards the changes, and starts from the saved choices when they come back", async () => {
    const user = userEvent.setup();
    const { rerender } = render(<NotificationPreferencesForm preferences={saved} onSubmit={vi.fn()} />);
    const bell = () => screen.getByRole("switch", { name: "Payment reminders in the bell" });
    await user.click(bell());
    expect(bell()).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Discard" }));
    await waitFor(() => expect(bell()).toBeChecked());
    expect(save()).toBeDisabled();

    rerender(
      <NotificationPreferencesForm preferences={[saved[0]!, { type: "payment_reminder", bell: false, email: false }]} onSubmit={vi.fn()} />,
    );
    await waitFor(() => expect(bell()).not.toBeChecked());
    expect(save()).toBeDisabled();
  });

  it("turns the switches off while the choices are saved", () => {
    render(<NotificationPreferencesForm preferences={saved} onSubmit={vi.fn()} pending />);
    for (const toggle of screen.getAllByRole("switch")) expect(toggle).toBeDisabled();
    expect(screen.getByRole("button", { name: /Save preferences/ })).toBeDisabled();
  });
});
