import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SpecializationForm } from "./specialization-form";

const fee = () => screen.getByLabelText("Default report fee");

describe("SpecializationForm", () => {
  it.each(["R 2 500.00", "2500", "R2,500", "2 500,00"])("reads the fee %s as 250000 cents", async (typed) => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SpecializationForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Neuropsychologist" } });
    fireEvent.change(fee(), { target: { value: typed } });
    await user.click(screen.getByRole("button", { name: "Add specialization" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Neuropsychologist", description: null, defaultReportFeeCents: 250000 });
  });

  it("shows the saved fee in rand and formats what is typed when the field is left", () => {
    render(
      <SpecializationForm
        initial={{ name: "Actuary", description: "Loss of earnings", defaultReportFeeCents: 1250050 }}
        onSubmit={vi.fn()}
      />,
    );
    expect(fee()).toHaveValue("R\u00a012\u00a0500.50");
    fireEvent.change(fee(), { target: { value: "3000" } });
    fireEvent.blur(fee());
    expect(fee()).toHaveValue("R\u00a03\u00a0000.00");
  });

  it("refuses a fee that is not an amount and a missing name", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<SpecializationForm onSubmit={onSubmit} />);
    fireEvent.change(fee(), { target: { value: "two thousand" } });
    await user.click(screen.getByRole("button", { name: "Add specialization" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText("Name is required")).toBeInTheDocument();
    expect(screen.getByText(/Enter an amount in rand/)).toBeInTheDocument();
  });

  it("sends no fee when the field is empty, and shows the server's error for a taken name", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const { rerender } = render(<SpecializationForm onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "Dentist" } });
    await user.click(screen.getByRole("button", { name: "Add specialization" }));
    expect(onSubmit).toHaveBeenCalledWith({ name: "Dentist", description: null, defaultReportFeeCents: null });
    rerender(<SpecializationForm onSubmit={onSubmit} serverErrors={{ name: "A specialization with that name already exists" }} />);
    expect(screen.getByText("A specialization with that name already exists")).toBeInTheDocument();
  });
});
