import { MEETING_MESSAGES } from "@medlegal/domain";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { MeetingRoom } from "./meeting-room";

/** The server's 409 for a room whose meeting is over (a guest's place ends with it). */
const closed = (message: string) => () => {
  throw { error: { message, code: -32009, data: { code: "CONFLICT", httpStatus: 409 } } };
};

describe("MeetingRoom", () => {
  it("tells a guest the meeting has ended when the server no longer opens the room to them", async () => {
    renderWithTrpc(<MeetingRoom roomId="room-ended" />, { "meetings.getRoom": closed(MEETING_MESSAGES.ended) });
    expect(await screen.findByRole("heading", { name: "The meeting has ended" })).toBeInTheDocument();
    expect(screen.getByText(MEETING_MESSAGES.ended)).toBeInTheDocument();
  });

  it("and that it was cancelled, when it was", async () => {
    renderWithTrpc(<MeetingRoom roomId="room-cancelled" />, { "meetings.getRoom": closed(MEETING_MESSAGES.cancelled) });
    expect(await screen.findByRole("heading", { name: "The meeting was cancelled" })).toBeInTheDocument();
  });
});
