import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessagesLayout } from "./messages-layout";

/**
 * What the layout puts before a reader: the conversations, and beside (after) them the open
 * conversation or the hint to choose one. Which pane a phone shows at a time is CSS (Tailwind's
 * breakpoints), which the test DOM does not apply: a real browser at 375 px checks that in
 * e2e/tests/messages.e2e.ts ("on a phone, the list and the conversation are two views").
 */
const reads = (before: string, after: string) =>
  Boolean(screen.getByText(before).compareDocumentPosition(screen.getByText(after)) & Node.DOCUMENT_POSITION_FOLLOWING);

describe("MessagesLayout", () => {
  it("offers the conversations and, until one is chosen, the hint to choose one after them", () => {
    render(<MessagesLayout threadId={undefined} list={<p>the list</p>} conversation={null} placeholder={<p>choose one</p>} />);
    expect(screen.getByText("the list")).toBeInTheDocument();
    expect(screen.getByText("choose one")).toBeInTheDocument();
    expect(reads("the list", "choose one")).toBe(true);
  });

  it("shows the open conversation in place of the hint, the conversations still before it", () => {
    render(<MessagesLayout threadId="t1" list={<p>the list</p>} conversation={<p>the conversation</p>} placeholder={<p>choose one</p>} />);
    expect(screen.getByText("the conversation")).toBeInTheDocument();
    expect(screen.queryByText("choose one")).toBeNull();
    expect(reads("the list", "the conversation")).toBe(true);
  });
});
