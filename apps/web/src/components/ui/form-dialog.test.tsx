import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as React from "react";
import { describe, expect, it } from "vitest";
import { FormDialog } from "./form-dialog";

/** A dialog opened from state, as the app's "New case" and "Edit" buttons do (no DialogTrigger). */
function Harness() {
  const [open, setOpen] = React.useState(false);
  return (
    <>
      <button type="button">Before</button>
      <button type="button" onClick={() => setOpen(true)}>
        New case
      </button>
      <FormDialog open={open} onClose={() => setOpen(false)} title="New case" description="Choose the claimant.">
        <label htmlFor="notes">Notes</label>
        <input id="notes" />
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </FormDialog>
    </>
  );
}

describe("FormDialog focus", () => {
  it.each([
    ["Escape", async (user: ReturnType<typeof userEvent.setup>) => user.keyboard("{Escape}")],
    ["its Close button", async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "Close" }))],
    [
      "a Cancel button of the form",
      async (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole("button", { name: "Cancel" })),
    ],
  ])("gives focus back to the button that opened it when closed with %s", async (_how, close) => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole("button", { name: "New case" });
    await user.click(opener);
    await screen.findByRole("dialog", { name: "New case" });
    await waitFor(() => expect(opener).not.toHaveFocus());
    await close(user);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
  });
});
