import type { Role, ThreadSummary } from "@medlegal/domain";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Answer } from "@/test/trpc";
import { renderWithTrpc } from "@/test/trpc";
import { ThreadList } from "./thread-list";

const thread: ThreadSummary = {
  id: "0b7c3f52-2f0e-4a8e-9a51-7d2c0e6f4b11",
  kind: "query_attorney",
  subject: "Query Q-2026-0007: attorney and agency",
  queryId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  queryReference: "Q-2026-0007",
  claimantName: "Thandi Mokoena",
  participants: [],
  lastMessage: { preview: "Any news on the date?", senderName: "Johan van der Merwe", createdAt: "2026-11-27T08:00:00.000Z" },
  unreadCount: 3,
  lastMessageAt: "2026-11-27T08:00:00.000Z",
  canPost: true,
};

function renderList(threads: Answer<"messages.threads">, role: Role = "employee") {
  const root = createRootRoute({
    component: () => <ThreadList selectedId={undefined} role={role} emptyHint="Open one of your queries to write to the agency." />,
  });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/messages"] }) });
  return renderWithTrpc(<RouterProvider router={router as never} />, { "messages.threads": threads });
}

describe("ThreadList", () => {
  it("names each conversation by query and claimant, with its last message and unread count, linking to it", async () => {
    renderList(() => ({ items: [thread], nextCursor: null }));
    const link = await screen.findByRole("link", { name: /Q-2026-0007 · Thandi Mokoena/ });
    expect(link).toHaveAttribute("href", `/messages?thread=${thread.id}`);
    expect(link).toHaveTextContent("Johan van der Merwe: Any news on the date?");
    expect(link).toHaveTextContent("3 unread");
  });

  it("names the query once: under the reference and claimant, whom the reader talks to, not the subject that repeats the reference", async () => {
    renderList(() => ({ items: [thread], nextCursor: null }));
    const link = await screen.findByRole("link", { name: /Q-2026-0007/ });
    expect(link.textContent!.match(/Q-2026-0007/g)).toHaveLength(1);
    expect(link).toHaveTextContent("With the attorney");
    expect(link).not.toHaveTextContent(thread.subject);
  });

  it("shows an attorney their query's conversation as with the agency", async () => {
    renderList(() => ({ items: [thread], nextCursor: null }), "attorney");
    const link = await screen.findByRole("link", { name: /Q-2026-0007 · Thandi Mokoena/ });
    expect(link).toHaveTextContent("With the agency");
    expect(link.textContent!.match(/Q-2026-0007/g)).toHaveLength(1);
  });

  it("names another conversation by its subject alone", async () => {
    renderList(() => ({
      items: [{ ...thread, kind: "internal", subject: "Rota for December", queryId: null, queryReference: null, claimantName: null }],
      nextCursor: null,
    }));
    const link = await screen.findByRole("link", { name: /Rota for December/ });
    expect(link.textContent!.match(/Rota for December/g)).toHaveLength(1);
    expect(link).not.toHaveTextContent("With the");
  });

  it("asks for unread conversations only, and says when none match", async () => {
    const user = userEvent.setup();
    const view = renderList((input) =>
      input?.filter === "unread" ? { items: [], nextCursor: null } : { items: [thread], nextCursor: null },
    );
    await screen.findByRole("link", { name: /Q-2026-0007/ });
    await user.click(screen.getByRole("button", { name: "Unread" }));
    expect(await screen.findByText("No conversations match")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Unread" })).toHaveAttribute("aria-pressed", "true");
    await waitFor(() => expect(view.sent("messages.threads").at(-1)).toMatchObject({ filter: "unread", limit: 20 }));
  });

  it("says there are no messages yet, and where to start", async () => {
    renderList(() => ({ items: [], nextCursor: null }));
    expect(await screen.findByText("No messages yet")).toBeInTheDocument();
    expect(screen.getByText("Open one of your queries to write to the agency.")).toBeInTheDocument();
  });
});
