import type { InterpretingBooking } from "@medlegal/domain";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routed } from "@/test/router";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { BookingList } from "./interpreting-bookings";

const video: InterpretingBooking = {
  bookingId: "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e",
  reference: "BK-2026-00041",
  startsAt: "2026-12-07T07:00:00.000Z",
  endsAt: "2026-12-07T08:00:00.000Z",
  status: "confirmed",
  mode: "video",
  venue: null,
  claimantName: "Thabo Mokoena",
  claimantLanguage: "Sepedi",
  language: "Sepedi",
  guardian: { name: "Palesa Mokoena", relationship: "Mother", phone: "082 555 0199" },
  meeting: { status: "scheduled", canJoin: true },
  claimantCannotAttend: false,
  expertName: "Dr Naidoo",
  agencyPhone: "011 555 0100",
  answer: null,
};
const visit: InterpretingBooking = { ...video, bookingId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f", reference: "BK-2026-00042", mode: "in_person", venue: "MedLegal assessment centre, Parktown", guardian: null, meeting: null };

describe("the interpreter's bookings", () => {
  it("shows each booking's time, place, claimant, language and escort, and asks for the room of a video booking", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(routed(<BookingList when="upcoming" />), {
      "interpreting.myBookings": () => [video, visit],
      "interpreting.joinMeeting": () => ({ roomId: "room-1" }),
    });
    expect(await screen.findByText("BK-2026-00041")).toBeInTheDocument();
    expect(screen.getByText("MedLegal assessment centre, Parktown")).toBeInTheDocument();
    expect(screen.getByText(/Palesa Mokoena \(Mother\)/)).toBeInTheDocument();
    expect(screen.getAllByText("Thabo Mokoena")).toHaveLength(2);
    expect(screen.getByRole("link", { name: "Add to calendar: BK-2026-00041 (.ics)" })).toHaveAttribute("href", `/api/bookings/${video.bookingId}/calendar.ics`);
    // Only the video booking offers a Join button.
    const joins = screen.getAllByRole("button", { name: /Join the video room/ });
    expect(joins).toHaveLength(1);
    await user.click(joins[0]!);
    await waitFor(() => expect(view.sent("interpreting.joinMeeting")).toEqual([{ bookingId: video.bookingId }]));
  });

  it("says so when there is nothing to interpret at", async () => {
    renderWithTrpc(routed(<BookingList when="upcoming" />), { "interpreting.myBookings": () => [] });
    expect(await screen.findByText("No bookings to interpret at yet")).toBeInTheDocument();
  });

  it("shows the server's sentence and a retry when the list cannot load", async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderWithTrpc(routed(<BookingList when="past" />), {
      "interpreting.myBookings": () => {
        calls += 1;
        if (calls === 1) throw refusal("The database is not reachable.");
        return [];
      },
    });
    expect(await screen.findByText("The database is not reachable.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Try again/ }));
    expect(await screen.findByText("No past bookings")).toBeInTheDocument();
  });
});
