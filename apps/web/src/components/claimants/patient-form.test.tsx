import { makeSaId, SA_ID_MESSAGES } from "@medlegal/domain";
import type { Patient } from "@medlegal/domain";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { PatientForm } from "./patient-form";

function setup() {
  const onSubmit = vi.fn();
  render(<PatientForm onSubmit={onSubmit} />);
  return { onSubmit, user: userEvent.setup() };
}

describe("PatientForm", () => {
  it("fills in the birth date and gender from a valid ID number as it is typed", async () => {
    const { user } = setup();
    const id = makeSaId("1990-05-05", "female", 6);
    await user.type(screen.getByLabelText("SA ID number"), id);
    expect(screen.getByLabelText("Birth date")).toHaveValue("1990-05-05");
    expect(screen.getByLabelText("Gender")).toHaveValue("female");
    expect(screen.getByText(/Valid ID: born 5 May 1990, female, SA citizen/)).toBeInTheDocument();

    const male = makeSaId("1984-02-29", "male", 12);
    await user.clear(screen.getByLabelText("SA ID number"));
    await user.type(screen.getByLabelText("SA ID number"), male);
    expect(screen.getByLabelText("Birth date")).toHaveValue("1984-02-29");
    expect(screen.getByLabelText("Gender")).toHaveValue("male");
  });

  it("says when the ID number is not valid", async () => {
    const { user } = setup();
    const valid = makeSaId("1990-05-05", "female", 6);
    const wrongCheckDigit = valid.slice(0, 12) + String((Number(valid[12]) + 1) % 10);
    await user.type(screen.getByLabelText("SA ID number"), wrongCheckDigit);
    expect(screen.getByText(SA_ID_MESSAGES.invalid)).toBeInTheDocument();
    expect(screen.getByLabelText("SA ID number")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Birth date")).toHaveValue("");
  });

  it("says when the birth date or gender no longer match the ID number", async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText("SA ID number"), makeSaId("1990-05-05", "female", 6));
    const birthDate = screen.getByLabelText("Birth date");
    await user.clear(birthDate);
    await user.type(birthDate, "1991-05-05");
    await user.tab();
    expect(screen.getByText(SA_ID_MESSAGES.birthDateMismatch)).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText("Gender"), "male");
    expect(screen.getByText(SA_ID_MESSAGES.genderMismatch)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add claimant" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("sends a complete claimant with the consent date", async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText("First name"), "Zodwa");
    await user.type(screen.getByLabelText("Last name"), "Ndlovu");
    const id = makeSaId("1990-05-05", "female", 6);
    await user.type(screen.getByLabelText("SA ID number"), id);
    await user.selectOptions(screen.getByLabelText("Home language"), "isiXhosa");
    await user.click(screen.getByRole("switch", { name: "Interpreter needed" }));
    await user.type(screen.getByLabelText("Consent received on"), "2026-01-15");
    await user.type(screen.getByLabelText("Phone"), "082 555 0177");
    await user.selectOptions(screen.getByLabelText("Booking reminders by text"), "whatsapp");
    await user.click(screen.getByRole("button", { name: "Add claimant" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        messageChannel: "whatsapp",
        firstName: "Zodwa",
        idNumber: id,
        passportNumber: "",
        birthDate: "1990-05-05",
        gender: "female",
        homeLanguage: "isiXhosa",
        interpreterNeeded: true,
        consentReceivedAt: "2026-01-15",
      }),
    );
  });

  it("asks a child's parent or guardian, and sends them with their consent date", async () => {
    const { user, onSubmit } = setup();
    await user.type(screen.getByLabelText("First name"), "Lwazi");
    await user.type(screen.getByLabelText("Last name"), "Mthembu");
    const childBirth = `${new Date().getUTCFullYear() - 9}-03-14`;
    await user.type(screen.getByLabelText("SA ID number"), makeSaId(childBirth, "male", 3));
    await user.selectOptions(screen.getByLabelText("Home language"), "isiZulu");
    expect(screen.getByRole("group", { name: "Competent person (parent or guardian)" })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add claimant" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await screen.findByRole("alert")).toHaveTextContent(/competent person's name is required/i);

    await user.type(screen.getByLabelText("Their name"), "Nomvula Mthembu");
    await user.type(screen.getByLabelText("Relationship"), "Mother");
    await user.type(screen.getByLabelText("Their ID or passport number"), "P1234567");
    await user.type(screen.getByLabelText("Their phone"), "082 555 0123");
    await user.type(screen.getByLabelText("Their consent received on"), "2026-01-15");
    await user.click(screen.getByRole("button", { name: "Add claimant" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        needsCurator: false,
        competentPerson: {
          name: "Nomvula Mthembu",
          relationship: "Mother",
          identityNumber: "P1234567",
          phone: "082 555 0123",
          email: "",
          consentOn: "2026-01-15",
        },
      }),
    );
  });

  it("shows no competent person for an adult until the curator switch is on", async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText("SA ID number"), makeSaId("1990-05-05", "female", 6));
    expect(screen.queryByRole("group", { name: /Competent person/ })).toBeNull();
    await user.click(screen.getByRole("switch", { name: "Has a curator (cannot consent themselves)" }));
    expect(screen.getByRole("group", { name: "Competent person (curator)" })).toBeInTheDocument();
  });

  it("shows a claimant's STOP with its South African day, and sends a channel again only with the tick that they asked", async () => {
    const stopped: Patient = {
      id: "7d0f3c2e-7c55-4a56-9a1e-0c4cf0d6b9a1",
      attorneyId: "0e8f0c39-2c84-4c1c-8f55-0b1b53a1a111",
      attorneyName: "Nomsa Dlamini",
      firstName: "Bongani",
      lastName: "Sithole",
      idNumber: makeSaId("1988-07-12", "male", 4),
      passportNumber: null,
      birthDate: "1988-07-12",
      gender: "male",
      email: null,
      phone: "082 555 0101",
      address: null,
      homeLanguage: "isiZulu",
      interpreterNeeded: false,
      consentReceivedAt: "2026-10-01",
      needsCurator: false,
      competentPerson: null,
      messageChannel: null,
      messageConsentAt: null,
      // 00:30 on 5 December in South Africa is still the 4th in UTC.
      messageStoppedAt: "2026-12-04T22:30:00.000Z",
      casesCount: 1,
      createdAt: "2026-10-01T08:00:00.000Z",
    };
    const onSubmit = vi.fn();
    render(<PatientForm patient={stopped} onSubmit={onSubmit} />);
    const user = userEvent.setup();
    expect(screen.getByText("Texts stopped on 5 Dec 2026: the claimant replied STOP.")).toBeInTheDocument();
    const channel = screen.getByLabelText("Booking reminders by text");
    expect(channel).toHaveValue("");
    expect(screen.getByRole("option", { name: "No messages (the claimant replied STOP)" })).toBeInTheDocument();
    expect(screen.queryByLabelText("The claimant asked for texts again")).toBeNull();

    await user.selectOptions(channel, "sms");
    const renewed = screen.getByLabelText("The claimant asked for texts again");
    expect(renewed).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: /save/i }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ messageChannel: "sms", messageConsentRenewed: false }));
    await user.click(renewed);
    await user.click(screen.getByRole("button", { name: /save/i }));
    expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ messageChannel: "sms", messageConsentRenewed: true }));
  });
});
