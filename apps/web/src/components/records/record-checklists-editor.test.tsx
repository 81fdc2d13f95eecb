import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { type OutputOf, refusal, renderWithTrpc } from "@/test/trpc";
import { RecordChecklistsEditor } from "./record-checklists-editor";

type Checklists = OutputOf<"records.checklists">;
const ORTHO = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const LISTS: Checklists = [
  { specializationId: ORTHO, name: "Orthopaedic Surgeon", recordKinds: ["hospital_notes", "radiology"], isDefault: true },
  { specializationId: "2a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", name: "Actuary", recordKinds: ["payslips"], isDefault: false },
];

describe("the disciplines' records checklists", () => {
  it("shows each discipline's records, marks the defaults, and saves a change", async () => {
    const user = userEvent.setup();
    const page = renderWithTrpc(<RecordChecklistsEditor />, {
      "records.checklists": () => LISTS,
      "records.setChecklist": (input) =>
        LISTS.map((l) => (l.specializationId === input.specializationId ? { ...l, recordKinds: input.recordKinds, isDefault: false } : l)),
    });
    const ortho = await screen.findByRole("group", { name: "Orthopaedic Surgeon" });
    expect(within(ortho).getByText("Default")).toBeInTheDocument();
    expect(within(screen.getByRole("group", { name: "Actuary" })).queryByText("Default")).toBeNull();
    expect(within(ortho).getByLabelText("Hospital notes")).toBeChecked();
    const save = within(ortho).getByRole("button", { name: "Save Orthopaedic Surgeon" });
    expect(save).toBeDisabled();
    await user.click(within(ortho).getByLabelText("Payslips"));
    await user.click(save);
    await waitFor(() =>
      expect(page.sent("records.setChecklist")).toEqual([
        { specializationId: ORTHO, recordKinds: ["hospital_notes", "radiology", "payslips"] },
      ]),
    );
    await waitFor(() => expect(within(screen.getByRole("group", { name: "Orthopaedic Surgeon" })).queryByText("Default")).toBeNull());
  });

  it("shows the server's sentence when it refuses", async () => {
    const user = userEvent.setup();
    renderWithTrpc(<RecordChecklistsEditor />, {
      "records.checklists": () => LISTS,
      "records.setChecklist": () => {
        throw refusal("Only administrators set the records checklists.");
      },
    });
    const actuary = await screen.findByRole("group", { name: "Actuary" });
    await user.click(within(actuary).getByLabelText("Payslips"));
    await user.click(within(actuary).getByRole("button", { name: "Save Actuary" }));
    expect(await within(actuary).findByRole("alert")).toHaveTextContent("Only administrators set the records checklists.");
  });
});
