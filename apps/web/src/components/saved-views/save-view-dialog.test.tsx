import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { SaveViewDialog } from "./save-view-dialog";

const FILTERS = { status: "submitted" as const, sort: "priority" as const };

describe("saving a view", () => {
  it("refuses an empty name before sending, then sends the list's filters under the name", async () => {
    const onClose = vi.fn();
    const { sent } = renderWithTrpc(<SaveViewDialog open onClose={onClose} list="queries" filters={FILTERS} canShare={false} />, {
      "savedViews.create": (input) => ({
        id: "v1",
        list: "queries",
        name: input.name,
        filters: input.filters,
        shared: false,
        mine: true,
        ownerName: "Priya Naidoo",
        count: 4,
      }),
      "savedViews.list": () => [],
    });
    expect(screen.queryByRole("switch", { name: "Share with all staff" })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Save view" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(sent("savedViews.create")).toEqual([]);
    await userEvent.type(screen.getByLabelText("Name"), "New in, by priority");
    await userEvent.click(screen.getByRole("button", { name: "Save view" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent("savedViews.create")).toEqual([{ list: "queries", name: "New in, by priority", shared: false, filters: FILTERS }]);
  });

  it("shows the server's sentence for a name already taken, and lets an administrator share", async () => {
    const { sent } = renderWithTrpc(<SaveViewDialog open onClose={() => undefined} list="queries" filters={FILTERS} canShare />, {
      "savedViews.create": () => {
        throw refusal("You already have a view with this name", { name: "You already have a view with this name" });
      },
    });
    await userEvent.type(screen.getByLabelText("Name"), "Urgent queries");
    await userEvent.click(screen.getByRole("switch", { name: "Share with all staff" }));
    await userEvent.click(screen.getByRole("button", { name: "Save view" }));
    expect(await screen.findByText("You already have a view with this name")).toBeTruthy();
    expect(sent("savedViews.create")).toEqual([{ list: "queries", name: "Urgent queries", shared: true, filters: FILTERS }]);
  });
});
