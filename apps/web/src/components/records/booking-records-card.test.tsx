import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type OutputOf, renderWithTrpc } from "@/test/trpc";
import { BookingRecordsCard } from "./booking-records-card";

const BOOKING = "b0b0b0b0-1111-4222-8333-444444444444";
type View = OutputOf<"records.forBooking">;

const CHECKLIST: NonNullable<View["checklist"]> = {
  specializationId: "5a5a5a5a-1111-4222-8333-444444444444",
  discipline: "Orthopaedic Surgeon",
  outstanding: 1,
  items: [
    {
      kind: "hospital_notes",
      state: "requested",
      stateLabel: "Requested",
      request: { id: "r1", holderName: "Netcare Milpark Hospital", statusLabel: "Sent" },
    },
    {
      kind: "radiology",
      state: "received",
      stateLabel: "Received",
      request: { id: "r2", holderName: "Milpark Radiology", statusLabel: "Received" },
    },
  ],
};
const RECEIVED = {
  fileName: "x-rays.pdf",
  holderName: "Milpark Radiology",
  recordKinds: ["radiology" as const],
  pages: 12,
  receivedAt: "2026-12-01T08:00:00.000Z",
};

describe("the records on an expert's booking", () => {
  it("shows what the discipline needs and what arrived, without a download before the attorney consents", async () => {
    renderWithTrpc(<BookingRecordsCard bookingId={BOOKING} />, {
      "records.forBooking": () => ({ consentGiven: false, checklist: CHECKLIST, records: [{ ...RECEIVED, fileId: null }] }),
    });
    const needs = await screen.findByRole("list", { name: "Records this discipline needs" });
    expect(within(needs).getAllByRole("listitem")[0]).toHaveTextContent("Hospital notesRequested · Netcare Milpark Hospital, sent");
    expect(screen.getByText(/1 outstanding/)).toBeInTheDocument();
    const received = screen.getByRole("list", { name: "Records received" });
    expect(received).toHaveTextContent("Milpark Radiology · received 1 Dec 2026 · 12 pages");
    expect(received).toHaveTextContent("Available once the attorney consents");
    expect(screen.queryByRole("link", { name: /Download/ })).toBeNull();
    expect(screen.getByText(/has not consented to sharing yet/)).toBeInTheDocument();
  });

  it("links each received file for download once the attorney consented", async () => {
    renderWithTrpc(<BookingRecordsCard bookingId={BOOKING} />, {
      "records.forBooking": () => ({
        consentGiven: true,
        checklist: CHECKLIST,
        records: [{ ...RECEIVED, fileId: "f1f1f1f1-1111-4222-8333-444444444444" }],
      }),
    });
    const link = await screen.findByRole("link", { name: "Download x-rays.pdf" });
    expect(link).toHaveAttribute("href", "/api/files/f1f1f1f1-1111-4222-8333-444444444444");
  });

  it("says so when nothing was asked for the discipline", async () => {
    renderWithTrpc(<BookingRecordsCard bookingId={BOOKING} />, {
      "records.forBooking": () => ({ consentGiven: true, checklist: null, records: [] }),
    });
    expect(await screen.findByText("No records asked for this discipline")).toBeInTheDocument();
  });
});
