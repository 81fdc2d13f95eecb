import type { SlaTimerItem } from "@medlegal/domain";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderWithRouter } from "@/test/router";
import { SlaTimerList } from "./timer-list";

function item(overrides: Partial<SlaTimerItem>): SlaTimerItem {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    policy: "report_release",
    subjectKind: "report",
    subjectId: "r1",
    queryId: "00000000-0000-4000-8000-000000000002",
    queryReference: "Q-2026-00013",
    querySubject: "Orthopaedic assessment",
    assignedEmployeeName: null,
    consultantName: "Dr Venter",
    target: "2 business days",
    startedAt: "2026-11-27T08:00:00.000Z",
    // Midnight in South Africa at the start of 2 December: the end of 1 December.
    dueAt: "2026-12-01T22:00:00.000Z",
    atRiskAt: "2026-12-01T10:00:00.000Z",
    status: "open",
    stoppedAt: null,
    state: "on_track",
    timeLeftMs: 15 * 3_600_000,
    paused: false,
    pauseKind: null,
    pauseReason: null,
    pausedAt: null,
    ...overrides,
  };
}

describe("SlaTimerList", () => {
  it("shows an attorney no case-manager line and no Actions column, and a due time at midnight as the end of the day before", async () => {
    await renderWithRouter(<SlaTimerList items={[item({})]} manage={false} onPause={vi.fn()} onResume={vi.fn()} />);
    expect(await screen.findByText("1 Dec 2026, end of day")).toBeInTheDocument();
    expect(screen.queryByText(/2 Dec/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Case manager/)).not.toBeInTheDocument();
    expect(screen.queryByText("Actions")).not.toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });

  it("shows staff the case manager (or that there is none) and the pause action", async () => {
    await renderWithRouter(
      <SlaTimerList
        items={[
          item({}),
          item({ id: "00000000-0000-4000-8000-000000000003", assignedEmployeeName: "Priya Naidoo", dueAt: "2026-12-02T12:30:00.000Z" }),
        ]}
        manage
        onPause={vi.fn()}
        onResume={vi.fn()}
      />,
    );
    expect(await screen.findByText("Case manager: not assigned")).toBeInTheDocument();
    expect(screen.getByText("Case manager: Priya Naidoo")).toBeInTheDocument();
    expect(screen.getByText("2 Dec 2026, 14:30")).toBeInTheDocument();
    expect(screen.getByText("Actions")).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: /Pause Report release on Q-2026-00013/ })).toHaveLength(2);
  });
});
