import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type * as UploadModule from "@/lib/upload";
import { UploadError, uploadEvidenceDocument, uploadEvidenceVersion } from "@/lib/upload";
import { type OutputOf, refusal, renderWithTrpc } from "@/test/trpc";
import { ExpertEvidence } from "./expert-evidence";

vi.mock("@/lib/upload", async (original) => ({
  ...(await original<typeof UploadModule>()),
  uploadEvidenceDocument: vi.fn(),
  uploadEvidenceVersion: vi.fn(),
}));
const upload = vi.mocked(uploadEvidenceDocument);
const uploadVersion = vi.mocked(uploadEvidenceVersion);

const CASE = "c0c0c0c0-1111-4222-8333-444444444444";
const ORTHO = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
type Evidence = OutputOf<"bundles.evidence">;
type Document = Evidence["documents"][number];
const ORDER: Evidence["sectionOrder"] = [
  "expert_notices",
  "expert_summaries",
  "plaintiff_reports",
  "defendant_reports",
  "joint_minutes",
  "raf4",
  "medical_records",
];

function doc(over: Partial<Document>): Document {
  return {
    key: "report:1",
    source: "report",
    section: "plaintiff_reports",
    party: "plaintiff",
    discipline: "Orthopaedic Surgeon",
    author: "Dr T. Naidoo",
    date: "2026-11-02",
    description: "Orthopaedic report",
    version: "Version 2",
    pages: 12,
    fileId: "f1f1f1f1-1111-4222-8333-444444444444",
    included: true,
    addedId: null,
    ...over,
  };
}

const REPORT = doc({});
const MINUTE = doc({
  key: "joint_minute:1",
  source: "joint_minute",
  section: "joint_minutes",
  description: "Joint minute: orthopaedics",
  pages: null,
  fileId: null,
  version: "Version 1",
});
const DEFENDANT = doc({
  key: "added:1",
  source: "added",
  section: "defendant_reports",
  party: "defendant",
  author: "Dr P. Botha",
  description: "Defendant's orthopaedic report",
  version: "Version 1",
  pages: 9,
  addedId: "d1d1d1d1-1111-4222-8333-444444444444",
});
const EVIDENCE: Evidence = { sectionOrder: ORDER, documents: [REPORT, DEFENDANT, MINUTE] };

