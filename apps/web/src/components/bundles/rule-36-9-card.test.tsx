import type { CourtClockView } from "@medlegal/domain";
import { addDays, DEFAULT_DIVISION_OFFSETS, RULE_36_9_MESSAGES, sastDate } from "@medlegal/domain";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { Rule369Card } from "./rule-36-9-card";

const caseId = "3f1c2a9e-7b4d-4c1e-9a2b-5d6e7f8a9b0c";

function clock(delivered: { notice?: string; summaries?: string } = {}): CourtClockView {
  const step = (document: "notice" | "summaries", label: string, dueOn: string) => ({
    document,
    label,
    dueOn,
    source: "rule" as const,
    deliveredOn: delivered[document] ?? null,
    done: Boolean(delivered[document]),
    courtDaysLeft: 12,
  });
  return {
    caseId,
    caseReference: "CASE-0042",
    claimType: "raf",
    accidentDate: "2024-02-10",
    vehicleIdentified: true,
    rafLodgedOn: null,
    summonsServedOn: null,
    trialDate: "2027-03-01",
    courtDivision: null,
    preTrialDate: null,
    trialDaysLeft: 80,
    statutory: [],
    orders: [],
    offsets: DEFAULT_DIVISION_OFFSETS,
    staleReportMonths: 18,
    disciplines: [],
    notices: [step("notice", "Rule 36(9)(a) notice", "2027-02-08"), step("summaries", "Rule 36(9)(b) summaries", "2027-02-15")],
    readiness: null,
  };
}

describe("the Rule 36(9) notices card", () => {
  it("offers the four drafts and says when each is due", async () => {
    renderWithTrpc(<Rule369Card caseId={caseId} />, { "courtClock.get": () => clock({ notice: "2027-01-20" }) });
    expect(await screen.findByText("Delivered on 20 Jan 2027")).toBeInTheDocument();
    expect(screen.getByText(/Not delivered; due by 15 Feb 2027/)).toBeInTheDocument();
    const hrefs = screen.getAllByRole("link").map((a) => a.getAttribute("href"));
    expect(hrefs).toEqual([
      `/api/cases/${caseId}/rule-36-9/notice.docx`,
      `/api/cases/${caseId}/rule-36-9/notice.pdf`,
      `/api/cases/${caseId}/rule-36-9/summaries.docx`,
      `/api/cases/${caseId}/rule-36-9/summaries.pdf`,
    ]);
    expect(screen.getByRole("link", { name: "Rule 36(9)(a) notice (Word)" })).toBeInTheDocument();
  });

  it("refuses a delivery day in the future on its field and sends nothing", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<Rule369Card caseId={caseId} />, { "courtClock.get": () => clock() });
    await screen.findByText(/due by 8 Feb 2027/);
    const day = screen.getByLabelText(/Delivered on/);
    fireEvent.change(day, { target: { value: addDays(sastDate(new Date()), 2) } });
    await user.click(screen.getByRole("button", { name: "Mark delivered" }));
    expect(await screen.findByText(RULE_36_9_MESSAGES.inFuture)).toBeInTheDocument();
    expect(day).toHaveAttribute("aria-invalid", "true");
    expect(view.sent("courtClock.markNoticesDelivered")).toEqual([]);
  });

  it("marks the chosen documents delivered on the day given", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<Rule369Card caseId={caseId} />, {
      "courtClock.get": () => clock(),
      "courtClock.markNoticesDelivered": () => clock({ summaries: "2026-12-01" }),
    });
    await screen.findByText(/due by 8 Feb 2027/);
    await user.selectOptions(screen.getByLabelText(/What was delivered/), "summaries");
    fireEvent.change(screen.getByLabelText(/Delivered on/), { target: { value: "2026-12-01" } });
    await user.click(screen.getByRole("button", { name: "Mark delivered" }));
    await waitFor(() => expect(view.sent("courtClock.markNoticesDelivered")).toHaveLength(1));
    expect(view.sent("courtClock.markNoticesDelivered")[0]).toEqual({ caseId, documents: ["summaries"], deliveredOn: "2026-12-01" });
    expect(await screen.findByText("Delivered on 1 Dec 2026")).toBeInTheDocument();
  });
});
