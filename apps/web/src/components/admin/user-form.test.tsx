import type { UserDetail } from "@medlegal/domain";
import { ADMIN_MESSAGES, LIST_MESSAGES } from "@medlegal/domain";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { UserForm } from "./user-form";

const SPECIALIZATIONS = [
  { id: "1", name: "Neurosurgeon" },
  { id: "2", name: "Actuary" },
];
const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
/** The account fields every new interpreter needs, the phone aside. */
const fillInterpreterAccount = () => {
  type("Username", "mledwaba");
  type("First name", "Mpho");
  type("Last name", "Ledwaba");
  type("Email", "mpho@interpreters.example");
  type("Password", "Str0ng!Passw0rd");
  type("Confirm password", "Str0ng!Passw0rd");
};

const ADMIN: UserDetail = {
  id: "7b0d1c3e-1f2a-4b5c-8d9e-0a1b2c3d4e5f",
  username: "admin",
  firstName: "Anele",
  lastName: "Dlamini",
  email: "admin@medlegal.example",
  role: "administrator",
  isActive: true,
  isPrivacyOfficer: false,
  specializationId: null,
  specialization: null,
  firmName: null,
  vatNumber: null,
  lastLoginAt: null,
  createdAt: "2026-01-01T00:00:00Z",
  gender: null,
  birthDate: null,
  licenseNumber: null,
  phone: null,
  address: null,
  addresses: [],
  emails: [],
  phones: [],
  interpreterLanguages: [],
  twoFactorEnabled: false,
};

