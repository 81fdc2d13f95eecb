import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { bookingLogistics } from "@/test/fixtures";
import { BookingLogisticsForm } from "./booking-logistics-form";

const bookingId = "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b";

describe("BookingLogisticsForm", () => {
  it("asks for a taxi's pickup before saving, then sends the fare in cents and the interpreter", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<BookingLogisticsForm bookingId={bookingId} saved={null} billed={[]} pending={false} onSubmit={onSubmit} onCancel={vi.fn()} />);
    await user.selectOptions(screen.getByLabelText("How the claimant travels"), "taxi");
    await user.click(screen.getByRole("button", { name: "Save logistics" }));
    expect(await screen.findByText("Enter where the claimant is picked up")).toBeInTheDocument();
    expect(screen.getByLabelText("Pickup point")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText("Pickup point"), "Engen garage, R40");
    await user.type(screen.getByLabelText("Pickup time"), "05:45");
    await user.type(screen.getByLabelText("Taxi fare, rand"), "1 250,50");
    await user.type(screen.getByLabelText("Language"), "Sepedi");
    await user.type(screen.getByLabelText("Interpreter's name"), "Mpho Ledwaba");
    await user.click(screen.getByRole("button", { name: "Save logistics" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      bookingId,
      transport: "taxi",
      pickupPoint: "Engen garage, R40",
      pickupTime: "05:45",
      transportCents: 125_050,
      interpreterLanguage: "Sepedi",
      interpreterName: "Mpho Ledwaba",
      interpreterCents: null,
    });
  });

  it("warns, without refusing, when the interpreter named does not list the booking's language", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const interpreters = [
      { id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", name: "Kgothatso Speaker", contact: "082 555 0414", languages: ["Sepedi", "Setswana"] },
      { id: "8b7c6d5e-4f3a-4b2c-9d1e-0f9a8b7c6d5e", name: "Palesa Nkosi", contact: "082 555 0412", languages: ["isiZulu"] },
    ];
    render(
      <BookingLogisticsForm
        bookingId={bookingId}
        saved={null}
        billed={[]}
        interpreters={interpreters}
        neededLanguage="Sepedi"
        pending={false}
        onSubmit={onSubmit}
        onCancel={vi.fn()}
      />,
    );
    // The claimant's home language is prefilled.
    expect(screen.getByLabelText("Language")).toHaveValue("Sepedi");
    const warning = /does not list .* among their languages/;

    await user.selectOptions(screen.getByLabelText("Interpreter"), "Kgothatso Speaker (Sepedi, Setswana)");
    expect(screen.queryByText(warning)).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Interpreter"), "Palesa Nkosi (isiZulu)");
    expect(screen.getByRole("status")).toHaveTextContent(
      "Palesa Nkosi does not list Sepedi among their languages (isiZulu). Check before saving.",
    );

    // Another language typed that she does speak: the warning goes (letter case does not count).
    await user.clear(screen.getByLabelText("Language"));
    await user.type(screen.getByLabelText("Language"), "isizulu");
    expect(screen.queryByText(warning)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText("Language"));
    await user.type(screen.getByLabelText("Language"), "Sepedi");
    expect(screen.getByText(warning)).toBeInTheDocument();

    // A warning, not a refusal: the form still saves her.
    await user.click(screen.getByRole("button", { name: "Save logistics" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({
      interpreterUserId: interpreters[1]!.id,
      interpreterLanguage: "Sepedi",
      interpreterName: "",
    });
  });

  it("says how to type an amount, and keeps a billed cost as it is", async () => {
    const user = userEvent.setup();
    const saved = bookingLogistics({ bookingId, transport: "reimbursement", transportCents: 40_000 });
    render(
      <BookingLogisticsForm
        bookingId={bookingId}
        saved={saved}
        billed={["transport"]}
        pending={false}
        onSubmit={vi.fn()}
        onCancel={vi.fn()}
      />,
    );
    expect(screen.getByLabelText("Amount reimbursed, rand (on the invoice)")).toBeDisabled();
    expect(screen.getByLabelText("Amount reimbursed, rand (on the invoice)")).toHaveValue("400.00");
    await user.type(screen.getByLabelText("Meals cost, rand"), "lunch");
    await user.click(screen.getByRole("button", { name: "Save logistics" }));
    expect(await screen.findByText("Enter an amount in rand, like 350.00")).toBeInTheDocument();
  });
});
