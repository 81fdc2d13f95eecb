import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithRouter, routed } from "@/test/router";
import { type OutputOf, renderWithTrpc } from "@/test/trpc";
import { HolderPaceTable, RecordsDesk } from "./records-desk";

type Desk = OutputOf<"records.desk">;
type Item = Desk["items"][number];
const GSH = "e1e1e1e1-1111-4222-8333-444444444444";
const SAPS = "e2e2e2e2-1111-4222-8333-444444444444";

function item(over: Partial<Item> = {}): Item {
  return {
    id: "f3f3f3f3-1111-4222-8333-444444444444",
    caseId: "c0c0c0c0-1111-4222-8333-444444444444",
    caseReference: "CASE-2026-00017",
    claimantName: "Sipho Petersen",
    holder: { id: GSH, name: "Groote Schuur Hospital", kind: "public", category: "hospital" },
    recordKinds: ["hospital_notes"],
    disciplines: [],
    legalBasis: "paia_public",
    status: "sent",
    statusLabel: "Sent",
    clock: {
      counts: "calendar days",
      statutory: true,
      decisionDue: "2026-12-20",
      daysLeft: 13,
      deemedRefusedOn: null,
      appealBy: null,
      regulatorBy: null,
      status: "sent",
      summary: "Decision due by 20 Dec 2026.",
    },
    createdAt: "2026-11-01T08:00:00.000Z",
    ...over,
  };
}

const DEEMED = item({
  id: "a4a4a4a4-1111-4222-8333-444444444444",
  caseId: "c1c1c1c1-1111-4222-8333-444444444444",
  caseReference: "CASE-2026-00021",
  claimantName: "Thandi Mokoena",
  holder: { id: SAPS, name: "SAPS Mitchells Plain", kind: "public", category: "police" },
  status: "deemed_refused",
  statusLabel: "Deemed refused",
  clock: { ...item().clock, daysLeft: -3, status: "deemed_refused", summary: "Deemed refused, appeal by 21 Jan 2027." },
});

const HOLDERS: Desk["holders"] = [
  { holderId: GSH, name: "Groote Schuur Hospital", answered: 1, medianDays: 27 },
  { holderId: SAPS, name: "SAPS Mitchells Plain", answered: 0, medianDays: null },
];

describe("the records desk", () => {
  it("lists the open requests with their case, claimant, holder, status and clock, marking those needing action", async () => {
    renderWithTrpc(routed(<RecordsDesk />), { "records.desk": () => ({ items: [DEEMED, item()], total: 2, holders: HOLDERS }) });
    const rows = within(await screen.findByRole("list", { name: "Open records requests" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole("link", { name: "CASE-2026-00021" })).toHaveAttribute(
      "href",
      "/cases/c1c1c1c1-1111-4222-8333-444444444444",
    );
    expect(rows[0]).toHaveTextContent("Thandi Mokoena");
    expect(rows[0]).toHaveTextContent("SAPS Mitchells Plain");
    expect(rows[0]).toHaveTextContent("Needs action");
    expect(rows[0]).toHaveTextContent("Deemed refused, appeal by 21 Jan 2027.");
    expect(rows[1]).toHaveTextContent("Decision due by 20 Dec 2026.");
    expect(rows[1]).not.toHaveTextContent("Needs action");
    expect(screen.getByText(/2 open requests/)).toHaveTextContent("2 open requests, 1 needing action");
  });

  it("filters by holder, and says when nothing is open with it", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(routed(<RecordsDesk />), {
      "records.desk": (input) =>
        input.holderId ? { items: [], total: 0, holders: HOLDERS } : { items: [item()], total: 1, holders: HOLDERS },
    });
    await screen.findByRole("list", { name: "Open records requests" });
    await user.selectOptions(screen.getByLabelText("Holder"), SAPS);
    expect(await screen.findByText("Nothing open with SAPS Mitchells Plain")).toBeInTheDocument();
    await waitFor(() => expect(page.sent("records.desk")).toEqual([{}, { holderId: SAPS }]));
  });
});

describe("the holders' pace", () => {
  it("gives each holder's median days over its answers, or says it has none yet", async () => {
    renderWithRouter(<HolderPaceTable holders={[...HOLDERS, { holderId: "x", name: "Netcare Milpark", answered: 3, medianDays: 1 }]} />);
    const rows = await screen.findAllByRole("row");
    expect(rows[1]).toHaveTextContent("Groote Schuur Hospital27 days over 1 answer");
    expect(rows[2]).toHaveTextContent("SAPS Mitchells PlainNo answers yet");
    expect(rows[3]).toHaveTextContent("1 day over 3 answers");
  });
});
