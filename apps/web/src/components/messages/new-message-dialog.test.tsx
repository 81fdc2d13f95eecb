import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { NewMessageDialog } from "./new-message-dialog";

const NOMSA = "00000000-0000-4000-8000-000000000077";

/** Issue 37: a user an employee found in the search palette opens a new message to them. */
describe("a new message to a person found in the search", () => {
  it("starts with that person chosen", async () => {
    const { sent } = renderWithTrpc(<NewMessageDialog open to={NOMSA} onClose={vi.fn()} onStarted={vi.fn()} />, {
      "messages.recipients": (input) => ({
        items: input?.userId === NOMSA ? [{ userId: NOMSA, name: "Nomsa Dube", role: "attorney" }] : [],
      }),
    });
    const chosen = await screen.findByRole("list", { name: "Chosen recipients" });
    expect(within(chosen).getByText("Nomsa Dube")).toBeTruthy();
    expect(sent("messages.recipients")).toContainEqual({ userId: NOMSA });
  });
});
