import type { CurrentUser, GlobalSearchResult } from "@medlegal/domain";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { CommandPalette } from "./command-palette";

const EMPLOYEE: CurrentUser = {
  id: "u-employee",
  username: "employee",
  firstName: "Lindiwe",
  lastName: "Khumalo",
  email: "employee@medlegal.example",
  role: "employee",
  specialization: null,
};
const ATTORNEY: CurrentUser = { ...EMPLOYEE, id: "u-attorney", username: "attorney", role: "attorney" };

const FOUND: GlobalSearchResult = {
  groups: [
    {
      kind: "claimant",
      hits: [{ kind: "claimant", id: "p1", title: "Thandi Dlamini", detail: "ID 8001015009087", targetId: null, byIdentity: false }],
    },
    {
      kind: "query",
      hits: [{ kind: "query", id: "q1", title: "Q-2026-00012", detail: "Thandi Dlamini · in review", targetId: null, byIdentity: false }],
    },
  ],
};

function renderPalette(user: CurrentUser, answer: (term: string) => GlobalSearchResult = () => FOUND) {
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <label>
          Notes <input />
        </label>
        <CommandPalette user={user} />
      </>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ["/"] }) });
  const view = renderWithTrpc(<RouterProvider router={router as never} />, {
    "search.global": ({ term }) => answer(term),
    "search.identityOpened": () => ({ ok: true }),
  });
  return { ...view, router, keys: userEvent.setup() };
}

describe("the command palette", () => {
  beforeEach(() => window.localStorage.clear());

  it("opens with Ctrl+K as a dialog with a combobox and a listbox, groups results by kind and opens one with Enter", async () => {
    const { keys, router, sent } = renderPalette(EMPLOYEE);
    await screen.findByRole("button", { name: /search/i });
    await keys.keyboard("{Control>}k{/Control}");
    const dialog = await screen.findByRole("dialog", { name: "Search MedLegal" });
    const box = within(dialog).getByRole("combobox");
    expect(box).toHaveFocus();
    expect(within(dialog).getByRole("listbox")).toBeInTheDocument();

    await keys.type(box, "dlam");
    await within(dialog).findByRole("option", { name: /Q-2026-00012/ });
    expect(sent("search.global")).toContainEqual({ term: "dlam" });
    expect(within(dialog).getByText("Claimants")).toBeInTheDocument();
    expect(within(dialog).getByText("Queries")).toBeInTheDocument();

    // The first option is the claimant; one arrow down is the query.
    await keys.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/queries/q1"));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("shows the last opened items when empty, per user", async () => {
    const { keys } = renderPalette(EMPLOYEE);
    await screen.findByRole("button", { name: /search/i });
    await keys.keyboard("/");
    await keys.type(await screen.findByRole("combobox"), "dlam");
    await keys.click(await screen.findByRole("option", { name: /Thandi Dlamini ID/ }));
    await keys.keyboard("/");
    const dialog = await screen.findByRole("dialog", { name: "Search MedLegal" });
    expect(within(dialog).getByText("Recently opened")).toBeInTheDocument();
    expect(within(dialog).getByRole("option", { name: "Thandi Dlamini" })).toBeInTheDocument();
    // The detail line (an ID number) is not kept in the browser.
    expect(window.localStorage.getItem(`medlegal.palette.recent.${EMPLOYEE.id}`)).not.toContain("8001015009087");
    expect(window.localStorage.getItem(`medlegal.palette.recent.${ATTORNEY.id}`)).toBeNull();
  });

  it("does not open while typing in a field, and closes with Escape", async () => {
    const { keys } = renderPalette(EMPLOYEE);
    await keys.type(await screen.findByRole("textbox", { name: "Notes" }), "a/b");
    expect(screen.getByRole("textbox", { name: "Notes" })).toHaveValue("a/b");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await keys.keyboard("{Control>}k{/Control}");
    await screen.findByRole("dialog", { name: "Search MedLegal" });
    await keys.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("offers an attorney their commands and not the agency's, and logs opening a claimant found by ID number", async () => {
    const byId: GlobalSearchResult = {
      groups: [
        {
          kind: "claimant",
          hits: [{ kind: "claimant", id: "p9", title: "Sipho Mkhize", detail: "ID 9001015009086", targetId: null, byIdentity: true }],
        },
      ],
    };
    const { keys, sent, router } = renderPalette(ATTORNEY, () => byId);
    await screen.findByRole("button", { name: /search/i });
    await keys.keyboard("/");
    const dialog = await screen.findByRole("dialog", { name: "Search MedLegal" });
    expect(within(dialog).getByRole("option", { name: "New query" })).toBeInTheDocument();
    expect(within(dialog).queryByRole("option", { name: "Record a payment" })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole("option", { name: "Go to SLA monitoring" })).not.toBeInTheDocument();

    await keys.type(within(dialog).getByRole("combobox"), "9001015009086");
    await keys.click(await within(dialog).findByRole("option", { name: /Sipho Mkhize/ }));
    await waitFor(() => expect(sent("search.identityOpened")).toEqual([{ patientId: "p9" }]));
    expect(router.state.location.href).toBe("/patients?claimant=p9");
  });

  it("lists the shortcuts with ?", async () => {
    const { keys } = renderPalette(ATTORNEY);
    await screen.findByRole("button", { name: /search/i });
    await keys.keyboard("?");
    const help = await screen.findByRole("dialog", { name: "Keyboard shortcuts" });
    expect(within(help).getByText("Go to cases")).toBeInTheDocument();
    expect(within(help).getByText("Go to queries")).toBeInTheDocument();
  });
});
