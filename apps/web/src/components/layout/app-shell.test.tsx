import type { CurrentUser } from "@medlegal/domain";
import { QueryClientProvider } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { renderWithRouter } from "@/test/router";
import { AppShell } from "./app-shell";

const USER: CurrentUser = {
  id: "u1",
  username: "attorney",
  firstName: "Johan",
  lastName: "van der Merwe",
  email: "attorney@medlegal.example",
  role: "attorney",
  specialization: null,
};

/** The shell with its header data already known, so nothing is fetched. */
function renderShell() {
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.unreadMessages, 0);
  queryClient.setQueryData(queryKeys.notifications(USER.id), []);
  queryClient.setQueryDefaults(queryKeys.unreadMessages, { enabled: false });
  queryClient.setQueryDefaults(queryKeys.notifications(USER.id), { enabled: false });
  renderWithRouter(
    <QueryClientProvider client={queryClient}>
      <AppShell user={USER}>
        <h1>My Cases</h1>
      </AppShell>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("AppShell", () => {
  it("starts with a 'Skip to main content' link that moves focus to the page's content", async () => {
    const user = renderShell();
    await screen.findByRole("heading", { name: "My Cases" });
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(skip).toHaveFocus();
    // Hidden above the window until focused, with no shadow or ring left showing at its edge.
    const unfocusedLook = skip.className.split(" ").filter((c) => !c.startsWith("focus:"));
    expect(unfocusedLook.filter((c) => /^(shadow|ring)-(sm|md|lg|xl|1|2|4)$/.test(c) || c === "shadow" || c === "ring")).toEqual([]);
    expect(skip).toHaveAttribute("href", "#main");
    await user.keyboard("{Enter}");
    const main = screen.getByRole("main");
    expect(main).toHaveAttribute("id", "main");
    expect(main).toHaveFocus();
    expect(within(main).getByRole("heading", { name: "My Cases" })).toBeInTheDocument();
  });

  it("opens the menu on its first entry and gives focus back to the menu button when it closes", async () => {
    const user = renderShell();
    const menuButton = await screen.findByRole("button", { name: "Open menu" });
    await user.click(menuButton);
    const drawer = await screen.findByRole("dialog", { name: "Navigation" });
    await waitFor(() => expect(within(drawer).getByRole("link", { name: "Dashboard" })).toHaveFocus());
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Navigation" })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole("button", { name: "Open menu" })).toHaveFocus());
  });
});
