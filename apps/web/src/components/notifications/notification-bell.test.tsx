import type { NotificationDto } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { NotificationBell, NotificationPanel } from "./notification-bell";

function notification(i: number, read: boolean): NotificationDto {
  return {
    id: `n${i}`,
    userId: "u1",
    type: "query_update",
    title: `Notification ${i}`,
    message: `Message ${i}`,
    read,
    link: null,
    // Newest first: n1 is the latest.
    createdAt: new Date(Date.UTC(2026, 10, 21, 16, 5) - i * 60_000).toISOString(),
  };
}

const many = (total: number, unread: number) => Array.from({ length: total }, (_, i) => notification(i + 1, i >= unread));

function callbacks() {
  return { onMarkRead: vi.fn(), onMarkAllRead: vi.fn(), onDelete: vi.fn(), onViewAll: vi.fn() };
}

describe("Notification bell", () => {
  it("shows 9+ on the badge when 12 are unread", () => {
    render(<NotificationBell notifications={many(12, 12)} {...callbacks()} />);
    expect(screen.getByTestId("notification-badge")).toHaveTextContent("9+");
    // The button's name holds what the badge shows (WCAG 2.5.3, label in name).
    expect(screen.getByRole("button", { name: "Notifications, 9+ unread" })).toBeInTheDocument();
  });

  it("shows the exact number when 3 are unread, and no badge when none are", () => {
    const { unmount } = render(<NotificationBell notifications={many(5, 3)} {...callbacks()} />);
    expect(screen.getByTestId("notification-badge")).toHaveTextContent(/^3$/);
    expect(screen.getByRole("button", { name: "Notifications, 3 unread" })).toBeInTheDocument();
    unmount();
    render(<NotificationBell notifications={many(5, 0)} {...callbacks()} />);
    expect(screen.queryByTestId("notification-badge")).not.toBeInTheDocument();
  });

  it("opens a list of at most 10 with 'View all notifications' when 12 exist", async () => {
    const user = userEvent.setup();
    const cb = callbacks();
    render(<NotificationBell notifications={many(12, 2)} {...cb} />);
    await user.click(screen.getByRole("button", { name: /Notifications/ }));
    const list = await screen.findByRole("list", { name: "Latest notifications" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(10);
    expect(within(list).getByText("Notification 1")).toBeInTheDocument();
    expect(within(list).queryByText("Notification 11")).not.toBeInTheDocument();
    const viewAll = screen.getByRole("link", { name: "View all notifications" });
    expect(viewAll).toHaveAttribute("href", "/notifications");
    await user.click(viewAll);
    expect(cb.onViewAll).toHaveBeenCalledTimes(1);
  });

  it("lists fewer on a phone when asked, with 'View all notifications' there only", () => {
    render(<NotificationPanel notifications={many(5, 0)} maxShown={5} phoneMaxShown={3} {...callbacks()} />);
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(5);
    expect(items.map((li) => li.className.includes("max-sm:hidden"))).toEqual([false, false, false, true, true]);
    expect(screen.getByRole("link", { name: "View all notifications" }).parentElement!.className).toContain("sm:hidden");
  });

  it("has no 'View all notifications' link with 10 or fewer", () => {
    render(<NotificationPanel notifications={many(10, 0)} {...callbacks()} />);
    expect(screen.getAllByRole("listitem")).toHaveLength(10);
    expect(screen.queryByRole("link", { name: "View all notifications" })).not.toBeInTheDocument();
  });

  it("highlights unread items and shows dates as month, day and time with am/pm", () => {
    render(<NotificationPanel notifications={[notification(1, false), notification(2, true)]} {...callbacks()} />);
    const unread = screen.getByRole("listitem", { name: /Unread: Notification 1/ });
    const read = screen.getByRole("listitem", { name: "Notification 2" });
    expect(unread).toHaveAttribute("data-unread", "true");
    expect(unread.className).toMatch(/bg-accent/);
    expect(read).toHaveAttribute("data-unread", "false");
    expect(read.className).not.toMatch(/bg-accent/);
    // 16:04 UTC is 18:04 in Johannesburg.
    expect(within(unread).getByText("Nov 21, 6:04 PM")).toBeInTheDocument();
  });

  it("marks one read, marks all read and deletes one through its callbacks", async () => {
    const user = userEvent.setup();
    const cb = callbacks();
    render(<NotificationPanel notifications={[notification(1, false), notification(2, true)]} {...cb} />);

    await user.click(screen.getByRole("button", { name: 'Mark "Notification 1" as read' }));
    expect(cb.onMarkRead).toHaveBeenCalledWith("n1");
    // A read item offers no "mark as read".
    expect(screen.queryByRole("button", { name: 'Mark "Notification 2" as read' })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Mark all read" }));
    expect(cb.onMarkAllRead).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole("button", { name: 'Delete "Notification 2"' }));
    expect(cb.onDelete).toHaveBeenCalledWith("n2");
  });

  it("shows an empty state when there are no notifications", () => {
    render(<NotificationPanel notifications={[]} {...callbacks()} />);
    expect(screen.getByText("No notifications")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Mark all read" })).not.toBeInTheDocument();
  });
});
