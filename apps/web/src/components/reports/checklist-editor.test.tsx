import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ChecklistEditor } from "./checklist-editor";

const ITEMS = [
  { id: "a", label: "Claimant details match", mandatory: true },
  { id: "b", label: "Signed and dated", mandatory: true },
  { id: "c", label: "Left and right are consistent", mandatory: false },
];

function setup() {
  const onSave = vi.fn();
  const onDirtyChange = vi.fn();
  render(<ChecklistEditor kind="medico_legal" items={ITEMS} pending={false} onSave={onSave} onDirtyChange={onDirtyChange} />);
  return { onSave, onDirtyChange, user: userEvent.setup() };
}

const labels = () =>
  within(screen.getByRole("list", { name: "Checks for Medico-legal report" }))
    .getAllByRole("textbox")
    .map((input) => (input as HTMLInputElement).value);

describe("ChecklistEditor", () => {
  it("shows the checks in order, and saves nothing until something changed", () => {
    setup();
    expect(labels()).toEqual(ITEMS.map((i) => i.label));
    expect(screen.getByRole("textbox", { name: "Check 2" })).toHaveValue("Signed and dated");
    expect(screen.getByRole("checkbox", { name: "Mandatory (check 3)" })).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Save checklist" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move check 1 up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move check 3 down" })).toBeDisabled();
  });

  it("moves a check with the keyboard and keeps focus on the moved check", async () => {
    const { user } = setup();
    screen.getByRole("button", { name: "Move check 2 up" }).focus();
    await user.keyboard("{Enter}");
    expect(labels()).toEqual(["Signed and dated", "Claimant details match", "Left and right are consistent"]);
    // Now first, it cannot move up: focus goes to its other arrow, still on the same check.
    await waitFor(() => expect(screen.getByRole("button", { name: "Move check 1 down" })).toHaveFocus());
    expect(screen.getByRole("status")).toHaveTextContent('"Signed and dated" moved to position 1 of 3.');
    await user.keyboard("{Enter}");
    await user.keyboard("{Enter}");
    expect(labels()).toEqual(["Claimant details match", "Left and right are consistent", "Signed and dated"]);
    await waitFor(() => expect(screen.getByRole("button", { name: "Move check 3 up" })).toHaveFocus());
  });

  it("adds, renames, removes and marks checks, then saves the list in its new order", async () => {
    const { user, onSave, onDirtyChange } = setup();
    await user.type(screen.getByRole("textbox", { name: "New check" }), "Page numbers on every page{Enter}");
    expect(screen.getByRole("textbox", { name: "New check" })).toHaveValue("");
    const first = screen.getByRole("textbox", { name: "Check 1" });
    await user.clear(first);
    await user.type(first, "Claimant name, ID and birth date match");
    await user.click(screen.getByRole("button", { name: "Remove check 2" }));
    await user.click(screen.getByRole("checkbox", { name: "Mandatory (check 2)" }));
    expect(onDirtyChange).toHaveBeenLastCalledWith(true);
    expect(screen.getByText("Unsaved changes")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save checklist" }));
    expect(onSave).toHaveBeenCalledWith([
      { label: "Claimant name, ID and birth date match", mandatory: true },
      { label: "Left and right are consistent", mandatory: true },
      { label: "Page numbers on every page", mandatory: true },
    ]);
  });

  it("refuses a nameless or repeated check with a sentence, and discards changes on request", async () => {
    const { user, onSave } = setup();
    await user.click(screen.getByRole("button", { name: "Add check" }));
    expect(screen.getByText("Name the check")).toBeInTheDocument();
    await user.type(screen.getByRole("textbox", { name: "New check" }), "signed and dated{Enter}");
    expect(screen.getByText('"signed and dated" is already on the list.')).toBeInTheDocument();

    await user.clear(screen.getByRole("textbox", { name: "Check 3" }));
    await user.click(screen.getByRole("button", { name: "Save checklist" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "Check 3" })).toHaveAccessibleDescription("Name the check");

    await user.type(screen.getByRole("textbox", { name: "Check 3" }), "Signed and dated");
    await user.click(screen.getByRole("button", { name: "Save checklist" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "Check 3" })).toHaveAccessibleDescription(
      '"Signed and dated" is on the list twice: name each check once.',
    );

    await user.click(screen.getByRole("button", { name: "Discard changes" }));
    expect(labels()).toEqual(ITEMS.map((i) => i.label));
    expect(screen.getByRole("button", { name: "Save checklist" })).toBeDisabled();
  });

  it("will not save an empty list", async () => {
    const { user, onSave } = setup();
    for (let i = 0; i < 3; i++) await user.click(screen.getByRole("button", { name: "Remove check 1" }));
    expect(screen.getByText("No checks. Add at least one before saving.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save checklist" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByText("Keep at least one check")).toBeInTheDocument();
  });
});
