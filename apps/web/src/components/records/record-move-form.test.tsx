import type { RecordRequestStatus } from "@medlegal/domain";
import { sastDate } from "@medlegal/domain";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { RecordMoveForm } from "./record-move-form";

const REQUEST = "f3f3f3f3-1111-4222-8333-444444444444";
const MOVES: RecordRequestStatus[] = ["acknowledged", "extended", "fee_requested", "received", "refused", "closed"];

function renderForm(moves = MOVES, over: Partial<React.ComponentProps<typeof RecordMoveForm>> = {}) {
  const onSubmit = vi.fn();
  render(<RecordMoveForm requestId={REQUEST} moves={moves} minDate="2026-11-01" pending={false} onSubmit={onSubmit} {...over} />);
  return onSubmit;
}
const step = () => screen.getByLabelText("Next step");
const record = () => screen.getByRole("button", { name: "Record the step" });

describe("the next step of a records request", () => {
  it("offers only the request's moves, dated today in South Africa unless changed", () => {
    renderForm();
    const options = [...(step() as HTMLSelectElement).options].filter((o) => !o.disabled).map((o) => o.textContent);
    expect(options).toEqual(["Acknowledged", "Extended", "Fee requested", "Received", "Refused", "Closed"]);
    expect(screen.getByLabelText("Date")).toHaveValue(sastDate(new Date()));
    expect(screen.queryByLabelText("Days of the extension")).toBeNull();
  });

  it("asks an extension's days, and sends them as a number with nothing of the other steps", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.selectOptions(step(), "extended");
    expect(screen.getByLabelText("Notice dated")).toBeInTheDocument();
    expect(screen.queryByLabelText("Section cited")).toBeNull();
    expect(screen.queryByLabelText("Fee asked")).toBeNull();
    await user.click(record());
    expect(await screen.findByText("Give the days of the extension")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Days of the extension"), { target: { value: "40" } });
    expect(await screen.findByText("An extension is from 1 to 30 days (PAIA s 26(1))")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("Days of the extension"), { target: { value: "14" } });
    fireEvent.change(screen.getByLabelText("Notice dated"), { target: { value: "2026-11-20" } });
    await user.click(record());
    expect(onSubmit).toHaveBeenCalledWith({
      id: REQUEST,
      status: "extended",
      onDate: "2026-11-20",
      note: "",
      extensionDays: 14,
      refusalSection: undefined,
      feeAmount: null,
      feeKind: null,
    });
  });

  it("asks a refusal's section", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.selectOptions(step(), "refused");
    expect(screen.queryByLabelText("Days of the extension")).toBeNull();
    await user.click(record());
    expect(await screen.findByText("Give the section of PAIA the holder cited")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Section cited"), "s 34(1)");
    await user.click(record());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ status: "refused", refusalSection: "s 34(1)", extensionDays: null }));
  });

  it("asks the fee and its kind, a deposit by default", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.selectOptions(step(), "fee_requested");
    expect(screen.getByLabelText("Kind of fee")).toHaveValue("access");
    await user.click(record());
    expect(await screen.findByText("Give the fee the holder asked for")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Fee asked"), "R 480.00");
    await user.selectOptions(screen.getByLabelText("Kind of fee"), "request");
    await user.click(record());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ status: "fee_requested", feeAmount: "R 480.00", feeKind: "request", extensionDays: null }),
    );
  });

  it("needs a step, and shows the server's refusal by the button", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm(["sent", "closed"], {
      formError: "The notice of extension came after the first 30 days: the request was already deemed refused (PAIA s 26(2), s 27).",
    });
    expect(screen.getByRole("alert")).toHaveTextContent(/already deemed refused/);
    await user.click(record());
    expect(await screen.findByText("Choose a status from the list")).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
