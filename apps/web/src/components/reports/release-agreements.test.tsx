import type { ReleaseDeferral } from "@medlegal/domain";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ReleaseAgreementsList } from "./release-agreements";

const AGREED: ReleaseDeferral = {
  attorneyId: "n",
  attorneyName: "Nomsa Khumalo",
  firmName: "Khumalo Attorneys",
  email: "nomsa@khumalo.example",
  active: true,
  agreed: true,
  note: "Contingency fee agreement signed 2 November 2026",
  recordedByName: "Anele Dlamini",
  recordedAt: "2026-11-02T12:05:00Z",
};
const NONE: ReleaseDeferral = {
  attorneyId: "j",
  attorneyName: "Johan Smit",
  firmName: null,
  email: "johan@smit.example",
  active: false,
  agreed: false,
  note: null,
  recordedByName: null,
  recordedAt: null,
};

describe("ReleaseAgreementsList", () => {
  it("shows each attorney's terms, the agreement's note and who recorded it when (South African time)", () => {
    render(<ReleaseAgreementsList rows={[AGREED, NONE]} onRecord={vi.fn()} onEnd={vi.fn()} />);
    const [nomsa, johan] = screen.getAllByRole("listitem");
    expect(within(nomsa!).getByText("Released on approval")).toBeInTheDocument();
    expect(within(nomsa!).getByText("Contingency fee agreement signed 2 November 2026")).toBeInTheDocument();
    expect(within(nomsa!).getByText("Recorded by Anele Dlamini on 2 Nov 2026, 14:05")).toBeInTheDocument();
    expect(within(johan!).getByText("Released on payment")).toBeInTheDocument();
    expect(within(johan!).getByText("Inactive account")).toBeInTheDocument();
    expect(within(johan!).queryByText(/Recorded by/)).not.toBeInTheDocument();
  });

  it("offers to record an agreement where there is none, and to renew or end one that exists", async () => {
    const onRecord = vi.fn();
    const onEnd = vi.fn();
    const user = userEvent.setup();
    render(<ReleaseAgreementsList rows={[AGREED, NONE]} onRecord={onRecord} onEnd={onEnd} />);
    expect(screen.queryByRole("button", { name: "End agreement: Johan Smit" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Record agreement: Johan Smit" }));
    expect(onRecord).toHaveBeenCalledWith(NONE);
    await user.click(screen.getByRole("button", { name: "End agreement: Nomsa Khumalo" }));
    expect(onEnd).toHaveBeenCalledWith(AGREED);
    await user.click(screen.getByRole("button", { name: "New note: Nomsa Khumalo" }));
    expect(onRecord).toHaveBeenCalledWith(AGREED);
  });
});
