import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { TimeSelect, timeOptions } from "./time-select";

describe("TimeSelect", () => {
  it("offers the day's times every 15 minutes as 24-hour times, never with am or pm", () => {
    render(<TimeSelect aria-label="From" value="13:30" onChange={vi.fn()} />);
    const options = within(screen.getByRole("combobox", { name: "From" }))
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(options).toHaveLength(96);
    expect(options.slice(0, 3)).toEqual(["00:00", "00:15", "00:30"]);
    expect(options.at(-1)).toBe("23:45");
    expect(options.join(" ")).not.toMatch(/am|pm/i);
    expect(screen.getByRole("combobox", { name: "From" })).toHaveDisplayValue("13:30");
  });

  it("keeps a saved time that falls between the steps, and hands the chosen time back", async () => {
    const onChange = vi.fn();
    render(<TimeSelect aria-label="To" value="08:10" onChange={(e) => onChange(e.target.value)} />);
    expect(screen.getByRole("combobox", { name: "To" })).toHaveDisplayValue("08:10");
    expect(timeOptions(15, "08:10").slice(32, 35)).toEqual(["08:00", "08:10", "08:15"]);
    await userEvent.setup().selectOptions(screen.getByRole("combobox", { name: "To" }), "17:45");
    expect(onChange).toHaveBeenCalledWith("17:45");
  });
});
