import { DEFAULT_COURT_CLOCK_SETTINGS } from "@medlegal/domain";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { CourtClockSettingsSection } from "./court-clock-settings";

describe("the court clock's settings", () => {
  it("refuses an offset that is no whole number of court days on its own field, and sends nothing", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<CourtClockSettingsSection />, { "courtClock.offsets": () => DEFAULT_COURT_CLOCK_SETTINGS });
    const westernCape = within(await screen.findByRole("group", { name: "Western Cape Division" }));
    const report = westernCape.getByLabelText(/Latest report/);
    fireEvent.change(report, { target: { value: "0" } });
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Each offset is a whole number of court days from 1 to 120")).toBeInTheDocument();
    expect(report).toHaveAttribute("aria-invalid", "true");
    expect(view.sent("courtClock.setOffsets")).toEqual([]);
  });

  it("sends the changed division's offsets as numbers, the others as they were", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<CourtClockSettingsSection />, {
      "courtClock.offsets": () => DEFAULT_COURT_CLOCK_SETTINGS,
      "courtClock.setOffsets": (input) => input as typeof DEFAULT_COURT_CLOCK_SETTINGS,
    });
    const westernCape = within(await screen.findByRole("group", { name: "Western Cape Division" }));
    fireEvent.change(westernCape.getByLabelText(/Hand-over/), { target: { value: "25" } });
    fireEvent.change(screen.getByLabelText(/needs an addendum after/), { target: { value: "24" } });
    fireEvent.change(screen.getByLabelText(/court days before each step/), { target: { value: "15, 5" } });
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    await waitFor(() => expect(view.sent("courtClock.setOffsets")).toHaveLength(1));
    const sent = view.sent("courtClock.setOffsets")[0] as typeof DEFAULT_COURT_CLOCK_SETTINGS;
    expect(sent.divisionOffsets.western_cape).toEqual({ ...DEFAULT_COURT_CLOCK_SETTINGS.divisionOffsets.western_cape, hand_over: 25 });
    expect(sent.divisionOffsets.gauteng_pretoria).toEqual(DEFAULT_COURT_CLOCK_SETTINGS.divisionOffsets.gauteng_pretoria);
    expect(sent.staleReportMonths).toBe(24);
    expect(sent.reminderLeadDays).toEqual([15, 5]);
  });
});
