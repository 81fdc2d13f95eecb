import type { MessageItem, ThreadSummary } from "@medlegal/domain";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type * as React from "react";
import { describe, expect, it } from "vitest";
import type { Answer, Answers } from "@/test/trpc";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { Conversation } from "./conversation";

const threadId = "0b7c3f52-2f0e-4a8e-9a51-7d2c0e6f4b11";
const employee = { userId: "u-emp", name: "Ann Employee", role: "employee" as const };
const attorney = { userId: "u-att", name: "Johan van der Merwe", role: "attorney" as const };

const thread: ThreadSummary = {
  id: threadId,
  kind: "query_attorney",
  subject: "Knee assessment",
  queryId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  queryReference: "Q-2026-0007",
  claimantName: "Thandi Mokoena",
  participants: [attorney, employee],
  lastMessage: null,
  unreadCount: 1,
  lastMessageAt: null,
  canPost: true,
};

let n = 0;
const message = (m: Partial<MessageItem>): MessageItem => ({
  id: `m${++n}`,
  threadId,
  sender: attorney,
  mine: false,
  body: "Hello",
  createdAt: "2026-11-27T08:00:00.000Z",
  attachments: [],
  ...m,
});

/** The component inside a memory router (its links) and with tRPC answered in the test. */
function renderConversation(answers: Answers) {
  const root = createRootRoute({ component: () => <Conversation threadId={threadId} backLink={null} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/messages"] }) });
  return renderWithTrpc((<RouterProvider router={router as never} />) as React.ReactNode, {
    "messages.markRead": () => ({ ok: true }),
    ...answers,
  });
}

describe("Conversation", () => {
  const earlier = message({ body: "Earlier question", createdAt: "2026-11-26T08:00:00.000Z" });
  const script = message({ body: "<script>alert(1)</script>\nSecond line", createdAt: "2026-11-27T08:00:00.000Z" });
  const mine = message({
    sender: employee,
    mine: true,
    body: "The report is attached.",
    createdAt: "2026-11-27T09:00:00.000Z",
    attachments: [{ fileId: "f1", name: "report.pdf", size: 2048, contentType: "application/pdf" }],
  });
  const pages: Answer<"messages.list"> = (input) =>
    input.cursor === "c1" ? { items: [earlier], earlierCursor: null } : { items: [script, mine], earlierCursor: "c1" };

  it("shows who takes part by role, the messages as text, mine apart, and marks the conversation read", async () => {
    const view = renderConversation({ "messages.thread": () => thread, "messages.list": pages });
    expect(await screen.findByRole("heading", { name: "Knee assessment" })).toBeInTheDocument();
    expect(screen.getByText("Agency:").nextSibling).toHaveTextContent("Ann Employee");
    expect(screen.getByText("Attorney:").nextSibling).toHaveTextContent("Johan van der Merwe");
    expect(screen.getByRole("link", { name: "Q-2026-0007" })).toHaveAttribute("href", `/queries/${thread.queryId}`);

    const log = await screen.findByRole("log", { name: "Messages" });
    // Text, never markup: the tags show as written and nothing runs.
    expect(within(log).getByText(/<script>alert\(1\)<\/script>/)).toHaveClass("whitespace-pre-wrap");
    expect(log.querySelector("script")).toBeNull();
    const articles = within(log).getAllByRole("article");
    expect(articles.map((a) => a.getAttribute("aria-label")?.split(",")[0])).toEqual(["Johan van der Merwe", "You"]);
    expect(within(log).getByRole("link", { name: /report\.pdf/ })).toHaveAttribute("href", "/api/files/f1");

    await waitFor(() => expect(view.sent("messages.markRead")).toEqual([{ threadId }]));
  });

  it("names the query once when the subject already names it, and still links to it", async () => {
    renderConversation({
      "messages.thread": () => ({ ...thread, subject: "Query Q-2026-0007: attorney and agency" }),
      "messages.list": pages,
    });
    expect(await screen.findByRole("heading", { name: "Query Q-2026-0007: attorney and agency" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Open the query" })).toHaveAttribute("href", `/queries/${thread.queryId}`);
    expect(screen.getByText(/Claimant: Thandi Mokoena/)).toBeInTheDocument();
    expect(screen.getAllByText(/Q-2026-0007/)).toHaveLength(1);
  });

  it("loads earlier messages above the ones shown", async () => {
    const user = userEvent.setup();
    const view = renderConversation({ "messages.thread": () => thread, "messages.list": pages });
    await user.click(await screen.findByRole("button", { name: "Load earlier" }));
    await waitFor(() => expect(within(screen.getByRole("log")).getAllByRole("article")).toHaveLength(3));
    expect(within(screen.getByRole("log")).getAllByRole("article")[0]).toHaveTextContent("Earlier question");
    expect(view.sent("messages.list")).toEqual([
      { threadId, limit: 30, direction: "forward" },
      { threadId, limit: 30, cursor: "c1", direction: "forward" },
    ]);
    expect(screen.queryByRole("button", { name: "Load earlier" })).toBeNull();
  });

  it("says a conversation the reader is not part of is not found, and marks nothing read", async () => {
    const view = renderConversation({
      "messages.thread": () => {
        throw {
          error: {
            ...refusal("That conversation does not exist or you are not taking part in it.").error,
            data: { code: "NOT_FOUND", httpStatus: 404 },
          },
        };
      },
      "messages.list": () => {
        throw refusal("That conversation does not exist or you are not taking part in it.");
      },
    });
    expect(await screen.findByText("Conversation not found")).toBeInTheDocument();
    expect(view.sent("messages.markRead")).toEqual([]);
  });

  it("lets a reader who may not post read without a composer", async () => {
    renderConversation({ "messages.thread": () => ({ ...thread, canPost: false }), "messages.list": pages });
    expect(await screen.findByText("You can read this conversation but not write in it.")).toBeInTheDocument();
    expect(screen.queryByLabelText("Message")).toBeNull();
  });

  it("shows a claimant's text under their name and number, with no role, and says how to answer them", async () => {
    const text = message({
      sender: { userId: null, name: "Thandi Mokoena (claimant, SMS from +27729134031)", role: null },
      body: "Can my sister come with me?",
    });
    renderConversation({
      "messages.thread": () => ({
        ...thread,
        kind: "query_claimant",
        subject: "Query Q-2026-0007: the claimant's text messages",
        participants: [employee],
        canPost: false,
      }),
      "messages.list": () => ({ items: [text], earlierCursor: null }),
    });
    const shown = await screen.findByRole("article", { name: /^Thandi Mokoena \(claimant, SMS from \+27729134031\)/ });
    expect(within(shown).getByText("Can my sister come with me?")).toBeInTheDocument();
    expect(within(shown).queryByText(/Attorney|Agency|Expert/)).toBeNull();
    expect(screen.getByText(/cannot read replies here: call them/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Message")).toBeNull();
  });
});
