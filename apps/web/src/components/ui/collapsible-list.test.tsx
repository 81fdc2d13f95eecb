import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { CollapsibleList } from "./collapsible-list";

const list = (n: number) => Array.from({ length: n }, (_, i) => `Entry ${i + 1}`);

function renderList(n: number) {
  render(<CollapsibleList items={list(n)} getKey={(s) => s} renderItem={(s) => s} label="Areas" />);
}

describe("CollapsibleList", () => {
  it("keeps the first 3 of a long list on a phone and opens the rest with 'Show all'", async () => {
    const user = userEvent.setup();
    renderList(14);
    const items = screen.getAllByRole("listitem");
    expect(items).toHaveLength(14);
    // Hidden below the sm breakpoint only: wider screens show every entry and no button.
    expect(items.slice(0, 3).every((li) => !li.className.includes("max-sm:hidden"))).toBe(true);
    expect(items.slice(3).every((li) => li.className.includes("max-sm:hidden"))).toBe(true);
    const toggle = screen.getByRole("button", { name: "Show all 14" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(toggle).toHaveAttribute("aria-controls", screen.getByRole("list", { name: "Areas" }).id);
    expect(toggle.className).toContain("sm:hidden");

    await user.click(toggle);
    expect(screen.getAllByRole("listitem").some((li) => li.className.includes("max-sm:hidden"))).toBe(false);
    expect(screen.getByRole("button", { name: "Show fewer" })).toHaveAttribute("aria-expanded", "true");
  });

  it("has no button for 3 entries or fewer", () => {
    renderList(3);
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
