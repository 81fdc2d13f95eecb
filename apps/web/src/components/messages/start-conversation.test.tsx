import type { Role } from "@medlegal/domain";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { renderWithRouter } from "@/test/router";
import { StartConversation } from "./start-conversation";
import { ThreadList } from "./thread-list";

describe("StartConversation", () => {
  it("gives staff New message", async () => {
    const onCompose = vi.fn();
    renderWithRouter(<StartConversation staff onCompose={onCompose} />);
    await userEvent.setup().click(await screen.findByRole("button", { name: "New message" }));
    expect(onCompose).toHaveBeenCalled();
  });

  it("tells an attorney or expert that conversations start from a query, and leads to their queries", async () => {
    renderWithRouter(<StartConversation staff={false} onCompose={vi.fn()} />);
    expect(await screen.findByRole("link", { name: "Write about a query" })).toHaveAttribute("href", "/queries");
    expect(screen.getByText("Conversations start from a query: open it and use its Messages section.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "New message" })).not.toBeInTheDocument();
  });
});

describe("the conversation kind filter", () => {
  const kindsFor = async (role: Role) => {
    const root = createRootRoute({ component: () => <ThreadList selectedId={undefined} role={role} emptyHint="" /> });
    const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/messages"] }) });
    const view = renderWithTrpc(<RouterProvider router={router as never} />, {
      "messages.threads": () => ({ items: [], nextCursor: null }),
    });
    const options = [...(await screen.findByLabelText("Kind of conversation")).querySelectorAll("option")].map((o) => o.textContent);
    view.unmount();
    return options;
  };

  it("offers Internal and the claimant's texts to staff only, and Expert not to attorneys", async () => {
    expect(await kindsFor("employee")).toEqual(["All kinds", "Attorney", "Expert", "Claimant's texts", "Direct", "Internal"]);
    expect(await kindsFor("attorney")).toEqual(["All kinds", "Attorney", "Direct"]);
    expect(await kindsFor("consultant")).toEqual(["All kinds", "Attorney", "Expert", "Direct"]);
  });
});
