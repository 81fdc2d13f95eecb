import { LIST_MESSAGES, PASSWORD_ALL_MET, PASSWORD_CHECKLIST_TITLE, PHONE_PLACEHOLDER, REGISTRATION_INVALID_HINT } from "@medlegal/domain";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { SignUpForm } from "./sign-up-form";

/** What specializations.listActive answers: the active ones, by id and name. */
const ACTIVE_SPECIALIZATIONS = [
  { id: "a1", name: "Neurosurgeon" },
  { id: "a2", name: "Psychiatrist" },
  { id: "a3", name: "Actuary" },
];

function setup(props: Partial<React.ComponentProps<typeof SignUpForm>> = {}) {
  const onSubmit = vi.fn();
  const user = userEvent.setup();
  render(<SignUpForm onSubmit={onSubmit} specializations={ACTIVE_SPECIALIZATIONS} {...props} />);
  return { user, onSubmit };
}

const createAccount = () => screen.getByRole("button", { name: "Create Account" });
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillShared() {
  type("First name", "Thandi");
  type("Last name", "Mokoena");
  type("Username", "tmokoena");
  type("Email", "thandi@firm.co.za");
  type("Password", "Str0ng!Passw0rd");
  type("Confirm password", "Str0ng!Passw0rd");
}

