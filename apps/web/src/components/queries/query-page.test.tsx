import type { QueryEvent } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "@/test/router";
import type { QueryAssessment } from "./query-assessments";
import { QueryAssessments } from "./query-assessments";
import { QueryTimeline } from "./query-timeline";

let n = 0;
const event = (e: Partial<QueryEvent>): QueryEvent => ({
  id: `e${++n}`,
  at: "2026-11-23T08:15:00Z",
  actorName: "Priya Naidoo",
  kind: "status",
  fromStatus: null,
  toStatus: null,
  body: null,
  ...e,
});

const lines = () => within(screen.getByRole("list", { name: "Timeline" })).getAllByRole("listitem");

describe("QueryTimeline", () => {
  it("says what each person did, in words", () => {
    render(
      <QueryTimeline
        events={[
          event({ actorName: "Johan van der Merwe", kind: "status", toStatus: "submitted" }),
          event({ kind: "status", fromStatus: "submitted", toStatus: "in_review" }),
          event({ kind: "expert_proposed", body: "Rajesh Pillay (Clinical Psychologist)" }),
          event({ actorName: "Rajesh Pillay", kind: "expert_accepted", body: "Clinical Psychologist" }),
          event({ actorName: "Kavitha Naidoo", kind: "expert_declined", body: "Neurosurgeon" }),
          event({ kind: "expert_withdrawn", body: "Kavitha Naidoo (Neurosurgeon)" }),
          event({ actorName: "Johan van der Merwe", kind: "booking_requested", body: "Rajesh Pillay for 2 Dec 09:00 (BK-2026-00012)" }),
          event({ actorName: "Johan van der Merwe", kind: "document", body: "hospital.pdf" }),
          event({ actorName: "Johan van der Merwe", kind: "comment", body: "The claimant moved to Durban." }),
          event({ kind: "status", fromStatus: "assigning", toStatus: "cancelled", body: "Claim settled" }),
        ]}
      />,
    );
    const text = lines().map((li) => li.textContent);
    expect(text[0]).toContain("Johan van der Merwe submitted the query");
    expect(text[1]).toContain("Priya Naidoo moved it toIn review");
    expect(text[2]).toContain("Priya Naidoo assigned Rajesh Pillay (Clinical Psychologist)");
    expect(text[3]).toContain("Rajesh Pillay accepted the instruction (Clinical Psychologist)");
    expect(text[4]).toContain("Kavitha Naidoo declined the instruction (Neurosurgeon)");
    expect(text[5]).toContain("Priya Naidoo withdrew Kavitha Naidoo (Neurosurgeon)");
    expect(text[6]).toContain("Johan van der Merwe booked Rajesh Pillay for 2 Dec 09:00 (BK-2026-00012)");
    expect(text[7]).toContain("Johan van der Merwe uploaded hospital.pdf");
    expect(text[8]).toContain("Johan van der Merwe commented");
    expect(text[8]).toContain("The claimant moved to Durban.");
    expect(text[9]).toContain("Reason: Claim settled");
    expect(text[0]).toContain("23 Nov 2026, 10:15");
    expect(screen.queryByText(/changed the experts/)).toBeNull();
  });

  it("reads old entries, written as whole sentences, in the same words, without a decline reason", () => {
    render(
      <QueryTimeline
        events={[
          event({ kind: "assignment", body: "Rajesh Pillay proposed as Clinical Psychologist" }),
          event({ actorName: "Rajesh Pillay", kind: "assignment", body: "Rajesh Pillay accepted (Clinical Psychologist)" }),
          event({ actorName: "Kavitha Naidoo", kind: "assignment", body: "Kavitha Naidoo declined (Neurosurgeon): Fully booked" }),
          event({ kind: "assignment", body: "Kavitha Naidoo withdrawn (Neurosurgeon)" }),
          event({
            actorName: "Johan van der Merwe",
            kind: "assignment",
            body: "Assessment BK-2026-00003 requested with Rajesh Pillay on 02 Dec, 09:00",
          }),
          event({ kind: "assignment", body: "Something the app never wrote" }),
          event({ actorName: null, kind: "document", body: null }),
        ]}
      />,
    );
    const text = lines().map((li) => li.textContent);
    expect(text[0]).toContain("Priya Naidoo assigned Rajesh Pillay (Clinical Psychologist)");
    expect(text[1]).toContain("Rajesh Pillay accepted the instruction (Clinical Psychologist)");
    expect(text[2]).toContain("Kavitha Naidoo declined the instruction (Neurosurgeon)");
    expect(text[2]).not.toContain("Fully booked");
    expect(text[3]).toContain("Priya Naidoo withdrew Kavitha Naidoo (Neurosurgeon)");
    expect(text[4]).toContain("Johan van der Merwe booked Rajesh Pillay for 02 Dec 09:00 (BK-2026-00003)");
    expect(text[5]).toContain("Priya Naidoo updated the experts");
    expect(text[5]).toContain("Something the app never wrote");
    expect(text[6]).toContain("System uploaded a document");
  });
});

