import { addendumDueAt, saDueLabel } from "@medlegal/domain";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { RequestAddendumDialog } from "./request-addendum-dialog";

const REPORT = "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a";
const created = { id: "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b", reference: "RPT-2026-00099", dueAt: "2026-12-21T15:00:00.000Z" };

describe("RequestAddendumDialog", () => {
  it("asks what the addendum must cover, shows it back with the due time (17:00 on a working day), and sends it only once confirmed", async () => {
    const user = userEvent.setup();
    const onRequested = vi.fn();
    const view = renderWithTrpc(
      <RequestAddendumDialog reportId={REPORT} reference="RPT-2026-00012" expertName="Dr Thandiwe Mokoena" onRequested={onRequested} />,
      {
        "reports.createLinked": () => created,
      },
    );
    await user.click(screen.getByRole("button", { name: "Request an addendum" }));
    const dialog = await screen.findByRole("dialog", { name: "Request an addendum to RPT-2026-00012" });
    // Nothing written: a sentence on the field, nothing sent.
    await user.click(within(dialog).getByRole("button", { name: "Review the request" }));
    const field = within(dialog).getByLabelText(/What must the addendum cover\?/);
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(within(dialog).getByText(/^Say what the addendum must cover/)).toBeInTheDocument();
    fireEvent.change(field, { target: { value: "The prognosis after the knee replacement." } });
    await user.click(within(dialog).getByRole("button", { name: "Review the request" }));

    const confirm = await screen.findByRole("dialog", { name: "Send this request to the expert?" });
    expect(within(confirm).getByText("The prognosis after the knee replacement.")).toBeInTheDocument();
    const due = saDueLabel(addendumDueAt(new Date()));
    expect(due).toMatch(/^17:00 on (Mon|Tue|Wed|Thu|Fri) /);
    expect(within(confirm).getByText(`Dr Thandiwe Mokoena is asked for an addendum to RPT-2026-00012, due by ${due}.`)).toBeInTheDocument();
    expect(view.sent("reports.createLinked")).toEqual([]);
    // Back keeps the text; confirming sends it once.
    await user.click(within(confirm).getByRole("button", { name: "Back" }));
    expect(await screen.findByLabelText(/What must the addendum cover\?/)).toHaveValue("The prognosis after the knee replacement.");
    await user.click(screen.getByRole("button", { name: "Review the request" }));
    await user.click(await screen.findByRole("button", { name: "Request the addendum" }));
    await vi.waitFor(() =>
      expect(view.sent("reports.createLinked")).toEqual([
        { parentId: REPORT, kind: "addendum", scope: "The prognosis after the knee replacement." },
      ]),
    );
    await vi.waitFor(() => expect(onRequested).toHaveBeenCalledWith(created));
  });
});
