import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { DeclareHolidayForm } from "./holidays-settings";

const add = () => screen.getByRole("button", { name: /Add holiday/ });

describe("DeclareHolidayForm", () => {
  it("refuses an empty day with the server's sentences, focuses the date and sends nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<DeclareHolidayForm onSubmit={onSubmit} />);
    await user.click(add());
    expect(await screen.findByText("Choose a date")).toBeInTheDocument();
    expect(screen.getByText("Give the day a name")).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveAttribute("aria-describedby", "holiday-date-error");
    await waitFor(() => expect(screen.getByLabelText("Date")).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();

    // A name of spaces is no name, as on the server.
    await user.type(screen.getByLabelText("Name"), "   ");
    await user.click(add());
    expect(await screen.findByText("Give the day a name")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends the trimmed day, then empties the fields", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    render(<DeclareHolidayForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Date"), "2031-03-05");
    await user.type(screen.getByLabelText("Name"), "  Local government elections ");
    await user.click(add());
    expect(onSubmit).toHaveBeenCalledWith({ date: "2031-03-05", name: "Local government elections" });
    await waitFor(() => expect(screen.getByLabelText("Name")).toHaveValue(""));
    expect(screen.queryByText("Choose a date")).not.toBeInTheDocument();
  });

  it("keeps the fields after a refusal and shows the server's field error on its field", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn().mockRejectedValue(new Error("refused"));
    const { rerender } = render(<DeclareHolidayForm onSubmit={onSubmit} />);
    await user.type(screen.getByLabelText("Date"), "2031-03-05");
    await user.type(screen.getByLabelText("Name"), "Elections");
    await user.click(add());
    expect(onSubmit).toHaveBeenCalled();
    expect(screen.getByLabelText("Name")).toHaveValue("Elections");
    rerender(<DeclareHolidayForm onSubmit={onSubmit} serverErrors={{ name: "Name must be at most 100 characters" }} />);
    expect(await screen.findByText("Name must be at most 100 characters")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
  });

  it("disables the fields and the button while the day is sent", () => {
    render(<DeclareHolidayForm onSubmit={vi.fn()} pending />);
    expect(add()).toBeDisabled();
    expect(screen.getByLabelText("Name")).toBeDisabled();
  });
});
