import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessagesLayout } from "./messages-layout";

const panes = () => ({
  list: screen.getByText("the list").closest<HTMLElement>("[data-pane]")!,
  conversation: screen.getByText(/the conversation|choose one/).closest<HTMLElement>("[data-pane]")!,
});

describe("MessagesLayout on a phone", () => {
  it("shows the list alone until a conversation is open", () => {
    render(<MessagesLayout threadId={undefined} list={<p>the list</p>} conversation={null} placeholder={<p>choose one</p>} />);
    const { list, conversation } = panes();
    // Below 1024 px only the unprefixed class applies; lg: shows both side by side.
    expect(list).toHaveClass("block");
    expect(conversation).toHaveClass("hidden", "lg:block");
    expect(conversation).toHaveTextContent("choose one");
  });

  it("shows the conversation alone once one is open", () => {
    render(<MessagesLayout threadId="t1" list={<p>the list</p>} conversation={<p>the conversation</p>} placeholder={<p>choose one</p>} />);
    const { list, conversation } = panes();
    expect(list).toHaveClass("hidden", "lg:block");
    expect(conversation).toHaveClass("block");
    expect(conversation).toHaveTextContent("the conversation");
  });
});
