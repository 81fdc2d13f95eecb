import type { BookingItem } from "@medlegal/domain";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { useBookingActions } from "@/hooks/use-bookings";
import { renderWithRouter } from "@/test/router";
import { BookingRowActions } from "./booking-actions";

const booking = (overrides: Partial<BookingItem> = {}): BookingItem => ({
  id: "b1",
  reference: "BK-2026-00007",
  status: "confirmed",
  startsAt: "2026-11-20T07:00:00.000Z",
  endsAt: "2026-11-20T08:00:00.000Z",
  venue: "Parktown Medical Suites",
  mode: "in_person",
  consultantId: "c1",
  consultantName: "Dr Priya Naidoo",
  specializationId: "s1",
  specialization: "Neurosurgeon",
  attorneyId: "a1",
  attorneyName: "Johan van der Merwe",
  caseId: "k1",
  caseReference: "CASE-2026-00001",
  patientName: "Thabo Mahlangu",
  queryId: "q1",
  queryReference: "Q-2026-00001",
  note: null,
  cancellationClass: null,
  cancelReason: null,
  rescheduledFromId: null,
  rescheduledToId: null,
  claimantAnswer: null,
  textsStoppedAt: null,
  reminder: null,
  createdAt: "2026-11-10T07:00:00.000Z",
  ...overrides,
});

function fakeActions() {
  return {
    confirm: vi.fn(),
    confirmingId: null,
    cancel: vi.fn(async () => undefined),
    cancelling: false,
    recordAttendance: vi.fn(async () => undefined),
    attendanceId: null,
    correctAttendance: vi.fn(async () => undefined),
    correcting: false,
  } as unknown as ReturnType<typeof useBookingActions> & {
    recordAttendance: ReturnType<typeof vi.fn>;
    correctAttendance: ReturnType<typeof vi.fn>;
  };
}

describe("attendance on a booking row", () => {
  it("asks before marking attended or a no-show, naming the claimant and the time, and records only on confirmation", async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    renderWithRouter(
      <BookingRowActions booking={booking()} role="consultant" actions={actions} showOpen={false} now={new Date("2026-11-20T09:00:00Z")} />,
    );

    await user.click(await screen.findByRole("button", { name: /^No-show/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByText("Record a no-show for Thabo Mahlangu?")).toBeInTheDocument();
    expect(within(dialog).getByText(/Dr Priya Naidoo on Fri 20 Nov, 09:00/)).toBeInTheDocument();
    expect(actions.recordAttendance).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(actions.recordAttendance).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: /^Attended/ }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Yes, attended" }));
    expect(actions.recordAttendance).toHaveBeenCalledWith(expect.objectContaining({ id: "b1" }), true);
  });

  it("lets staff correct a mark with a reason, and offers the expert no correction", async () => {
    const user = userEvent.setup();
    const actions = fakeActions();
    const { unmount } = renderWithRouter(
      <BookingRowActions booking={booking({ status: "no_show" })} role="employee" actions={actions} showOpen={false} />,
    );
    await user.click(await screen.findByRole("button", { name: /^Correct attendance/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Mark Thabo Mahlangu attended?")).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText("Why was the mark wrong?"), "Seen at 09:05; the expert ticked the wrong box.");
    await user.click(within(dialog).getByRole("button", { name: "Mark attended" }));
    expect(actions.correctAttendance).toHaveBeenCalledWith(
      expect.objectContaining({ id: "b1" }),
      "Seen at 09:05; the expert ticked the wrong box.",
    );
    unmount();

    renderWithRouter(
      <BookingRowActions booking={booking({ status: "no_show" })} role="consultant" actions={fakeActions()} showOpen={false} />,
    );
    await screen.findByRole("link", { name: /calendar/i }).catch(() => undefined);
    expect(screen.queryByRole("button", { name: /^Correct attendance/ })).not.toBeInTheDocument();
  });
});