const loaded = { isLoading: false, isError: false, error: null, refetch: vi.fn() };
const booking = (b: Partial<QueryAssessment>): QueryAssessment => ({
  id: "00000000-0000-4000-8000-000000000101",
  reference: "BK-2026-00012",
  status: "confirmed",
  startsAt: "2026-12-02T07:00:00Z",
  endsAt: "2026-12-02T08:00:00Z",
  venue: "Netcare Park Lane, Parktown",
  mode: "in_person",
  consultantName: "Kavitha Naidoo",
  specialization: "Neurosurgeon",
  ...b,
});

describe("QueryAssessments", () => {
  it("lists each booking with its expert, South African 24-hour time, venue or video, and status", async () => {
    renderWithRouter(
      <QueryAssessments
        role="attorney"
        queryId="00000000-0000-4000-8000-000000000009"
        acceptedExperts={[
          {
            id: "00000000-0000-4000-8000-000000000201",
            consultantId: "00000000-0000-4000-8000-000000000301",
            consultantName: "Kavitha Naidoo",
            specialization: "Neurosurgeon",
          },
        ]}
        open
        load={loaded}
        bookings={[
          booking({}),
          booking({
            id: "00000000-0000-4000-8000-000000000102",
            reference: "BK-2026-00013",
            status: "requested",
            startsAt: "2026-12-02T12:00:00Z",
            endsAt: "2026-12-02T13:00:00Z",
            venue: null,
            mode: "video",
            consultantName: "Rajesh Pillay",
            specialization: "Clinical Psychologist",
          }),
        ]}
      />,
    );
    const rows = within(await screen.findByRole("list", { name: "Assessments" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Kavitha Naidoo");
    expect(rows[0]).toHaveTextContent("Wed 2 Dec, 09:00–10:00");
    expect(rows[0]).toHaveTextContent("Netcare Park Lane, Parktown");
    expect(within(rows[0]!).getByText("Confirmed")).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("link", { name: "BK-2026-00012" })).toHaveAttribute(
      "href",
      "/booking-form/00000000-0000-4000-8000-000000000101",
    );
    expect(rows[1]).toHaveTextContent("Wed 2 Dec, 14:00–15:00");
    expect(rows[1]).toHaveTextContent("Video");
    expect(within(rows[1]!).getByText("Requested")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Book assessment with Kavitha Naidoo (Neurosurgeon)" })).toHaveAttribute(
      "href",
      "/booking-form?queryId=00000000-0000-4000-8000-000000000009&consultantId=00000000-0000-4000-8000-000000000301",
    );
  });

  it("offers a booking only with an expert who accepted, and none on a closed query", async () => {
    const { unmount } = renderWithRouter(
      <QueryAssessments role="employee" queryId="q" acceptedExperts={[]} open load={loaded} bookings={[]} />,
    );
    expect(await screen.findByText("Assessments can be booked once an expert has accepted this query.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Book assessment/ })).toBeNull();
    unmount();
    const expert = { id: "a", consultantId: "c", consultantName: "Kavitha Naidoo", specialization: "Neurosurgeon" };
    renderWithRouter(<QueryAssessments role="attorney" queryId="q" acceptedExperts={[expert]} open={false} load={loaded} bookings={[]} />);
    expect(await screen.findByText("No assessments are booked for this query yet.")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /^Book assessment/ })).toBeNull();
  });

  it("shows a consultant their bookings without links to the agency's booking pages or a booking button", async () => {
    renderWithRouter(<QueryAssessments role="consultant" queryId="q" acceptedExperts={[]} open load={loaded} bookings={[booking({})]} />);
    const rows = within(await screen.findByRole("list", { name: "Assessments" })).getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("BK-2026-00012");
    expect(screen.queryByRole("link")).toBeNull();
    expect(screen.getByText("Your bookings for this query.")).toBeInTheDocument();
  });

  it("has an empty state, a loading state and an error with a retry", async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithRouter(
      <QueryAssessments role="employee" queryId="q" acceptedExperts={[]} open load={loaded} bookings={[]} />,
    );
    expect(await screen.findByText("No assessments are booked for this query yet.")).toBeInTheDocument();
    unmount();

    const loading = renderWithRouter(
      <QueryAssessments role="employee" queryId="q" acceptedExperts={[]} open load={{ ...loaded, isLoading: true }} bookings={[]} />,
    );
    expect(await screen.findByText("Loading the assessments")).toBeInTheDocument();
    loading.unmount();

    const refetch = vi.fn();
    renderWithRouter(
      <QueryAssessments
        role="employee"
        queryId="q"
        acceptedExperts={[]}
        open
        load={{ isLoading: false, isError: true, error: new Error("503: The service is temporarily unavailable."), refetch }}
        bookings={[]}
      />,
    );
    expect(await screen.findByText("Could not load the assessments")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: /Try again/ }));
    expect(refetch).toHaveBeenCalled();
  });
});
