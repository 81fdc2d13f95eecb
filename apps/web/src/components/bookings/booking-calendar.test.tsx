import type { BookingItem } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import * as React from "react";
import { describe, expect, it, vi } from "vitest";
import type { CalendarView } from "./calendar-range";
import { BookingCalendar } from "./booking-calendar";
import { calendarRange } from "./calendar-range";

const booking = (over: Partial<BookingItem>): BookingItem => ({
  id: "b1",
  reference: "BK-2026-00001",
  status: "confirmed",
  startsAt: "2026-12-07T22:30:00Z",
  endsAt: "2026-12-07T23:30:00Z",
  venue: "Sandton Medical Suites",
  mode: "in_person",
  consultantId: "c1",
  consultantName: "Dr Priya Naidoo",
  specializationId: "s1",
  specialization: "Neurosurgeon",
  attorneyId: "a1",
  attorneyName: "Anna Attorney",
  caseId: "k1",
  caseReference: "CASE-2026-00001",
  patientName: "Thabo Mokoena",
  queryId: null,
  queryReference: null,
  note: null,
  cancellationClass: null,
  cancelReason: null,
  rescheduledFromId: null,
  rescheduledToId: null,
  claimantAnswer: null,
  textsStoppedAt: null,
  reminder: null,
  createdAt: "2026-11-01T08:00:00Z",
  ...over,
});

function Harness({ bookings, onOpen = vi.fn() }: { bookings: BookingItem[]; onOpen?: (b: BookingItem) => void }) {
  const [view, setView] = React.useState<CalendarView>("month");
  const [date, setDate] = React.useState("2026-12-01");
  return (
    <BookingCalendar
      bookings={bookings}
      view={view}
      date={date}
      today="2026-12-01"
      onViewChange={setView}
      onDateChange={setDate}
      onOpenBooking={onOpen}
    />
  );
}

describe("BookingCalendar", () => {
  it("asks for the whole weeks a month shows", () => {
    expect(calendarRange("month", "2026-12-15")).toEqual({ from: "2026-11-30", to: "2027-01-03" });
    expect(calendarRange("week", "2026-12-10")).toEqual({ from: "2026-12-07", to: "2026-12-13" });
    expect(calendarRange("day", "2026-12-10")).toEqual({ from: "2026-12-10", to: "2026-12-10" });
  });

  it("places a booking on its South African day in month view and opens it", async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const b = booking({});
    render(<Harness bookings={[b]} onOpen={onOpen} />);
    expect(screen.getByRole("heading", { name: "December 2026" })).toBeInTheDocument();
    // 22:30 UTC on 7 December is 00:30 on Tuesday 8 December in Johannesburg.
    const tuesday = screen.getByRole("cell", { name: "Tuesday 8 December" });
    expect(within(tuesday).getByRole("button", { name: /00:30 Thabo Mokoena/ })).toBeInTheDocument();
    expect(within(screen.getByRole("cell", { name: "Monday 7 December" })).queryByText("Thabo Mokoena")).not.toBeInTheDocument();
    await user.click(within(tuesday).getByRole("button", { name: /00:30 Thabo Mokoena/ }));
    expect(onOpen).toHaveBeenCalledWith(b);
  });

  it("switches to week and day views and moves between periods", async () => {
    const user = userEvent.setup();
    render(<Harness bookings={[booking({})]} />);
    await user.click(screen.getByRole("button", { name: "Week" }));
    expect(screen.getByRole("button", { name: "Week" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("heading", { name: "30 Nov – 6 Dec 2026" })).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Next week" }));
    expect(screen.getByRole("heading", { name: "7 Dec – 13 Dec 2026" })).toBeInTheDocument();
    expect(within(screen.getByRole("table", { name: "Week" })).getByRole("cell", { name: "Tuesday 8 December" })).toHaveTextContent(
      "Thabo Mokoena",
    );

    await user.click(screen.getByRole("button", { name: "Day" }));
    expect(screen.getByRole("heading", { name: "Tuesday 8 December 2026" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Tuesday 8 December" })).toHaveTextContent("Dr Priya Naidoo");
    await user.click(screen.getByRole("button", { name: "Next day" }));
    expect(screen.getByRole("heading", { name: "Wednesday 9 December 2026" })).toBeInTheDocument();
    expect(screen.getByRole("cell", { name: "Wednesday 9 December" })).not.toHaveTextContent("Thabo Mokoena");
  });
});
