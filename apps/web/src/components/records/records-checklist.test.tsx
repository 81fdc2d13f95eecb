import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { type OutputOf, refusal, renderWithTrpc } from "@/test/trpc";
import { RecordsChecklist } from "./records-checklist";

const CASE = "c0c0c0c0-1111-4222-8333-444444444444";
type Checklist = OutputOf<"records.checklistForCase">;

const CHECKLIST: Checklist = [
  {
    specializationId: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    discipline: "Orthopaedic Surgeon",
    items: [
      {
        kind: "hospital_notes",
        state: "received_in_part",
        stateLabel: "Received in part",
        request: { id: "f3f3f3f3-1111-4222-8333-444444444444", holderName: "Groote Schuur Hospital", statusLabel: "Received in part" },
      },
      { kind: "radiology", state: "not_requested", stateLabel: "Not requested", request: null },
    ],
    outstanding: 2,
  },
  {
    specializationId: "2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    discipline: "Actuary",
    items: [
      {
        kind: "payslips",
        state: "received",
        stateLabel: "Received",
        request: { id: "a4a4a4a4-1111-4222-8333-444444444444", holderName: "Sasol Secunda Operations", statusLabel: "Received" },
      },
    ],
    outstanding: 0,
  },
];

describe("the case's records checklist", () => {
  it("gives each discipline's records with their state, the covering request's holder and status, and what is outstanding", async () => {
    const page = renderWithTrpc(<RecordsChecklist caseId={CASE} />, { "records.checklistForCase": () => CHECKLIST });
    expect(await screen.findByRole("heading", { name: "What the experts need" })).toBeInTheDocument();
    const ortho = within(screen.getByRole("list", { name: "Orthopaedic Surgeon" })).getAllByRole("listitem");
    expect(ortho[0]).toHaveTextContent("Hospital notes: Received in part");
    expect(ortho[0]).toHaveTextContent("Groote Schuur Hospital, received in part");
    expect(ortho[1]).toHaveTextContent("Radiology (X-rays, scans and their reports): Not requested");
    expect(screen.getByText("2 outstanding")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Actuary" })).getByRole("listitem")).toHaveTextContent("Payslips: Received");
    expect(screen.getByText("All received")).toBeInTheDocument();
    expect(page.sent("records.checklistForCase")).toEqual([{ caseId: CASE }]);
  });

  it("shows nothing when no discipline on the case needs records, and a quiet line when it cannot load", async () => {
    const empty = renderWithTrpc(<RecordsChecklist caseId={CASE} />, { "records.checklistForCase": () => [] });
    await new Promise((r) => setTimeout(r, 20));
    expect(empty.container).toBeEmptyDOMElement();
    empty.unmount();
    renderWithTrpc(<RecordsChecklist caseId={CASE} />, {
      "records.checklistForCase": () => {
        throw refusal("The database is not answering.");
      },
    });
    expect(await screen.findByText(/checklist could not be loaded/)).toBeInTheDocument();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
