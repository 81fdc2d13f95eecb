import type { LogisticsView } from "@medlegal/domain";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bookingLogistics } from "@/test/fixtures";
import { routed } from "@/test/router";
import { renderWithTrpc } from "@/test/trpc";
import { BookingLogisticsCard } from "./booking-logistics-card";

const bookingId = "5e4d3c2b-1a0f-4e9d-8c7b-6a5f4e3d2c1b";
const logistics = bookingLogistics({
  bookingId,
  interpreterLanguage: "Sepedi",
  interpreterName: "Palesa Nkosi",
  interpreterContact: "082 555 0412",
  interpreterUserId: "8b7c6d5e-4f3a-4b2c-9d1e-0f9a8b7c6d5e",
});
const view = (over: Partial<Extract<LogisticsView, { scope: "full" }>> = {}): LogisticsView => ({
  scope: "full",
  logistics,
  billed: [],
  sameDay: [],
  claimantLanguage: "Sepedi",
  interpreterNeeded: true,
  interpreterMismatch: false,
  interpreterAnswer: null,
  ...over,
});
const MISMATCH = "Palesa Nkosi does not list Sepedi among their languages: check with them or name another interpreter.";

describe("the booking's Logistics card", () => {
  it("tells staff the interpreter named does not list the booking's language, and that they declined", async () => {
    renderWithTrpc(routed(<BookingLogisticsCard bookingId={bookingId} venueDay={null} editable />), {
      "logistics.get": () => view({ interpreterMismatch: true, interpreterAnswer: "declined" }),
    });
    expect(await screen.findByText(MISMATCH)).toBeInTheDocument();
    expect(screen.getByText("Interpreter declined: name another")).toBeInTheDocument();
  });

  it("shows neither when the interpreter speaks the language and confirmed", async () => {
    renderWithTrpc(routed(<BookingLogisticsCard bookingId={bookingId} venueDay={null} editable />), {
      "logistics.get": () => view({ interpreterAnswer: "confirmed" }),
    });
    expect(await screen.findByText("Interpreter confirmed")).toBeInTheDocument();
    expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument();
  });

  it("keeps the staff's warning and the interpreter's answer from the attorney's read-only view", async () => {
    renderWithTrpc(routed(<BookingLogisticsCard bookingId={bookingId} venueDay={null} editable={false} />), {
      "logistics.get": () => view({ interpreterMismatch: true, interpreterAnswer: "declined" }),
    });
    expect(await screen.findByText(/Palesa Nkosi \(Sepedi\)/)).toBeInTheDocument();
    expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument();
    expect(screen.queryByText("Interpreter declined: name another")).not.toBeInTheDocument();
  });
});
