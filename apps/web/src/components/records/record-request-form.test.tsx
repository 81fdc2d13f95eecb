import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { recordHolder as holder } from "@/test/fixtures";
import { RecordRequestForm } from "./record-request-form";

const CASE = "c0c0c0c0-1111-4222-8333-444444444444";
const ORTHO = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";

const PRIVATE = holder({ id: "e2e2e2e2-1111-4222-8333-444444444444", name: "Netcare Milpark Hospital", kind: "private" });

function renderForm(over: Partial<React.ComponentProps<typeof RecordRequestForm>> = {}) {
  const onSubmit = vi.fn();
  render(
    <RecordRequestForm
      caseId={CASE}
      incidentDate="2026-03-14"
      holders={[holder(), PRIVATE]}
      disciplines={[{ id: ORTHO, name: "Orthopaedic Surgeon" }]}
      pending={false}
      onSubmit={onSubmit}
      {...over}
    />,
  );
  return onSubmit;
}

const save = () => screen.getByRole("button", { name: "Save the request" });

describe("the records request form", () => {
  it("says what is missing on each field and sends nothing", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    await user.click(save());
    expect(await screen.findByText("Choose the holder of the records")).toBeInTheDocument();
    expect(screen.getByText("Choose at least one kind of record")).toBeInTheDocument();
    expect(screen.getByText("Choose the legal basis of the request")).toBeInTheDocument();
    expect(screen.getByText("Say what entitles the agency to ask")).toBeInTheDocument();
    expect(screen.getByLabelText("Holder of the records")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("takes the legal basis from the holder's kind, public or private, until it is changed", async () => {
    const user = userEvent.setup();
    renderForm();
    const basis = screen.getByLabelText("Legal basis");
    expect(basis).toHaveValue("");
    await user.selectOptions(screen.getByLabelText("Holder of the records"), holder().id);
    expect(basis).toHaveValue("paia_public");
    expect(screen.getByText(/Public body · information officer Ms N. Dlamini/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText("Holder of the records"), PRIVATE.id);
    expect(basis).toHaveValue("paia_private");
    await user.selectOptions(basis, "consent");
    expect(basis).toHaveValue("consent");
  });

  it("sends the request from the accident on, with the records and disciplines ticked", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    expect(screen.getByLabelText("Period from")).toHaveValue("2026-03-14");
    await user.selectOptions(screen.getByLabelText("Holder of the records"), holder().id);
    await user.click(screen.getByLabelText("Radiology (X-rays, scans and their reports)"));
    await user.click(screen.getByLabelText("Hospital notes"));
    await user.click(screen.getByLabelText("Orthopaedic Surgeon"));
    await user.selectOptions(screen.getByLabelText("The agency asks on"), "attorney_mandate");
    await user.click(save());
    expect(onSubmit).toHaveBeenCalledWith({
      caseId: CASE,
      holderId: holder().id,
      recordKinds: ["hospital_notes", "radiology"],
      description: "",
      periodFrom: "2026-03-14",
      periodTo: null,
      specializationIds: [ORTHO],
      legalBasis: "paia_public",
      authority: "attorney_mandate",
    });
  });

  it("refuses a period that ends before it starts, on the end's field", async () => {
    const user = userEvent.setup();
    const onSubmit = renderForm();
    fireEvent.change(screen.getByLabelText("Period from"), { target: { value: "2026-05-01" } });
    fireEvent.change(screen.getByLabelText("Period to (optional)"), { target: { value: "2026-04-01" } });
    await user.click(save());
    expect(await screen.findByText("The period cannot end before it starts")).toBeInTheDocument();
    expect(screen.getByText("Choose the holder of the records")).toBeInTheDocument();
    expect(screen.getByLabelText("Period to (optional)")).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal by the buttons and its field errors on the fields", () => {
    renderForm({
      formError: "The period cannot start before the accident on 14 Mar 2026.",
      serverErrors: { description: "Description must be at most 1000 characters" },
    });
    expect(screen.getByRole("alert")).toHaveTextContent("The period cannot start before the accident on 14 Mar 2026.");
    expect(screen.getByText("Description must be at most 1000 characters")).toBeInTheDocument();
  });
});
