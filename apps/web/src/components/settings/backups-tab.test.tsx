import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { BackupStatus } from "@medlegal/domain";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/test/trpc";
import { BackupsTab } from "./backups-tab";

const on: BackupStatus = {
  enabled: true,
  offReason: null,
  folder: "/srv/medlegal/backups",
  at: "02:00",
  keepDaily: 7,
  keepWeekly: 4,
  lastSucceededAt: "2026-12-06T00:00:41.000Z",
  running: false,
  runs: [
    {
      id: "r2",
      trigger: "nightly",
      status: "failed",
      startedAt: "2026-12-07T00:00:00.000Z",
      finishedAt: "2026-12-07T00:00:02.000Z",
      fileName: null,
      sizeBytes: null,
      rowCount: null,
      fileCount: null,
      error: "It could not be written to /srv/medlegal/backups: ENOSPC: no space left on device.",
    },
    {
      id: "r1",
      trigger: "nightly",
      status: "succeeded",
      startedAt: "2026-12-06T00:00:00.000Z",
      finishedAt: "2026-12-06T00:00:41.000Z",
      fileName: "medlegal-2026-12-06-02-00-00.age",
      sizeBytes: 6_300_000,
      rowCount: 5210,
      fileCount: 12,
      error: null,
    },
  ],
  kept: [{ fileName: "medlegal-2026-12-06-02-00-00.age", madeAt: "2026-12-06T00:00:00.000Z", sizeBytes: 6_300_000 }],
};

describe("BackupsTab", () => {
  it("says when the last backup succeeded in South African time, and what failed since", async () => {
    renderWithTrpc(<BackupsTab />, { "operations.backupStatus": () => on });
    expect(
      await screen.findByText(
        "Last backup succeeded 6 Dec 2026, 02:00. Since then: It could not be written to /srv/medlegal/backups: ENOSPC: no space left on device.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("table")).toHaveTextContent("Failed");
    expect(screen.getByText("medlegal-2026-12-06-02-00-00.age")).toBeInTheDocument();
  });

  it("says why there are no backups when they are off, with no button to press", async () => {
    const reason = "Nightly backups are off: BACKUP_KEY is not set.";
    renderWithTrpc(<BackupsTab />, { "operations.backupStatus": () => ({ ...on, enabled: false, offReason: reason, runs: [], kept: [] }) });
    expect((await screen.findByText(reason)).closest("[role=status]")).not.toBeNull();
    expect(screen.queryByRole("button", { name: "Back up now" })).toBeNull();
  });

  it("starts a backup on request and shows it running", async () => {
    const user = userEvent.setup();
    const view = renderWithTrpc(<BackupsTab />, {
      "operations.backupStatus": () => on,
      "operations.backUpNow": () => ({ ...on, running: true }),
    });
    await user.click(await screen.findByRole("button", { name: "Back up now" }));
    await waitFor(() => expect(view.sent("operations.backUpNow")).toHaveLength(1));
    expect(await screen.findByRole("button", { name: "Backing up…" })).toBeDisabled();
  });
});
