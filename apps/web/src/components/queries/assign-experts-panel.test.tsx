import type { QueryDetail } from "@medlegal/domain";
import { FORM_MESSAGES } from "@medlegal/domain";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { assignment, queryDetail } from "@/test/fixtures";
import type { Answer } from "@/test/trpc";
import { refusal, renderWithTrpc } from "@/test/trpc";
import { AssignExpertsPanel } from "./assign-experts-panel";

const queryId = "0b6c1f0e-8d4a-4c8e-9a1b-5d2e3f4a5b6c";
const orthopaedics = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const consultant = "9f8e7d6c-5b4a-4c3d-8e2f-1a0b9c8d7e6f";
const query: QueryDetail = queryDetail({
  id: queryId,
  reference: "Q-2026-00042",
  status: "assigning",
  specializationIds: [orthopaedics],
  assignments: [],
});

function setup(
  create: Answer<"assignments.create"> = () => assignment({ queryId, consultantId: consultant, specializationId: orthopaedics }),
) {
  const view = renderWithTrpc(<AssignExpertsPanel query={query} />, {
    "specializations.listActive": () => [{ id: orthopaedics, name: "Orthopaedic Surgeon" }],
    "assignments.listCandidates": () => [
      {
        id: consultant,
        name: "Thabo Mokoena",
        specialization: "Orthopaedic Surgeon",
        licenseNumber: "MP0123456",
        load: 1,
        noAgreement: null,
      },
    ],
    "assignments.create": create,
  });
  return { ...view, user: userEvent.setup() };
}

describe("AssignExpertsPanel", () => {
  it("refuses a proposal without a consultant, and a fee that is no amount, with the sentences on their fields", async () => {
    const { user, sent } = setup();
    const fee = await screen.findByLabelText("Agreed fee (optional)");
    await user.type(fee, "four thousand");
    await user.click(screen.getByRole("button", { name: "Assign expert" }));
    expect(await screen.findByText("Choose a consultant")).toBeInTheDocument();
    expect(screen.getByText(FORM_MESSAGES.randAmount)).toBeInTheDocument();
    expect(fee).toHaveAttribute("aria-invalid", "true");
    // The first invalid field in page order: the consultant choice.
    await waitFor(() => expect(screen.getByRole("radio", { name: /Thabo Mokoena/ })).toHaveFocus());
    expect(sent("assignments.create")).toHaveLength(0);
  });

  it("proposes the chosen consultant with the fee in cents", async () => {
    const { user, sent } = setup();
    await user.click(await screen.findByRole("radio", { name: /Thabo Mokoena/ }));
    await user.type(screen.getByLabelText("Agreed fee (optional)"), "R 4 500.00");
    await user.click(screen.getByRole("button", { name: "Assign expert" }));
    await waitFor(() =>
      expect(sent("assignments.create")).toEqual([
        { queryId, consultantId: consultant, specializationId: orthopaedics, feeAgreedCents: 450000 },
      ]),
    );
  });

  it("shows the server's refusal of the fee on the fee", async () => {
    const { user } = setup(() => {
      throw refusal("The agreed fee is too large", { feeAgreedCents: "The agreed fee is too large" });
    });
    const section = await screen.findByRole("region", { name: "Orthopaedic Surgeon" });
    await user.click(await within(section).findByRole("radio", { name: /Thabo Mokoena/ }));
    await user.type(screen.getByLabelText("Agreed fee (optional)"), "100");
    await user.click(screen.getByRole("button", { name: "Assign expert" }));
    expect(await screen.findByText("The agreed fee is too large", { selector: "p[id]" })).toBeInTheDocument();
    expect(screen.getByLabelText("Agreed fee (optional)")).toHaveAttribute("aria-invalid", "true");
  });
});