describe("UserForm (administrator)", () => {
  it("shows the fields of the chosen role", () => {
    render(<UserForm mode="create" specializations={SPECIALIZATIONS} onSubmit={vi.fn()} />);
    const role = screen.getByLabelText("Role");
    for (const name of ["Administrator", "Employee", "Attorney", "Medical Consultant"]) {
      expect(within(role).getByRole("option", { name })).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Username")).toBeInTheDocument();
    expect(screen.queryByLabelText("Firm name")).not.toBeInTheDocument();

    fireEvent.change(role, { target: { value: "attorney" } });
    expect(screen.getByLabelText("Firm name")).toBeInTheDocument();
    expect(screen.getByLabelText("Gender")).toBeInTheDocument();
    expect(screen.getByLabelText("Birth date")).toBeInTheDocument();
    expect(screen.getByLabelText("Address 1")).toBeInTheDocument();
    expect(screen.getByLabelText("Email address 1")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone number 1")).toBeInTheDocument();
    expect(screen.queryByLabelText("License number")).not.toBeInTheDocument();

    fireEvent.change(role, { target: { value: "consultant" } });
    expect(screen.queryByLabelText("Firm name")).not.toBeInTheDocument();
    const specialization = screen.getByLabelText("Specialization");
    expect(within(specialization).getByRole("option", { name: "Actuary" })).toBeInTheDocument();
    expect(screen.getByLabelText("License number")).toBeInTheDocument();
    expect(screen.getByLabelText("Phone")).toBeInTheDocument();
    expect(screen.getByLabelText("Address")).toBeInTheDocument();

    fireEvent.change(role, { target: { value: "employee" } });
    expect(screen.queryByLabelText("Specialization")).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Firm name")).not.toBeInTheDocument();
  });

  it("asks an interpreter for a phone and sends it", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserForm mode="create" specializations={SPECIALIZATIONS} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "interpreter" } });
    expect(screen.getByRole("heading", { name: "Interpreter details" })).toBeInTheDocument();
    expect(screen.queryByLabelText("License number")).not.toBeInTheDocument();
    fillInterpreterAccount();
    await user.click(screen.getByRole("button", { name: "Create user" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText("Phone")).toHaveAccessibleDescription("Please enter a valid phone number");

    type("Phone", "082 555 0311");
    await user.click(screen.getByRole("button", { name: "Create user" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ role: "interpreter", phone: "082 555 0311" }));
  });

  it("sends the languages ticked under Interpreter details, in the list's order", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserForm mode="create" specializations={SPECIALIZATIONS} onSubmit={onSubmit} />);
    expect(screen.queryByRole("group", { name: "Languages interpreted" })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "interpreter" } });
    const languages = screen.getByRole("group", { name: "Languages interpreted" });
    fillInterpreterAccount();
    type("Phone", "082 555 0311");
    await user.click(within(languages).getByRole("checkbox", { name: "Sepedi" }));
    await user.click(within(languages).getByRole("checkbox", { name: "isiZulu" }));
    await user.click(within(languages).getByRole("checkbox", { name: "English" }));
    await user.click(within(languages).getByRole("checkbox", { name: "English" }));
    await user.click(screen.getByRole("button", { name: "Create user" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ role: "interpreter", phone: "082 555 0311", interpreterLanguages: ["isiZulu", "Sepedi"] }),
    );

    // Another role sends no languages.
    onSubmit.mockClear();
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "employee" } });
    await user.click(screen.getByRole("button", { name: "Create user" }));
    expect(onSubmit).toHaveBeenCalledWith(expect.not.objectContaining({ interpreterLanguages: expect.anything() }));
  });

  it("refuses a saved language no longer on the list, with the message on the field, until it is unticked", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const interpreter: UserDetail = {
      ...ADMIN,
      role: "interpreter",
      username: "pnkosi",
      phone: "082 555 0412",
      interpreterLanguages: ["isiZulu", "Fanagalo"],
    };
    render(<UserForm mode="edit" user={interpreter} specializations={[]} onSubmit={onSubmit} />);
    const languages = screen.getByRole("group", { name: "Languages interpreted" });
    expect(within(languages).getByRole("checkbox", { name: "isiZulu" })).toBeChecked();
    const stale = within(languages).getByRole("checkbox", { name: "Fanagalo" });
    expect(stale).toBeChecked();

    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(languages).toHaveAccessibleDescription(expect.stringContaining("Choose languages from the list"));
    expect(stale).toHaveAttribute("aria-invalid", "true");

    await user.click(stale);
    expect(languages).not.toHaveAccessibleDescription(expect.stringContaining("Choose languages from the list"));
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ id: interpreter.id, role: "interpreter", interpreterLanguages: ["isiZulu"] }),
    );
  });

  it("shows the server's refusal of the languages on the field", () => {
    const interpreter: UserDetail = { ...ADMIN, role: "interpreter", phone: "082 555 0412", interpreterLanguages: ["isiZulu"] };
    render(
      <UserForm
        mode="edit"
        user={interpreter}
        specializations={[]}
        onSubmit={vi.fn()}
        serverErrors={{ interpreterLanguages: "Choose languages from the list" }}
      />,
    );
    expect(screen.getByRole("group", { name: "Languages interpreted" })).toHaveAccessibleDescription(
      expect.stringContaining("Choose languages from the list"),
    );
  });

  it("refuses an attorney without valid lists and says why under each list", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserForm mode="create" specializations={SPECIALIZATIONS} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText("Role"), { target: { value: "attorney" } });
    type("Username", "tmokoena");
    type("First name", "Thandi");
    type("Last name", "Mokoena");
    type("Email", "thandi@firm.co.za");
    type("Password", "Str0ng!Passw0rd");
    type("Confirm password", "Str0ng!Passw0rd");
    type("Firm name", "Mokoena Attorneys");
    fireEvent.change(screen.getByLabelText("Gender"), { target: { value: "female" } });
    type("Birth date", "1985-04-12");
    type("Email address 1", "not-an-email");
    type("Phone number 1", "123");
    type("VAT number", "123456789");

    await user.click(screen.getByRole("button", { name: "Create user" }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByLabelText("VAT number")).toHaveAccessibleDescription("A VAT number has 10 digits and starts with 4.");
    expect(screen.getByText(LIST_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(LIST_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(screen.getByText(LIST_MESSAGES.phoneInvalid)).toBeInTheDocument();

    type("Address 1", "5 Church Street, Cape Town");
    type("Email address 1", "office@mokoena.co.za");
    type("Phone number 1", "021 555 0101");
    type("VAT number", "4123456789");
    await user.click(screen.getByRole("button", { name: "Create user" }));
    expect(onSubmit).toHaveBeenCalledWith({
      username: "tmokoena",
      password: "Str0ng!Passw0rd",
      email: "thandi@firm.co.za",
      firstName: "Thandi",
      lastName: "Mokoena",
      role: "attorney",
      firmName: "Mokoena Attorneys",
      vatNumber: "4123456789",
      gender: "female",
      birthDate: "1985-04-12",
      addresses: ["5 Church Street, Cape Town"],
      emails: ["office@mokoena.co.za"],
      phones: [{ number: "021 555 0101", type: "office" }],
    });
  });

  it("keeps the username fixed when editing, and offers no role change on the administrator's own account", () => {
    const { unmount } = render(<UserForm mode="edit" user={ADMIN} specializations={[]} onSubmit={vi.fn()} />);
    expect(screen.queryByLabelText("Username")).not.toBeInTheDocument();
    expect(screen.getByText("admin")).toBeInTheDocument();
    expect(screen.getByLabelText("Role")).toBeInTheDocument();
    unmount();

    render(<UserForm mode="edit" user={ADMIN} isSelf specializations={[]} onSubmit={vi.fn()} />);
    expect(screen.queryByLabelText("Role")).not.toBeInTheDocument();
    expect(screen.queryByRole("combobox")).not.toBeInTheDocument();
    expect(screen.getByText(ADMIN_MESSAGES.selfDemote)).toBeInTheDocument();
  });

  it("sends an edit without username or password", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<UserForm mode="edit" user={ADMIN} isSelf specializations={[]} onSubmit={onSubmit} />);
    type("First name", "Anelisa");
    await user.click(screen.getByRole("button", { name: "Save changes" }));
    expect(onSubmit).toHaveBeenCalledWith({
      id: ADMIN.id,
      email: ADMIN.email,
      firstName: "Anelisa",
      lastName: "Dlamini",
      role: "administrator",
    });
  });

  it("disables saving while a request is pending", () => {
    render(<UserForm mode="create" specializations={SPECIALIZATIONS} onSubmit={vi.fn()} pending />);
    expect(screen.getByRole("button", { name: "Create user" })).toBeDisabled();
  });
});
