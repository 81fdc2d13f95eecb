import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { queryDetail } from "@/test/fixtures";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { CommentForm } from "./query-comment-form";

const queryId = "7f1c2a52-3c8e-4a51-9d3e-2f6b0c1d4e5a";

describe("CommentForm", () => {
  it("refuses an empty comment with the server's sentence next to the box, and sends nothing", async () => {
    const user = userEvent.setup();
    const { calls } = renderWithTrpc(<CommentForm queryId={queryId} onChanged={vi.fn()} />);
    await user.type(screen.getByLabelText("Add a comment"), "   ");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByText("Comment is required")).toBeInTheDocument();
    const box = screen.getByLabelText("Add a comment");
    expect(box).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(box).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it("sends the comment, then empties the box", async () => {
    const user = userEvent.setup();
    const onChanged = vi.fn().mockResolvedValue(undefined);
    const { sent } = renderWithTrpc(<CommentForm queryId={queryId} onChanged={onChanged} />, {
      "queries.comment": () => queryDetail({ id: queryId }),
    });
    await user.type(screen.getByLabelText("Add a comment"), "The claimant moved to Durban.");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(sent("queries.comment")).toEqual([{ queryId, body: "The claimant moved to Durban." }]);
    await waitFor(() => expect(screen.getByLabelText("Add a comment")).toHaveValue(""));
  });

  it("shows the server's refusal of the comment on the box", async () => {
    const user = userEvent.setup();
    renderWithTrpc(<CommentForm queryId={queryId} onChanged={vi.fn()} />, {
      "queries.comment": () => {
        throw refusal("Comment must be at most 5000 characters", { body: "Comment must be at most 5000 characters" });
      },
    });
    await user.type(screen.getByLabelText("Add a comment"), "Too long, as the server sees it.");
    await user.click(screen.getByRole("button", { name: "Comment" }));
    expect(await screen.findByText("Comment must be at most 5000 characters", { selector: "p[id]" })).toBeInTheDocument();
    expect(screen.getByLabelText("Add a comment")).toHaveAttribute("aria-invalid", "true");
  });
});
