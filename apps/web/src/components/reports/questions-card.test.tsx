import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from "@tanstack/react-router";
import { describe, expect, it, vi } from "vitest";
import { reportDetail } from "@/test/fixtures";
import { renderWithTrpc } from "@/test/trpc";
import { QuestionsCard } from "./questions-card";

const base = {
  id: "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a",
  questionsUntil: "2026-12-20T10:00:00.000Z",
  linked: [],
  questions: null,
  can: { ask: true },
};
const SUPP = "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b";

function renderCard(r: React.ComponentProps<typeof QuestionsCard>["r"]) {
  const root = createRootRoute({ component: () => <QuestionsCard r={r} onDone={vi.fn()} /> });
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ["/reports/x"] }) });
  return renderWithTrpc(<RouterProvider router={router as never} />, { "reports.ask": () => reportDetail({ id: r.id }) });
}

describe("QuestionsCard", () => {
  it("shows the questions back and asks before sending them, since they go once", async () => {
    const user = userEvent.setup();
    const view = renderCard(base);
    await user.type(await screen.findByLabelText(/Your questions/), "Is the knee injury permanent?");
    await user.click(screen.getByRole("button", { name: "Review and send" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Send these questions to the expert?" });
    expect(within(dialog).getByText("Is the knee injury permanent?")).toBeInTheDocument();
    expect(within(dialog).getByText("Questions can be put only once, and cannot be changed after sending.")).toBeInTheDocument();
    expect(view.sent("reports.ask")).toEqual([]);
    await user.click(within(dialog).getByRole("button", { name: "Send questions" }));
    await vi.waitFor(() => expect(view.sent("reports.ask")).toEqual([{ id: base.id, body: "Is the knee injury permanent?" }]));
  });

  it("says 'answered in' only once the supplementary report is released", async () => {
    const questions = {
      body: "Is it permanent?",
      askedByName: "Johan van der Merwe",
      createdAt: "2026-11-20T10:00:00.000Z",
      supplementaryReportId: SUPP,
      supplementaryReference: "RPT-2026-00031",
    };
    const linked = (status: "submitted" | "released") => [
      { id: SUPP, reference: "RPT-2026-00031", kind: "supplementary" as const, status, statusLabel: status },
    ];
    const preparing = renderCard({ ...base, can: { ask: false }, questions, linked: linked("submitted") as never });
    expect(await screen.findByText(/to be answered in/)).toHaveTextContent("to be answered in RPT-2026-00031 (in preparation)");
    preparing.unmount();
    renderCard({ ...base, can: { ask: false }, questions, linked: linked("released") as never });
    expect(await screen.findByText(/answered in/)).toHaveTextContent("· answered in RPT-2026-00031");
  });
});
