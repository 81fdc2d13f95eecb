import type { InterpretingBooking } from "@medlegal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Toaster } from "@/components/ui/toaster";
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
const visit: InterpretingBooking = {
  ...video,
  bookingId: "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f",
  reference: "BK-2026-00042",
  mode: "in_person",
  venue: "MedLegal assessment centre, Parktown",
  guardian: null,
  meeting: null,
};

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
    expect(screen.getByRole("link", { name: "Add to calendar: BK-2026-00041 (.ics)" })).toHaveAttribute(
      "href",
      `/api/bookings/${video.bookingId}/calendar.ics`,
    );
    // Only the video booking offers a Join button.
    const joins = screen.getAllByRole("button", { name: /Join the video room/ });
    expect(joins).toHaveLength(1);
    await user.click(joins[0]!);
    await waitFor(() => expect(view.sent("interpreting.joinMeeting")).toEqual([{ bookingId: video.bookingId }]));
  });

  it("lets the interpreter confirm or decline a live booking, says the agency was told, and shows the answer", async () => {
    const user = userEvent.setup();
    // Tomorrow, so the booking is still ahead whatever day the test runs.
    const startsAt = new Date(Date.now() + 24 * 3_600_000);
    const live: InterpretingBooking = {
      ...visit,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    };
    let saved: InterpretingBooking = live;
    const view = renderWithTrpc(
      <>
        {routed(<BookingList when="upcoming" />)}
        <Toaster />
      </>,
      {
        "interpreting.myBookings": () => [saved],
        "interpreting.answer": ({ answer }) => (saved = { ...live, answer }),
      },
    );
    const card = (await screen.findByText(live.reference)).closest("li")!;
    await user.click(within(card).getByRole("button", { name: `Decline ${live.reference}` }));
    await waitFor(() => expect(view.sent("interpreting.answer")).toEqual([{ bookingId: live.bookingId, answer: "declined" }]));
    expect(await screen.findByText("Declined: the agency was told")).toBeInTheDocument();
    // The list reloads with the answer: it shows, and only the other choice is left.
    expect(await within(card).findByText("You declined")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: `Decline ${live.reference}` })).not.toBeInTheDocument();

    await user.click(within(card).getByRole("button", { name: `Confirm ${live.reference}` }));
    await waitFor(() => expect(view.sent("interpreting.answer")).toHaveLength(2));
    expect(view.sent("interpreting.answer")[1]).toEqual({ bookingId: live.bookingId, answer: "confirmed" });
    expect(await screen.findByText("Confirmed: the agency expects you")).toBeInTheDocument();
    expect(await within(card).findByText("You confirmed")).toBeInTheDocument();
    expect(within(card).queryByRole("button", { name: `Confirm ${live.reference}` })).not.toBeInTheDocument();
    expect(within(card).getByRole("button", { name: `Decline ${live.reference}` })).toBeInTheDocument();
  });

  it("asks nothing of a booking that is over or that the claimant cannot attend, and says not to go", async () => {
    const startsAt = new Date(Date.now() + 24 * 3_600_000);
    const ahead = { startsAt: startsAt.toISOString(), endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString() };
    const over: InterpretingBooking = { ...visit, startsAt: "2020-03-02T07:00:00.000Z", endsAt: "2020-03-02T08:00:00.000Z" };
    const cannot: InterpretingBooking = {
      ...visit,
      ...ahead,
      bookingId: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
      reference: "BK-2026-00043",
      claimantCannotAttend: true,
    };
    renderWithTrpc(routed(<BookingList when="upcoming" />), { "interpreting.myBookings": () => [over, cannot] });
    expect(await screen.findByText(cannot.reference)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^(Confirm|Decline) / })).not.toBeInTheDocument();
    expect(screen.getByText(/The claimant cannot attend: do not go/)).toBeInTheDocument();
  });

  it("says so when the answer cannot be saved, and keeps the choice open", async () => {
    const user = userEvent.setup();
    const startsAt = new Date(Date.now() + 24 * 3_600_000);
    const live: InterpretingBooking = {
      ...visit,
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 3_600_000).toISOString(),
    };
    renderWithTrpc(
      <>
        {routed(<BookingList when="upcoming" />)}
        <Toaster />
      </>,
      {
        "interpreting.myBookings": () => [live],
        "interpreting.answer": () => {
          throw refusal("This booking has been cancelled.");
        },
      },
    );
    await user.click(await screen.findByRole("button", { name: `Confirm ${live.reference}` }));
    expect(await screen.findByText("Could not save your answer")).toBeInTheDocument();
    expect(screen.getByText("This booking has been cancelled.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: `Confirm ${live.reference}` })).toBeEnabled();
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
