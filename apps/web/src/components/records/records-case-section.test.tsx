import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { recordHolder as holder } from "@/test/fixtures";
import { type OutputOf, refusal, renderWithTrpc } from "@/test/trpc";
import { RecordsCaseSection } from "./records-case-section";

const CASE = "c0c0c0c0-1111-4222-8333-444444444444";
type Item = OutputOf<"records.forCase">[number];
type Detail = OutputOf<"records.get">;

const NO_CLOCK: Item["clock"] = {
  counts: "calendar days",
  statutory: true,
  decisionDue: null,
  daysLeft: null,
  deemedRefusedOn: null,
  appealBy: null,
  regulatorBy: null,
  status: "drafted",
  summary: "Not sent yet: the holder's 30 days start when it receives the request.",
};

function item(over: Partial<Item> = {}): Item {
  return {
    id: "f3f3f3f3-1111-4222-8333-444444444444",
    caseId: CASE,
    caseReference: "CASE-2026-00017",
    claimantName: "Sipho Khumalo",
    holder: { id: holder().id, name: holder().name, kind: "public", category: "hospital" },
    recordKinds: ["hospital_notes", "radiology"],
    disciplines: [{ id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", name: "Orthopaedic Surgeon" }],
    legalBasis: "paia_public",
    status: "drafted",
    statusLabel: "Drafted",
    clock: NO_CLOCK,
    createdAt: "2026-11-01T08:00:00.000Z",
    ...over,
  };
}

const DEEMED = item({
  id: "a4a4a4a4-1111-4222-8333-444444444444",
  status: "deemed_refused",
  statusLabel: "Deemed refused",
  clock: {
    ...NO_CLOCK,
    decisionDue: "2026-11-22",
    daysLeft: -15,
    deemedRefusedOn: "2026-11-23",
    appealBy: "2027-01-21",
    status: "deemed_refused",
    summary: "Deemed refused, appeal by 21 Jan 2027.",
  },
});

function detail(over: Partial<Detail> = {}): Detail {
  return {
    ...DEEMED,
    description: null,
    periodFrom: "2026-03-14",
    periodTo: null,
    authority: "attorney_mandate",
    holderEmail: "paia@chbah.example",
    informationOfficer: "Ms N. Dlamini",
    receivedOn: "2026-10-23",
    extensionDays: null,
    refusalSection: null,
    events: [
      { status: "drafted", statusLabel: "Drafted", onDate: "2026-10-22", note: null, actorName: "Lerato Employee" },
      {
        status: "sent",
        statusLabel: "Sent",
        onDate: "2026-10-23",
        note: "E-mailed to the information officer",
        actorName: "Lerato Employee",
      },
    ],
    fees: [{ id: "b5b5b5b5-1111-4222-8333-444444444444", kind: "request", amountCents: 3500, requestedOn: "2026-10-25", paidOn: null }],
    records: [],
    files: [],
    moves: ["appealed", "received_in_part", "received", "closed"],
    ...over,
  };
}

describe("the case's records section", () => {
  it("shows placeholders while loading, then the server's sentence with a way to try again", async () => {
    let fail = true;
    renderWithTrpc(<RecordsCaseSection caseId={CASE} incidentDate="2026-03-14" canManage={false} />, {
      "records.forCase": async () => {
        if (fail) throw refusal("The database is not answering.");
        return [];
      },
    });
    expect(screen.getByRole("status")).toHaveTextContent("Loading the records requests");
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Could not load the records requests");
    expect(alert).toHaveTextContent("The database is not answering.");
    fail = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("No records requested yet")).toBeInTheDocument();
  });

  it("says so when nothing was asked, and offers the attorney no request", async () => {
    renderWithTrpc(<RecordsCaseSection caseId={CASE} incidentDate="2026-03-14" canManage={false} />, { "records.forCase": () => [] });
    expect(await screen.findByText("No records requested yet")).toBeInTheDocument();
    expect(screen.getByText(/has not asked any holder/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Request records" })).toBeNull();
  });

  it("lists each request with its records, disciplines and clock, and marks a deemed refusal as needing action", async () => {
    renderWithTrpc(<RecordsCaseSection caseId={CASE} incidentDate="2026-03-14" canManage />, {
      "records.forCase": () => [DEEMED, item()],
    });
    const rows = within(await screen.findByRole("list", { name: "Records requests" })).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent("Chris Hani Baragwanath Academic Hospital");
    expect(rows[0]).toHaveTextContent("Hospital notes; Radiology (X-rays, scans and their reports)");
    expect(rows[0]).toHaveTextContent("For Orthopaedic Surgeon");
    expect(rows[0]).toHaveTextContent("Needs action");
    expect(rows[0]).toHaveTextContent("Deemed refused, appeal by 21 Jan 2027.");
    expect(rows[1]).toHaveTextContent("Not sent yet");
    expect(rows[1]).not.toHaveTextContent("Needs action");
    expect(screen.getByRole("button", { name: "Request records" })).toBeInTheDocument();
  });

  it("opens a request's days, fees and steps, and shows the server's refusal of a step by the form", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<RecordsCaseSection caseId={CASE} incidentDate="2026-03-14" canManage />, {
      "records.forCase": () => [DEEMED],
      "records.get": () => detail(),
      "records.move": () => {
        throw refusal("The date cannot be before the holder received the request on 23 Oct 2026.");
      },
    });
    const toggle = await screen.findByRole("button", { name: "Details: Chris Hani Baragwanath Academic Hospital" });
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    await user.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    expect(await screen.findByText("Internal appeal by")).toBeInTheDocument();
    expect(screen.getByText("21 Jan 2027")).toBeInTheDocument();
    expect(screen.getByText("22 Nov 2026")).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "Fees" })).getByText(/not paid yet/)).toBeInTheDocument();
    expect(within(screen.getByRole("list", { name: "What happened" })).getAllByRole("listitem")).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText("Next step"), "appealed");
    await user.click(screen.getByRole("button", { name: "Record the step" }));
    await waitFor(() => expect(page.sent("records.move")).toHaveLength(1));
    expect(page.sent("records.move")[0]).toMatchObject({ id: DEEMED.id, status: "appealed" });
    expect(await screen.findByRole("alert")).toHaveTextContent("The date cannot be before the holder received the request on 23 Oct 2026.");
  });

  it("records a step, then shows the request as the server answers it with a fresh form", async () => {
    const user = userEvent.setup();
    const appealed = detail({
      status: "appealed",
      statusLabel: "Appealed",
      events: [
        ...detail().events,
        { status: "appealed", statusLabel: "Appealed", onDate: "2026-12-01", note: null, actorName: "Lerato Employee" },
      ],
      moves: ["received_in_part", "received", "refused", "closed"],
    });
    const page = renderWithTrpc(<RecordsCaseSection caseId={CASE} incidentDate="2026-03-14" canManage />, {
      "records.forCase": () => [DEEMED],
      "records.get": () => detail(),
      "records.move": () => appealed,
    });
    await user.click(await screen.findByRole("button", { name: "Details: Chris Hani Baragwanath Academic Hospital" }));
    await user.selectOptions(await screen.findByLabelText("Next step"), "appealed");
    await user.click(screen.getByRole("button", { name: "Record the step" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "What happened" })).getAllByRole("listitem")).toHaveLength(3));
    expect(screen.getByLabelText("Next step")).toHaveValue("");
    expect(screen.queryByRole("option", { name: "Appealed" })).toBeNull();
    await waitFor(() => expect(page.sent("records.forCase")).toHaveLength(2));
  });

  it("lets staff ask for records from the register, the legal basis following the holder", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<RecordsCaseSection caseId={CASE} incidentDate="2026-03-14" canManage />, {
      "records.forCase": () => [],
      "records.holders": () => [holder(), holder({ id: "e2e2e2e2-1111-4222-8333-444444444444", name: "Netcare Milpark", kind: "private" })],
      "specializations.listActive": () => [{ id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", name: "Orthopaedic Surgeon" }],
      "records.request": () => detail({ status: "drafted", statusLabel: "Drafted", clock: NO_CLOCK, moves: ["sent", "closed"] }),
    });
    await user.click(await screen.findByRole("button", { name: "Request records" }));
    const dialog = await screen.findByRole("dialog", { name: "Request records" });
    await user.selectOptions(await within(dialog).findByLabelText("Holder of the records"), "e2e2e2e2-1111-4222-8333-444444444444");
    expect(within(dialog).getByLabelText("Legal basis")).toHaveValue("paia_private");
    await user.click(within(dialog).getByLabelText("Payslips"));
    await user.selectOptions(within(dialog).getByLabelText("The agency asks on"), "signed_consent");
    await user.click(within(dialog).getByRole("button", { name: "Save the request" }));
    await waitFor(() => expect(page.sent("records.request")).toHaveLength(1));
    expect(page.sent("records.request")[0]).toMatchObject({ caseId: CASE, legalBasis: "paia_private", recordKinds: ["payslips"] });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(page.sent("records.holders")[0]).toEqual({ includeInactive: false });
  });
});
