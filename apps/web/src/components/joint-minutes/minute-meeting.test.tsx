import type { JointMinute } from "@medlegal/domain";
import { sastToUtc } from "@medlegal/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { routed } from "@/test/router";
import { renderWithTrpc } from "@/test/trpc";
import { MinuteMeeting } from "./minute-meeting";

const minute = { id: "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b", opposing: { name: "Dr Pieter van Wyk" } } as JointMinute;

describe("arranging a video meeting about a minute", () => {
  it("sends the South African start as an instant with the chosen length", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(routed(<MinuteMeeting m={minute} />), {
      "jointMinutes.arrangeMeeting": () => ({ id: "m1", title: "Joint minute" }) as never,
    });
    await user.click(await screen.findByRole("button", { name: "Arrange a video meeting" }));
    expect(screen.getByText(/Dr Pieter van Wyk is e-mailed a guest link/)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2027-01-12" } });
    fireEvent.change(screen.getByLabelText("Start"), { target: { value: "14:30" } });
    await user.selectOptions(screen.getByLabelText("Duration"), "90");
    await user.click(screen.getByRole("button", { name: "Arrange the meeting" }));
    await waitFor(() => expect(view.sent("jointMinutes.arrangeMeeting")).toHaveLength(1));
    expect(view.sent("jointMinutes.arrangeMeeting")[0]).toEqual({
      id: minute.id,
      startsAt: sastToUtc("2027-01-12", "14:30").toISOString(),
      durationMinutes: 90,
    });
  });
});
