import type { Raf4View } from "@medlegal/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { Raf4Card } from "./raf4-card";

const REPORT = "0b5c4a8e-3f43-4c55-9d1e-2a4f0c9b7e11";
const EXPERT = "6f1d2c3b-4a5e-4f60-8b7a-9c0d1e2f3a4b";

const view = (over: Partial<Raf4View> = {}): Raf4View => ({
  reportId: REPORT,
  reference: "RPT-2026-00042",
  isRaf4: true,
  released: false,
  canAssess: true,
  canRecordOutcome: false,
  assessment: null,
  gaps: ["The RAF 4 assessment has not been recorded."],
  outcome: null,
  raf5: null,
  tribunal: null,
  experts: [{ id: EXPERT, name: "Dr Johan Smit" }],
  examination: { examined: false, on: null, expertId: null, byName: null, bookingReference: null, label: "Not examined: records only" },
  ...over,
});

describe("the RAF 4 card", () => {
  it("lists what QA needs before release, refuses a WPI with three decimals on its field, and sends nothing", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<Raf4Card reportId={REPORT} />, { "raf4.get": () => view() });
    expect(await screen.findByRole("list", { name: "Missing before release" })).toHaveTextContent(
      "The RAF 4 assessment has not been recorded.",
    );
    const wpi = screen.getByLabelText("WPI % (as calculated, not rounded)");
    fireEvent.change(wpi, { target: { value: "29.555" } });
    await user.click(screen.getByRole("button", { name: "Save RAF 4 assessment" }));
    expect(await screen.findByText(/WPI must be a number from 0 to 100 with at most 2 decimals/)).toBeInTheDocument();
    expect(wpi).toHaveAttribute("aria-invalid", "true");
    expect(page.sent("raf4.saveAssessment")).toEqual([]);
  });

  it("sends the WPI exactly as typed (29.5, not 30) with the narrative heads ticked", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<Raf4Card reportId={REPORT} />, {
      "raf4.get": () => view(),
      "raf4.saveAssessment": () => view({ gaps: [] }),
    });
    await user.selectOptions(await screen.findByLabelText("Examined the claimant personally"), EXPERT);
    fireEvent.change(screen.getByLabelText("Date of examination"), { target: { value: "2026-11-20" } });
    await user.selectOptions(screen.getByLabelText("Maximum medical improvement"), "no");
    fireEvent.change(screen.getByLabelText("WPI % (as calculated, not rounded)"), { target: { value: "29.5" } });
    await user.click(screen.getByLabelText("Permanent serious disfigurement"));
    await user.selectOptions(screen.getByLabelText("On the list of non-serious injuries"), "no");
    await user.click(screen.getByRole("button", { name: "Save RAF 4 assessment" }));
    await waitFor(() => expect(page.sent("raf4.saveAssessment")).toHaveLength(1));
    expect(page.sent("raf4.saveAssessment")[0]).toMatchObject({
      reportId: REPORT,
      examinedPersonallyBy: EXPERT,
      examinationDate: "2026-11-20",
      mmiReached: false,
      mmiDate: null,
      wpiPercent: "29.5",
      narrativeHeads: ["disfigurement"],
      onNonSeriousList: false,
    });
  });

  it("starts from the attended assessment the report rests on, as the report's details say it", async () => {
    const user = userEvent.setup();
    const examination = {
      examined: true,
      on: "2026-11-17",
      expertId: EXPERT,
      byName: "Dr Johan Smit",
      bookingReference: "BK-2026-00077",
      label: "Examined on 17 Nov 2026 by Dr Johan Smit (BK-2026-00077)",
    };
    const page = renderWithTrpc(<Raf4Card reportId={REPORT} />, {
      "raf4.get": () => view({ examination }),
      "raf4.saveAssessment": () => view({ examination }),
    });
    expect(await screen.findByLabelText("Examined the claimant personally")).toHaveValue(EXPERT);
    expect(screen.getByLabelText("Date of examination")).toHaveValue("2026-11-17");
    await user.click(screen.getByRole("button", { name: "Save RAF 4 assessment" }));
    await waitFor(() => expect(page.sent("raf4.saveAssessment")).toHaveLength(1));
    expect(page.sent("raf4.saveAssessment")[0]).toMatchObject({ examinedPersonallyBy: EXPERT, examinationDate: "2026-11-17" });
  });

  it("shows the attorney the RAF's rejection and the RAF 5 clock, and asks the tribunal's outcome next", async () => {
    renderWithTrpc(<Raf4Card reportId={REPORT} />, {
      "raf4.get": () =>
        view({
          released: true,
          canAssess: false,
          canRecordOutcome: true,
          gaps: [],
          assessment: {
            examinedPersonallyBy: EXPERT,
            examinedPersonallyByName: "Dr Johan Smit",
            examinationDate: "2026-08-01",
            mmiReached: true,
            mmiDate: "2026-08-01",
            wpiPercent: "24",
            narrativeHeads: ["body_function"],
            onNonSeriousList: false,
            notes: null,
            serious: true,
            updatedAt: "2026-08-02T08:00:00.000Z",
          },
          outcome: { outcome: "rejected", date: "2026-09-10", reasons: "Not serious." },
          raf5: { deadline: "2026-12-09", daysLeft: 10 },
        }),
    });
    expect(await screen.findByText("Serious under the narrative test.")).toBeInTheDocument();
    expect(screen.getByText(/RAF 5 dispute by .*: 10 calendar days left/)).toBeInTheDocument();
    expect(screen.getByText("24 % (as calculated)")).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "The tribunal's outcome" })).toBeInTheDocument();
  });
});
