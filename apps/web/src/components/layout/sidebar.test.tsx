import type { Role } from "@medlegal/domain";
import { SIDEBAR } from "@medlegal/domain";
import {
  createMemoryHistory,
  createRootRoute,
  createRouter,
  RouterProvider,
} from "@tanstack/react-router";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { Sidebar } from "./sidebar";

function renderSidebar(role: Role, unreadMessages: number, path = "/") {
  const onSignOut = vi.fn();
  const rootRoute = createRootRoute({
    component: () => <Sidebar role={role} unreadMessages={unreadMessages} onSignOut={onSignOut} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  render(<RouterProvider router={router} />);
  return { onSignOut };
}

describe("Sidebar", () => {
  it.each(["administrator", "employee", "attorney", "consultant"] as const)(
    "lists the %s entries in order, starting with Dashboard and Messages",
    async (role) => {
      renderSidebar(role, 0);
      const nav = await screen.findByRole("navigation", { name: "Main" });
      const labels = within(nav).getAllByRole("link").map((a) => a.textContent);
      expect(labels).toEqual(SIDEBAR[role].map((e) => e.label));
      expect(labels.slice(0, 2)).toEqual(["Dashboard", "Messages"]);
    },
  );

  it("shows the unread badge on Messages only when the count is above 0", async () => {
    renderSidebar("attorney", 3);
    const messages = await screen.findByRole("link", { name: /Messages/ });
    expect(messages).toHaveTextContent("3 unread");
  });

  it("shows no badge for 0 unread messages", async () => {
    renderSidebar("attorney", 0);
    expect(await screen.findByRole("link", { name: "Messages" })).toBeInTheDocument();
  });

  it("highlights the active entry, shows the version and signs out", async () => {
    const user = userEvent.setup();
    const { onSignOut } = renderSidebar("consultant", 0, "/my-bookings");
    expect(await screen.findByRole("link", { name: "My Bookings" })).toHaveAttribute("data-status", "active");
    expect(screen.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("data-status", "active");
    expect(screen.getByText(/2\.1\.0/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Sign Out" }));
    expect(onSignOut).toHaveBeenCalledTimes(1);
  });
});
