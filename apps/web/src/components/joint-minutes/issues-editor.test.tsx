import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { MinuteWorkspace } from "@medlegal/domain";
import { describe, expect, it, vi } from "vitest";
import { IssuesEditor } from "./issues-editor";

const DIAGNOSIS = "2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a";
const minute: MinuteWorkspace = {
  id: "3e4f5a6b-7c8d-4e9f-8a0b-1c2d3e4f5a6b",
  claimantName: "Ayesha Govender",
  discipline: "Orthopaedic surgery",
  ourExpertName: "Hendrik Venter",
  opposing: {
    name: "Dr Pieter van Wyk",
    discipline: "Orthopaedic surgery",
    hpcsaNumber: "MP 0456789",
    practice: "Van Wyk Orthopaedics",
    instructingFirm: "State Attorney",
    side: "defendant",
  },
  dueOn: null,
  version: 3,
  issues: [{ id: DIAGNOSIS, label: "Diagnosis", ourView: "Malunion.", opposingView: "Agreed: malunion.", status: "agreed", reason: "" }],
  versions: [],
  signatures: [],
  frozen: false,
  frozenAt: null,
  sha256: null,
  canEdit: true,
  signsFor: "opposing",
};

describe("IssuesEditor", () => {
  it("lets a side write only its own view, keeps the other's read-only, and saves from the version it started on", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<IssuesEditor minute={minute} party="opposing" pending={false} onSave={onSave} />);
    const view = screen.getByRole("textbox", { name: "View of Dr Pieter van Wyk" });
    expect(view).toHaveValue("Agreed: malunion.");
    expect(screen.queryByRole("textbox", { name: "View of Hendrik Venter" })).toBeNull();
    expect(screen.getByText("Malunion.")).toBeInTheDocument();
    await user.clear(view);
    await user.type(view, "Malunion of the left tibia.");
    await user.click(screen.getByRole("button", { name: "Add issue" }));
    await user.type(screen.getByRole("textbox", { name: "Issue 2" }), "Future surgery");
    await user.selectOptions(within(screen.getAllByRole("listitem")[1]!).getByRole("combobox", { name: "Outcome" }), "disagreed");
    await user.click(screen.getByRole("button", { name: "Save as version 4" }));
    expect(onSave).toHaveBeenCalledWith({
      baseVersion: 3,
      issues: [
        { id: DIAGNOSIS, label: "Diagnosis", view: "Malunion of the left tibia.", status: "agreed", reason: "" },
        { label: "Future surgery", view: "", status: "disagreed", reason: "" },
      ],
    });
  });

  it("refuses an issue without a name before sending anything", async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<IssuesEditor minute={minute} party="ours" pending={false} onSave={onSave} />);
    await user.click(screen.getByRole("button", { name: "Add issue" }));
    await user.click(screen.getByRole("button", { name: "Save as version 4" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Name the issue");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows a signed minute read-only, both views and the outcome", () => {
    render(<IssuesEditor minute={{ ...minute, frozen: true, canEdit: false }} party="ours" pending={false} onSave={vi.fn()} />);
    expect(screen.queryByRole("textbox")).toBeNull();
    expect(screen.getByText("Agreed")).toBeInTheDocument();
    expect(screen.getByText("Agreed: malunion.")).toBeInTheDocument();
  });
});
