import { reportUploadSchema } from "@medlegal/domain";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type * as UploadModule from "@/lib/upload";
import { UploadError, uploadReportVersion } from "@/lib/upload";
import { UploadVersionDialog } from "./upload-version-dialog";

// The upload itself (an XMLHttpRequest with progress) is replaced at the network's edge.
vi.mock("@/lib/upload", async (original) => ({ ...(await original<typeof UploadModule>()), uploadReportVersion: vi.fn() }));
const upload = vi.mocked(uploadReportVersion);

const reportId = "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a";
const DECLARATION = "I understand my duty is to assist the court; this report is true and my opinion is independent.";
const shortDeclarationMessage = reportUploadSchema.safeParse({ id: reportId, declaration: "It is true." }).error!.issues[0]!.message;

async function open(onUploaded = vi.fn()) {
  const user = userEvent.setup();
  render(<UploadVersionDialog reportId={reportId} reference="RPT-2026-00007" onBehalf={null} nextNumber={2} onUploaded={onUploaded} />);
  await user.click(screen.getByRole("button", { name: "Upload version 2" }));
  return { user, onUploaded };
}

describe("UploadVersionDialog", () => {
  beforeEach(() => {
    upload.mockReset();
  });

  it("offers the latest version's declaration again, so the expert need not retype it", async () => {
    const user = userEvent.setup();
    render(
      <UploadVersionDialog
        reportId={reportId}
        reference="RPT-2026-00007"
        onBehalf={null}
        nextNumber={2}
        lastDeclaration={DECLARATION}
        onUploaded={vi.fn()}
      />,
    );
    await user.click(screen.getByRole("button", { name: "Upload version 2" }));
    expect(screen.getByLabelText("Expert's declaration")).toHaveValue(DECLARATION);
  });

  it("refuses an upload without the PDF and with a short declaration, with the sentences on their fields", async () => {
    const { user } = await open();
    await user.type(screen.getByLabelText("Expert's declaration"), "It is true.");
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByText("Choose the report's PDF.")).toBeInTheDocument();
    expect(screen.getByText(shortDeclarationMessage)).toBeInTheDocument();
    expect(screen.getByLabelText("Expert's declaration")).toHaveAttribute("aria-invalid", "true");
    await waitFor(() => expect(screen.getByLabelText("Report (PDF, at most 25 MB)")).toHaveFocus());
    expect(upload).not.toHaveBeenCalled();
  });

  it("uploads the PDF with the declaration and change note, then closes", async () => {
    upload.mockResolvedValue({ id: "v2", number: 2 });
    const { user, onUploaded } = await open();
    const pdf = new File(["%PDF-1.4"], "knee-report-v2.pdf", { type: "application/pdf" });
    await user.upload(screen.getByLabelText("Report (PDF, at most 25 MB)"), pdf);
    await user.click(screen.getByLabelText("Expert's declaration"));
    await user.paste(DECLARATION);
    await user.type(screen.getByLabelText("What changed (optional)"), "Corrected the ID number.");
    await user.click(screen.getByRole("button", { name: "Upload" }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalled());
    expect(upload).toHaveBeenCalledWith(
      reportId,
      pdf,
      { declaration: DECLARATION, changeNote: "Corrected the ID number." },
      expect.any(Function),
    );
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("shows the server's sentence when it refuses the file", async () => {
    upload.mockRejectedValue(new UploadError(400, "The file is not a PDF."));
    const { user } = await open();
    await user.upload(screen.getByLabelText("Report (PDF, at most 25 MB)"), new File(["hello"], "report.pdf", { type: "application/pdf" }));
    await user.click(screen.getByLabelText("Expert's declaration"));
    await user.paste(DECLARATION);
    await user.click(screen.getByRole("button", { name: "Upload" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The file is not a PDF.");
    expect(screen.getByRole("button", { name: "Upload" })).toBeEnabled();
  });
});
