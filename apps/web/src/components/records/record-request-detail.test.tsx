import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type * as UploadModule from "@/lib/upload";
import { UploadError, uploadReceivedRecords } from "@/lib/upload";
import { type OutputOf, refusal, renderWithTrpc } from "@/test/trpc";
import { RecordRequestDetail } from "./record-request-detail";

vi.mock("@/lib/upload", async (original) => ({ ...(await original<typeof UploadModule>()), uploadReceivedRecords: vi.fn() }));
const upload = vi.mocked(uploadReceivedRecords);

const CASE = "c0c0c0c0-1111-4222-8333-444444444444";
const ID = "f3f3f3f3-1111-4222-8333-444444444444";
type Detail = OutputOf<"records.get">;

const CLOCK: Detail["clock"] = {
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

function detail(over: Partial<Detail> = {}): Detail {
  return {
    id: ID,
    caseId: CASE,
    caseReference: "CASE-2026-00017",
    claimantName: "Sipho Petersen",
    holder: { id: "e1e1e1e1-1111-4222-8333-444444444444", name: "Groote Schuur Hospital", kind: "public", category: "hospital" },
    recordKinds: ["hospital_notes"],
    disciplines: [],
    legalBasis: "paia_public",
    status: "drafted",
    statusLabel: "Drafted",
    clock: CLOCK,
    createdAt: "2026-11-01T08:00:00.000Z",
    description: null,
    periodFrom: null,
    periodTo: null,
    authority: "attorney_mandate",
    holderEmail: "paia@gsh.example",
    informationOfficer: "Ms N. Dlamini",
    receivedOn: null,
    extensionDays: null,
    refusalSection: null,
    events: [{ status: "drafted", statusLabel: "Drafted", onDate: "2026-11-01", note: null, actorName: "Lerato Employee" }],
    fees: [],
    records: [],
    files: [],
    moves: ["sent", "closed"],
    ...over,
  };
}

const SENT = detail({
  status: "sent",
  statusLabel: "Sent",
  receivedOn: "2026-11-02",
  clock: { ...CLOCK, status: "sent", decisionDue: "2026-12-02", daysLeft: 20, summary: "Decision due by 2 Dec 2026." },
  files: [
    {
      fileId: "a1a1a1a1-1111-4222-8333-444444444444",
      purpose: "letter",
      fileName: "paia-request.pdf",
      createdAt: "2026-11-02T07:00:00.000Z",
    },
  ],
  moves: ["acknowledged", "received_in_part", "received", "closed"],
});

const RECORD = {
  fileId: "b2b2b2b2-1111-4222-8333-444444444444",
  fileName: "petersen-notes.pdf",
  size: 12.4 * 1024 * 1024,
  sha256: "ab".repeat(32),
  receivedAt: "2026-11-20T09:00:00.000Z",
  state: "ready" as const,
  pages: 500,
  textPages: 480,
  error: null,
  ocr: { state: "unavailable" as const, pages: 20, pagesDone: 0 },
};

describe("a records request's letter", () => {
  it("sends the drafted letter after staff confirm the holder's address, then shows the request as sent", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<RecordRequestDetail id={ID} caseId={CASE} />, {
      "records.get": () => detail(),
      "records.send": () => SENT,
      "records.forCase": () => [],
    });
    await user.click(await screen.findByRole("button", { name: "Send letter" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Send the request letter?" });
    expect(dialog).toHaveTextContent("paia@gsh.example");
    await user.click(within(dialog).getByRole("button", { name: "Send letter" }));
    await waitFor(() => expect(page.sent("records.send")).toEqual([{ id: ID }]));
    expect(await screen.findByRole("link", { name: "paia-request.pdf" })).toHaveAttribute(
      "href",
      "/api/files/a1a1a1a1-1111-4222-8333-444444444444",
    );
    expect(screen.queryByRole("button", { name: "Send letter" })).toBeNull();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("shows the server's sentence when it refuses to send", async () => {
    const user = userEvent.setup();
    renderWithTrpc(<RecordRequestDetail id={ID} caseId={CASE} />, {
      "records.get": () => detail(),
      "records.send": () => {
        throw refusal("The agency has no e-mail address to send from: set it under Settings first.");
      },
    });
    await user.click(await screen.findByRole("button", { name: "Send letter" }));
    await user.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Send letter" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The agency has no e-mail address to send from");
    expect(screen.getByRole("button", { name: "Send letter" })).toBeInTheDocument();
  });

  it("offers no letter to send once the request is sent, nor to a reader", async () => {
    renderWithTrpc(<RecordRequestDetail id={ID} caseId={CASE} />, { "records.get": () => detail({ moves: [] }) });
    expect(await screen.findByText("Legal basis")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send letter" })).toBeNull();
    expect(screen.queryByRole("form", { name: "Upload records" })).toBeNull();
  });
});

describe("a records request's received records", () => {
  it("lists each record with its size, day and pages, says which pages lack text or got one by OCR, and waits on one still processing", async () => {
    renderWithTrpc(<RecordRequestDetail id={ID} caseId={CASE} />, {
      "records.get": () =>
        detail({
          ...SENT,
          records: [
            {
              ...RECORD,
              fileId: "c3c3c3c3-1111-4222-8333-444444444444",
              fileName: "more.pdf",
              state: "processing",
              pages: null,
              textPages: null,
              ocr: null,
            },
            RECORD,
            {
              ...RECORD,
              fileId: "d4d4d4d4-1111-4222-8333-444444444444",
              fileName: "xrays.pdf",
              pages: 1,
              textPages: 1,
              size: 2000,
              ocr: null,
            },
            {
              ...RECORD,
              fileId: "e5e5e5e5-1111-4222-8333-444444444444",
              fileName: "scan.pdf",
              ocr: { state: "running", pages: 20, pagesDone: 7 },
            },
            {
              ...RECORD,
              fileId: "f6f6f6f6-1111-4222-8333-444444444444",
              fileName: "ocr.pdf",
              ocr: { state: "done", pages: 20, pagesDone: 20 },
            },
          ],
        }),
    });
    const rows = within(await screen.findByRole("list", { name: "Records received" })).getAllByRole("listitem");
    expect(rows[0]).toHaveTextContent("Processing…");
    expect(rows[1]).toHaveTextContent("petersen-notes.pdf");
    expect(rows[1]).toHaveTextContent("12.4 MB · received 20 Nov 2026 · 500 pages");
    expect(rows[1]).toHaveTextContent("20 pages have no text layer");
    expect(within(rows[1]!).getByRole("link")).toHaveAttribute("href", `/api/files/${RECORD.fileId}`);
    expect(rows[2]).toHaveTextContent("0.1 MB · received 20 Nov 2026 · 1 page");
    expect(rows[2]).not.toHaveTextContent("text layer");
    // OCR under way says how far it got; once done, the download is the searchable copy.
    expect(rows[3]).toHaveTextContent("20 pages have no text layer · adding one (7 of 20 pages done)");
    expect(rows[4]).toHaveTextContent("Text layer added to 20 pages");
    expect(rows[4]).not.toHaveTextContent("no text layer");
    expect(within(screen.getByRole("list", { name: "Letters" })).getByText(/Request letter, 2 Nov 2026/)).toBeInTheDocument();
  });
});

describe("uploading a holder's records", () => {
  const pdf = new File(["%PDF-1.4"], "notes.pdf", { type: "application/pdf" });

  it("asks for a PDF and whether all came, then uploads with the day and note and refreshes the request", async () => {
    const user = userEvent.setup();
    upload.mockResolvedValue({ fileId: RECORD.fileId });
    let answered = SENT;
    const page = renderWithTrpc(<RecordRequestDetail id={ID} caseId={CASE} />, {
      "records.get": () => answered,
      "records.forCase": () => [],
    });
    const form = await screen.findByRole("form", { name: "Upload records" });
    await user.click(within(form).getByRole("button", { name: "Upload records" }));
    expect(await within(form).findByText("Choose the PDF the holder sent.")).toBeInTheDocument();
    expect(within(form).getByText("Say whether the records arrived in full or in part")).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText("Records (PDF, at most 100 MB)"), {
      target: { files: [new File(["x"], "photo.png", { type: "image/png" })] },
    });
    expect(await within(form).findByText("The records must be a PDF.")).toBeInTheDocument();
    fireEvent.change(within(form).getByLabelText("Records (PDF, at most 100 MB)"), { target: { files: [pdf] } });
    await user.selectOptions(within(form).getByLabelText("The holder sent"), "received_in_part");
    fireEvent.change(within(form).getByLabelText("Records came on"), { target: { value: "2026-11-20" } });
    await user.type(within(form).getByLabelText("Note (optional)"), "X-rays to follow");
    answered = { ...SENT, records: [RECORD] };
    await user.click(within(form).getByRole("button", { name: "Upload records" }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]!.slice(0, 3)).toEqual([
      ID,
      pdf,
      { status: "received_in_part", onDate: "2026-11-20", note: "X-rays to follow" },
    ]);
    expect(await screen.findByRole("list", { name: "Records received" })).toHaveTextContent("petersen-notes.pdf");
    expect(page.sent("records.get").length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's sentence when it refuses the upload", async () => {
    const user = userEvent.setup();
    upload.mockRejectedValue(new UploadError(409, "The request was closed on 20 Nov 2026: no records can be added."));
    renderWithTrpc(<RecordRequestDetail id={ID} caseId={CASE} />, { "records.get": () => SENT });
    const form = await screen.findByRole("form", { name: "Upload records" });
    fireEvent.change(within(form).getByLabelText("Records (PDF, at most 100 MB)"), { target: { files: [pdf] } });
    await user.selectOptions(within(form).getByLabelText("The holder sent"), "received");
    await user.click(within(form).getByRole("button", { name: "Upload records" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("The request was closed on 20 Nov 2026");
  });
});
