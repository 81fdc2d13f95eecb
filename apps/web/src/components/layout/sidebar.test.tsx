import type { Role } from "@medlegal/domain";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
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
  const { unmount } = render(<RouterProvider router={router} />);
  return { onSignOut, unmount };
}

/**
 * What each role finds in the sidebar, as the product spec lists it (SPEC.md, "Sidebar per role"):
 * the entry a user reads and the page it opens. Written out here, not read from the app's own
 * navigation table, so a change to that table has to agree with the spec to pass.
 */
const EXPECTED: Record<Role, [label: string, href: string][]> = {
  administrator: [
    ["Dashboard", "/"],
    ["Messages", "/messages"],
    ["Query Management", "/admin/query-management"],
    ["Expert Appointments", "/admin/expert-appointments"],
    ["Booking Management", "/admin/bookings"],
    ["Assessment Schedules", "/admin/assessment-schedules"],
    ["Expert Availability", "/expert-availability"],
    ["Video Conferences", "/video-conferences"],
    ["User Management", "/admin/users"],
    ["Consultants", "/consultants"],
    ["Specializations", "/admin/specializations"],
    ["Reports", "/reports"],
    ["Audit Trail", "/audit-trail"],
    ["Invoice Management", "/invoices"],
    ["Payment Management", "/admin/payments"],
    ["Settings", "/settings"],
  ],
  employee: [
    ["Dashboard", "/"],
    ["Messages", "/messages"],
    ["Query Management", "/admin/query-management"],
    ["Expert Appointments", "/admin/expert-appointments"],
    ["Booking Management", "/admin/bookings"],
    ["Assessment Schedules", "/admin/assessment-schedules"],
    ["Consultant Availability", "/consultant-availability"],
    ["Expert Availability", "/expert-availability"],
    ["Video Conferences", "/video-conferences"],
    ["Consultants", "/consultants"],
    ["Reports", "/reports"],
    ["Invoice Management", "/invoices"],
    ["Settings", "/settings"],
  ],
  attorney: [
    ["Dashboard", "/"],
    ["Messages", "/messages"],
    ["My Cases", "/cases"],
    ["My Queries", "/queries"],
    ["My Invoices", "/invoices"],
    ["Reports", "/reports"],
    ["Payments", "/payments"],
    ["Settings", "/settings"],
  ],
  consultant: [
    ["Dashboard", "/"],
    ["Messages", "/messages"],
    ["My Bookings", "/my-bookings"],
    ["My Queries", "/queries"],
    ["My Availability", "/expert-availability"],
    ["Video Conferences", "/video-conferences"],
    ["Settings", "/settings"],
  ],
  // Not in the SPEC's table (issue 28): the interpreter's bookings and their account.
  interpreter: [
    ["My Interpreting", "/my-interpreting"],
    ["Settings", "/settings"],
  ],
};

describe("Sidebar", () => {
  it.each(["administrator", "employee", "attorney", "consultant"] as const)(
    "shows the %s their entries in order, each opening its page",
    async (role) => {
      renderSidebar(role, 0);
      const nav = await screen.findByRole("navigation", { name: "Main" });
      const entries = within(nav)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]);
      expect(entries).toEqual(EXPECTED[role]);
    },
  );

  it("keeps the agency's administration out of an attorney's and a consultant's sidebar", async () => {
    for (const role of ["attorney", "consultant"] as const) {
      const { unmount } = renderSidebar(role, 0);
      const nav = await screen.findByRole("navigation", { name: "Main" });
      for (const name of ["User Management", "Audit Trail", "Payment Management", "Query Management", "Specializations"]) {
        expect(within(nav).queryByRole("link", { name }), `${role}: ${name}`).toBeNull();
      }
      unmount();
    }
  });

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

  it("lists the trial calendar, day sheets, all cases and the records register in a second group below the spec's entries, for the roles that use them (issues 37, 40)", async () => {
    const more = async (role: Role) => {
      const { unmount } = renderSidebar(role, 0, "/day-sheet");
      await screen.findByRole("navigation", { name: "Main" });
      const nav = screen.queryByRole("navigation", { name: "More" });
      const links = nav
        ? within(nav)
            .getAllByRole("link")
            .map((a) => [a.textContent, a.getAttribute("href"), a.getAttribute("data-status")])
        : null;
      unmount();
      return links;
    };
    const staff = [
      ["Trial Calendar", "/trial-calendar", null],
      ["Day Sheets", "/day-sheet", "active"],
      ["Cases", "/cases", null],
      ["Records", "/records", null],
    ];
    expect(await more("administrator")).toEqual(staff);
    expect(await more("employee")).toEqual(staff);
    expect(await more("attorney")).toEqual([["Trial Calendar", "/trial-calendar", null]]);
    expect(await more("consultant")).toBeNull();
    expect(await more("interpreter")).toBeNull();
  });

  it("puts the second group after the Main navigation", async () => {
    renderSidebar("employee", 0);
    const main = await screen.findByRole("navigation", { name: "Main" });
    const more = screen.getByRole("navigation", { name: "More" });
    expect(main.compareDocumentPosition(more) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