describe("the case's expert evidence", () => {
  it("says what appears here when there is nothing yet", async () => {
    renderWithTrpc(<ExpertEvidence caseId={CASE} canManage />, { "bundles.evidence": () => ({ sectionOrder: ORDER, documents: [] }) });
    expect(await screen.findByText("No documents yet")).toBeInTheDocument();
    expect(screen.getByText(/Released reports, joint minutes and received records appear here/)).toBeInTheDocument();
  });

  it("groups the documents by section in the case's order, and saves a document left out", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<ExpertEvidence caseId={CASE} canManage />, {
      "bundles.evidence": () => EVIDENCE,
      "bundles.setSelection": (input) => ({
        ...EVIDENCE,
        documents: EVIDENCE.documents.map((d) => ({ ...d, included: !input.excluded.includes(d.key) })),
      }),
    });
    const reports = await screen.findByRole("list", { name: "C · Plaintiff expert reports" });
    expect(reports).toHaveTextContent("Orthopaedic report");
    expect(reports).toHaveTextContent("Plaintiff · Orthopaedic Surgeon · Dr T. Naidoo · 2 Nov 2026 · Version 2 · 12 pages");
    expect(within(reports).getByRole("link", { name: "Download Orthopaedic report" })).toHaveAttribute(
      "href",
      `/api/files/${REPORT.fileId}`,
    );
    const headings = screen.getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(headings).toEqual(["C · Plaintiff expert reports", "D · Defendant expert reports", "E · Joint minutes"]);
    const minutes = screen.getByRole("list", { name: "E · Joint minutes" });
    expect(within(minutes).queryByRole("link")).toBeNull();
    expect(within(minutes).queryByRole("button", { name: /Withdraw/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Withdraw: Defendant's orthopaedic report" })).toBeInTheDocument();

    const include = screen.getByRole("checkbox", { name: "Include in bundle: Orthopaedic report" });
    expect(include).toBeChecked();
    await user.click(include);
    await waitFor(() => expect(page.sent("bundles.setSelection")).toHaveLength(1));
    expect(page.sent("bundles.setSelection")[0]).toEqual({ caseId: CASE, sectionOrder: ORDER, excluded: ["report:1"] });
    await waitFor(() => expect(screen.getByRole("checkbox", { name: "Include in bundle: Orthopaedic report" })).not.toBeChecked());
  });

  it("moves a section up and shows the server's sentence when the order is fixed", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<ExpertEvidence caseId={CASE} canManage />, {
      "bundles.evidence": () => EVIDENCE,
      "bundles.setSelection": () => {
        throw refusal("Bundle 1 was served on 7 Dec 2026: the sections keep its order.");
      },
    });
    await user.click(await screen.findByText("Sections' order"));
    expect(screen.getByRole("button", { name: "Move A · Rule 36(9)(a) notices up" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Move C · Plaintiff expert reports up" }));
    await waitFor(() => expect(page.sent("bundles.setSelection")).toHaveLength(1));
    expect(page.sent("bundles.setSelection")[0]).toMatchObject({
      sectionOrder: [
        "expert_notices",
        "plaintiff_reports",
        "expert_summaries",
        "defendant_reports",
        "joint_minutes",
        "raf4",
        "medical_records",
      ],
      excluded: [],
    });
    expect(await screen.findByRole("alert")).toHaveTextContent("Bundle 1 was served on 7 Dec 2026: the sections keep its order.");
  });

  it("withdraws an added document after asking, and takes a new version of it", async () => {
    const user = userEvent.setup();
    uploadVersion.mockResolvedValue({ id: "v2v2v2v2-1111-4222-8333-444444444444", number: 2 });
    const page = renderWithTrpc(<ExpertEvidence caseId={CASE} canManage />, {
      "bundles.evidence": () => EVIDENCE,
      // The procedure answers nothing (z.void), which the router's inferred output types as never.
      "bundles.withdrawDocument": () => undefined as never,
    });
    const pdf = new File(["%PDF-1.4"], "botha-v2.pdf", { type: "application/pdf" });
    fireEvent.change(await screen.findByLabelText("New version of Defendant's orthopaedic report (PDF)"), { target: { files: [pdf] } });
    await waitFor(() => expect(uploadVersion).toHaveBeenCalledTimes(1));
    expect(uploadVersion.mock.calls[0]!.slice(0, 2)).toEqual([DEFENDANT.addedId, pdf]);
    await waitFor(() => expect(page.sent("bundles.evidence")).toHaveLength(2));

    await user.click(screen.getByRole("button", { name: "Withdraw: Defendant's orthopaedic report" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Withdraw this document?" });
    await user.click(within(dialog).getByRole("button", { name: "Withdraw" }));
    await waitFor(() => expect(page.sent("bundles.withdrawDocument")).toEqual([{ id: DEFENDANT.addedId }]));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    await waitFor(() => expect(page.sent("bundles.evidence")).toHaveLength(3));
  });

  it("offers no changes to whoever only reads", async () => {
    renderWithTrpc(<ExpertEvidence caseId={CASE} canManage={false} />, { "bundles.evidence": () => EVIDENCE });
    expect(await screen.findByRole("checkbox", { name: "Include in bundle: Orthopaedic report" })).toBeDisabled();
    expect(screen.queryByRole("button", { name: "Add a document" })).toBeNull();
    expect(screen.queryByRole("button", { name: /Withdraw/ })).toBeNull();
  });
});

describe("adding a document", () => {
  const pdf = new File(["%PDF-1.4"], "botha.pdf", { type: "application/pdf" });

  async function openForm() {
    const user = userEvent.setup();
    const page = renderWithTrpc(<ExpertEvidence caseId={CASE} canManage />, {
      "bundles.evidence": () => EVIDENCE,
      "specializations.listActive": () => [{ id: ORTHO, name: "Orthopaedic Surgeon" }],
    });
    await user.click(await screen.findByRole("button", { name: "Add a document" }));
    const form = await screen.findByRole("form", { name: "Add a document" });
    await within(form).findByRole("option", { name: "Orthopaedic Surgeon" });
    return { user, page, form };
  }

  it("checks the fields, then sends them with the PDF and refreshes the list", async () => {
    upload.mockResolvedValue({ id: "d2d2d2d2-1111-4222-8333-444444444444" });
    const { user, page, form } = await openForm();
    await user.click(within(form).getByRole("button", { name: "Add the document" }));
    expect(await within(form).findByText("Choose the document's PDF.")).toBeInTheDocument();
    expect(within(form).getByText("Choose the bundle section the document belongs in")).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText("Section"), "defendant_reports");
    await user.selectOptions(within(form).getByLabelText("Whose document"), "defendant");
    await user.selectOptions(within(form).getByLabelText("Discipline (optional)"), ORTHO);
    await user.type(within(form).getByLabelText("Author"), "Dr P. Botha");
    fireEvent.change(within(form).getByLabelText("Document date"), { target: { value: "2026-10-15" } });
    await user.type(within(form).getByLabelText("Description"), "Defendant's orthopaedic addendum");
    fireEvent.change(within(form).getByLabelText("Document (PDF, at most 25 MB)"), { target: { files: [pdf] } });
    await user.click(within(form).getByRole("button", { name: "Add the document" }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]!.slice(0, 3)).toEqual([
      CASE,
      pdf,
      {
        section: "defendant_reports",
        party: "defendant",
        specializationId: ORTHO,
        author: "Dr P. Botha",
        documentDate: "2026-10-15",
        description: "Defendant's orthopaedic addendum",
      },
    ]);
    await waitFor(() => expect(screen.queryByRole("form", { name: "Add a document" })).toBeNull());
    await waitFor(() => expect(page.sent("bundles.evidence")).toHaveLength(2));
  });

  it("shows the server's sentence when it refuses the document", async () => {
    upload.mockRejectedValue(new UploadError(400, "The file is not a PDF that can be read."));
    const { user, form } = await openForm();
    await user.selectOptions(within(form).getByLabelText("Section"), "defendant_reports");
    await user.selectOptions(within(form).getByLabelText("Whose document"), "defendant");
    await user.type(within(form).getByLabelText("Author"), "Dr P. Botha");
    fireEvent.change(within(form).getByLabelText("Document date"), { target: { value: "2026-10-15" } });
    await user.type(within(form).getByLabelText("Description"), "Report");
    fireEvent.change(within(form).getByLabelText("Document (PDF, at most 25 MB)"), { target: { files: [pdf] } });
    await user.click(within(form).getByRole("button", { name: "Add the document" }));
    expect(await within(form).findByRole("alert")).toHaveTextContent("The file is not a PDF that can be read.");
  });
});
