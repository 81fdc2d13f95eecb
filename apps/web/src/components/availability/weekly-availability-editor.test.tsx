import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { WeeklyAvailabilityEditor } from "./weekly-availability-editor";

const monday = () => screen.getByRole("listitem", { name: "Monday" });
const empty = { days: [], dailyCapacity: 4 };

describe("WeeklyAvailabilityEditor", () => {
  it("adds and removes time ranges on a day, and saves the week", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<WeeklyAvailabilityEditor initial={empty} onSave={onSave} />);
    expect(within(monday()).getByText("Not available")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add hours on Monday" }));
    await user.click(screen.getByRole("button", { name: "Add hours on Monday" }));
    expect(within(monday()).getAllByLabelText("From")).toHaveLength(2);
    expect(within(monday()).getByText("2 ranges")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Remove hours Monday 2" }));
    expect(within(monday()).getAllByLabelText("From")).toHaveLength(1);

    fireEvent.change(within(monday()).getByLabelText("Venue"), { target: { value: "Sandton Medical Suites" } });
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    const saved = onSave.mock.calls[0]![0];
    expect(saved.dailyCapacity).toBe(4);
    expect(saved.days.find((d: { weekday: number }) => d.weekday === 1).ranges).toEqual([
      { start: "09:00", end: "13:00", venue: "Sandton Medical Suites", mode: "in_person" },
    ]);
  });

  it("shows the overlap error and does not save overlapping ranges", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(
      <WeeklyAvailabilityEditor
        initial={{
          days: [{ weekday: 1, ranges: [{ start: "09:00", end: "13:00", venue: "Rosebank", mode: "in_person" }] }],
          dailyCapacity: 4,
        }}
        onSave={onSave}
      />,
    );
    expect(screen.queryByText("Monday's time ranges overlap")).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add hours on Monday" }));
    fireEvent.change(within(monday()).getAllByLabelText("From")[1]!, { target: { value: "12:00" } });
    expect(screen.getByText("Monday's time ranges overlap")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("Correct the marked hours before saving.");
  });

  it("needs a venue for in-person hours but not for video", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<WeeklyAvailabilityEditor initial={empty} onSave={onSave} />);
    await user.click(screen.getByRole("button", { name: "Add hours on Tuesday" }));
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(screen.getByText("An in-person range needs a venue")).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText("How"), "video");
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]![0].days[1].ranges).toEqual([{ start: "09:00", end: "13:00", venue: null, mode: "video" }]);
  });

  it("refuses a daily capacity outside 1 to 20 with the schema's sentence on the field", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<WeeklyAvailabilityEditor initial={empty} onSave={onSave} />);
    const capacity = screen.getByLabelText("Daily capacity");
    await user.clear(capacity);
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(await screen.findByText("Daily capacity is a number")).toBeInTheDocument();
    await waitFor(() => expect(capacity).toHaveFocus());
    await user.type(capacity, "25");
    expect(screen.getByText("At most 20 assessments a day")).toBeInTheDocument();
    expect(capacity).toHaveAttribute("aria-invalid", "true");
    await user.click(screen.getByRole("button", { name: "Save weekly hours" }));
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the capacity on the field", () => {
    render(<WeeklyAvailabilityEditor initial={empty} onSave={vi.fn()} serverErrors={{ dailyCapacity: "At least one assessment a day" }} />);
    expect(screen.getByText("At least one assessment a day")).toBeInTheDocument();
    expect(screen.getByLabelText("Daily capacity")).toHaveAttribute("aria-invalid", "true");
  });
});