describe("Sign Up form", () => {
  it("lists the missing password requirements live, then says all are met", () => {
    setup();
    expect(screen.getByText(PASSWORD_CHECKLIST_TITLE)).toBeInTheDocument();
    expect(screen.getByText("At least 12 characters")).toBeInTheDocument();
    expect(screen.getByText("One uppercase letter")).toBeInTheDocument();

    type("Password", "lowercaseonly");
    expect(screen.queryByText("At least 12 characters")).not.toBeInTheDocument();
    expect(screen.queryByText("One lowercase letter")).not.toBeInTheDocument();
    expect(screen.getByText("One uppercase letter")).toBeInTheDocument();
    expect(screen.getByText("One number")).toBeInTheDocument();
    expect(screen.getByText("One special character")).toBeInTheDocument();

    type("Password", "Str0ng!Passw0rd");
    expect(screen.getByText(PASSWORD_ALL_MET)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_CHECKLIST_TITLE)).not.toBeInTheDocument();
  });

  it("says 'Passwords do not match' on a mismatch and 'Passwords match' when equal", () => {
    setup();
    type("Password", "Str0ng!Passw0rd");
    expect(screen.queryByText("Passwords do not match")).not.toBeInTheDocument();
    type("Confirm password", "Str0ng!Passw0r");
    expect(screen.getByText("Passwords do not match")).toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "true");
    type("Confirm password", "Str0ng!Passw0rd");
    expect(screen.getByText("Passwords match")).toBeInTheDocument();
    expect(screen.queryByText("Passwords do not match")).not.toBeInTheDocument();
  });

  it("shows the attorney or the consultant fields depending on the chosen role", async () => {
    const { user } = setup();
    expect(screen.queryByLabelText(/Firm name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Specialization/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /Attorney/ }));
    expect(screen.getByLabelText(/Firm name/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Gender/)).toBeInTheDocument();
    expect(screen.getByLabelText(/Birth date/)).toBeInTheDocument();
    expect(screen.getByLabelText("Address 1")).toBeInTheDocument();
    expect(screen.getByLabelText("Email address 1")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone number 1")).toHaveAttribute("placeholder", PHONE_PLACEHOLDER);
    expect(screen.getByLabelText("Phone 1 type")).toHaveValue("office");
    expect(screen.queryByLabelText(/License number/)).not.toBeInTheDocument();

    await user.click(screen.getByRole("radio", { name: /Medical Consultant/ }));
    expect(screen.queryByLabelText(/Firm name/)).not.toBeInTheDocument();
    const specialization = screen.getByLabelText(/Specialization/);
    expect(within(specialization).getByRole("option", { name: "Neurosurgeon" })).toBeInTheDocument();
    expect(within(specialization).getByRole("option", { name: "Actuary" })).toBeInTheDocument();
    expect(screen.getByLabelText(/License number/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Phone/)).toHaveAttribute("placeholder", PHONE_PLACEHOLDER);
    expect(screen.getByLabelText(/^Address/)).toBeInTheDocument();
  });

  it("offers only the active specializations from the server, and a disabled select while they load", async () => {
    const { user } = setup({ specializations: undefined });
    await user.click(screen.getByRole("radio", { name: /Medical Consultant/ }));
    const loading = screen.getByLabelText(/Specialization/);
    expect(loading).toBeDisabled();
    expect(within(loading).getByRole("option", { name: "Loading…" })).toBeInTheDocument();
    cleanup();

    const next = setup({ specializations: [{ id: "x", name: "Neurosurgeon" }] });
    await next.user.click(screen.getByRole("radio", { name: /Medical Consultant/ }));
    const select = screen.getByLabelText(/Specialization/);
    expect(select).toBeEnabled();
    expect(within(select).getByRole("option", { name: "Neurosurgeon" })).toBeInTheDocument();
    expect(within(select).queryByRole("option", { name: "Actuary" })).not.toBeInTheDocument();
  });

  it("adds and removes attorney rows, offering remove only when more than one row exists", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("radio", { name: /Attorney/ }));

    expect(screen.queryByRole("button", { name: "Remove email 1" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add email" }));
    expect(screen.getByLabelText("Email address 2")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove email 1" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remove email 2" })).toBeInTheDocument();

    type("Email address 1", "first@firm.co.za");
    type("Email address 2", "second@firm.co.za");
    await user.click(screen.getByRole("button", { name: "Remove email 1" }));
    expect(screen.getByLabelText("Email address 1")).toHaveValue("second@firm.co.za");
    expect(screen.queryByLabelText("Email address 2")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove email 1" })).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add address" }));
    await user.click(screen.getByRole("button", { name: "Add phone" }));
    expect(screen.getByLabelText("Address 2")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone number 2")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone 2 type")).toHaveValue("office");
    await user.click(screen.getByRole("button", { name: "Remove phone 2" }));
    expect(screen.queryByLabelText("Phone number 2")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Remove phone 1" })).not.toBeInTheDocument();
  });

  it("outlines invalid emails and phones in red and explains under the lists", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("radio", { name: /Attorney/ }));

    type("Email address 1", "not-an-email");
    expect(screen.getByLabelText("Email address 1")).toHaveAttribute("aria-invalid", "true");
    expect(await screen.findByText(LIST_MESSAGES.emailInvalid)).toBeInTheDocument();

    type("Phone number 1", "12345");
    expect(screen.getByLabelText("Phone number 1")).toHaveAttribute("aria-invalid", "true");
    expect(await screen.findByText(LIST_MESSAGES.phoneInvalid)).toBeInTheDocument();

    type("Email address 1", "ok@firm.co.za");
    type("Phone number 1", "+27 82 123 4567");
    expect(screen.getByLabelText("Email address 1")).not.toHaveAttribute("aria-invalid");
    expect(screen.getByLabelText("Phone number 1")).not.toHaveAttribute("aria-invalid");
    await waitFor(() => expect(screen.queryByText(LIST_MESSAGES.emailInvalid)).not.toBeInTheDocument());
    expect(screen.queryByText(LIST_MESSAGES.phoneInvalid)).not.toBeInTheDocument();

    type("Address 1", "1 Main Road");
    type("Address 1", "");
    expect(await screen.findByText(LIST_MESSAGES.addressRequired)).toBeInTheDocument();
  });

  it("keeps Create Account disabled with the hint until the form is valid, and submitting an invalid form does nothing", async () => {
    const { user, onSubmit } = setup();
    expect(createAccount()).toBeDisabled();
    expect(screen.getByText(REGISTRATION_INVALID_HINT)).toBeInTheDocument();

    fillShared();
    await user.click(screen.getByRole("radio", { name: /Medical Consultant/ }));
    expect(createAccount()).toBeDisabled();
    fireEvent.submit(createAccount().closest("form")!);
    expect(onSubmit).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Specialization/), { target: { value: "Psychiatrist" } });
    type(/License number/, "MP0123456");
    type(/^Phone/, "082 123 4567");
    type(/^Address/, "12 Hospital Street, Pretoria");

    expect(createAccount()).toBeEnabled();
    expect(screen.queryByText(REGISTRATION_INVALID_HINT)).not.toBeInTheDocument();
    await user.click(createAccount());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      username: "tmokoena",
      password: "Str0ng!Passw0rd",
      email: "thandi@firm.co.za",
      firstName: "Thandi",
      lastName: "Mokoena",
      role: "consultant",
      specialization: "Psychiatrist",
      licenseNumber: "MP0123456",
      phone: "082 123 4567",
      address: "12 Hospital Street, Pretoria",
    });
  });

  it("sends an attorney's lists and keeps Create Account disabled while a request is pending", async () => {
    const { user, onSubmit } = setup();
    fillShared();
    await user.click(screen.getByRole("radio", { name: /Attorney/ }));
    type(/Firm name/, "Mokoena Attorneys");
    fireEvent.change(screen.getByLabelText(/Gender/), { target: { value: "female" } });
    type(/Birth date/, "1985-04-12");
    type("Address 1", "5 Church Street, Cape Town");
    type("Email address 1", "office@mokoena.co.za");
    type("Phone number 1", "021 555 0101");
    fireEvent.change(screen.getByLabelText("Phone 1 type"), { target: { value: "fax" } });

    expect(createAccount()).toBeEnabled();
    await user.click(createAccount());
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({
        role: "attorney",
        firmName: "Mokoena Attorneys",
        gender: "female",
        birthDate: "1985-04-12",
        addresses: ["5 Church Street, Cape Town"],
        emails: ["office@mokoena.co.za"],
        phones: [{ number: "021 555 0101", type: "fax" }],
      }),
    );
    expect(onSubmit.mock.calls[0]?.[0]).not.toHaveProperty("confirmPassword");
  });

  it("says the server's sentence under a field once it is left", async () => {
    const { user } = setup();
    await user.click(screen.getByLabelText("First name"));
    await user.tab();
    expect(await screen.findByText("First name is required")).toBeInTheDocument();
    expect(screen.getByLabelText("First name")).toHaveAttribute("aria-describedby", "signup-firstName-error");
    await user.type(screen.getByLabelText("First name"), "Thandi");
    await waitFor(() => expect(screen.queryByText("First name is required")).not.toBeInTheDocument());
  });

  it("refuses a submit with every error shown, the first invalid field focused and nothing sent", async () => {
    const { user, onSubmit } = setup();
    fillShared();
    type("Email", "thandi@firm");
    await user.click(screen.getByRole("radio", { name: /Medical Consultant/ }));
    fireEvent.change(screen.getByLabelText(/Specialization/), { target: { value: "Psychiatrist" } });
    type(/License number/, "MP0123456");
    type(/^Address/, "12 Hospital Street, Pretoria");
    fireEvent.submit(createAccount().closest("form")!);
    // The registration schema's own sentences, as the server would answer.
    expect(await screen.findByText("Please enter a valid email address")).toBeInTheDocument();
    expect(screen.getByText("Please enter a valid phone number")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText("Email")).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for a role after a refused submit", async () => {
    const { onSubmit } = setup();
    fillShared();
    fireEvent.submit(createAccount().closest("form")!);
    expect(await screen.findByText("Role is required")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("radio", { name: /Attorney/ })).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("disables Create Account while pending even when the form is valid", () => {
    render(<SignUpForm onSubmit={vi.fn()} pending />);
    expect(createAccount()).toBeDisabled();
  });

  it("labels every field", async () => {
    const { user } = setup();
    await user.click(screen.getByRole("radio", { name: /Attorney/ }));
    for (const input of document.querySelectorAll("input:not([type=radio]), select")) {
      const id = input.getAttribute("id");
      const labelled = input.getAttribute("aria-label") || (id && document.querySelector(`label[for="${id}"]`));
      expect(labelled, `${input.outerHTML} has no label`).toBeTruthy();
    }
  });
});
