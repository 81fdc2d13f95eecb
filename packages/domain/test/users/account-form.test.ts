import { describe, expect, it } from "vitest";
import {
  dateRangeError,
  emailChanged,
  emptyAttorneyDetails,
  FORM_MESSAGES,
  isWholeNumberText,
  registrationFormErrors,
  emptyRegistrationForm,
  roleDetailsOf,
  roleListErrors,
  withoutBlankRows,
} from "../../src";
import type { UserDetail } from "../../src";

const user: UserDetail = {
  id: "u1",
  username: "naledi",
  firstName: "Naledi",
  lastName: "Mahlangu",
  email: "naledi@firm.example",
  role: "attorney",
  isActive: true,
  isPrivacyOfficer: false,
  specializationId: null,
  specialization: null,
  firmName: "Mahlangu Attorneys",
  vatNumber: null,
  lastLoginAt: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  gender: "female",
  birthDate: "1988-03-14",
  licenseNumber: null,
  phone: null,
  address: null,
  addresses: ["5 Church Street"],
  emails: [],
  phones: [{ number: "+27 12 555 0111", type: "mobile" }],
  interpreterLanguages: [],
  twoFactorEnabled: false,
};

describe("account form rules", () => {
  it("maps a saved account into form fields, one empty row where a list is empty", () => {
    const details = roleDetailsOf(user);
    expect(details).toMatchObject({
      firmName: "Mahlangu Attorneys",
      vatNumber: "",
      gender: "female",
      birthDate: "1988-03-14",
      specialization: "",
      phone: "",
    });
    expect(details.addresses).toEqual(["5 Church Street"]);
    expect(details.emails).toEqual([""]);
    expect(details.phones).toEqual([{ number: "+27 12 555 0111", type: "mobile" }]);
    // Copies: editing the form does not touch the saved account.
    details.phones[0]!.number = "changed";
    expect(user.phones[0]!.number).toBe("+27 12 555 0111");
    expect(roleDetailsOf({ ...user, phones: [] }).phones).toEqual(emptyAttorneyDetails().phones);
  });

  it("drops blank address, email and phone rows and trims the rest", () => {
    const lists = {
      firmName: "F",
      addresses: [" 1 Main Rd ", "  "],
      emails: ["", "a@b.co "],
      phones: [
        { number: " ", type: "office" as const },
        { number: " 082 123 4567", type: "home" as const },
      ],
    };
    expect(withoutBlankRows(lists)).toEqual({
      firmName: "F",
      addresses: ["1 Main Rd"],
      emails: ["a@b.co"],
      phones: [{ number: "082 123 4567", type: "home" }],
    });
  });

  it("compares e-mails without regard to capitals or surrounding spaces", () => {
    expect(emailChanged("Naledi@Firm.example", " naledi@firm.EXAMPLE ")).toBe(false);
    expect(emailChanged("naledi@firm.example", "naledi@firm.example.za")).toBe(true);
  });

  it("judges whole numbers as typed and date ranges", () => {
    expect(isWholeNumberText(" 12 ")).toBe(true);
    expect(isWholeNumberText("1.5")).toBe(false);
    expect(isWholeNumberText("-3")).toBe(false);
    expect(isWholeNumberText("")).toBe(false);
    expect(dateRangeError("2025-03-02", "2025-03-01")).toBe(FORM_MESSAGES.dateRangeOrder);
    expect(dateRangeError("2025-03-01", "2025-03-01")).toBeNull();
    expect(dateRangeError("2025-03-01", "")).toBeNull();
  });

  it("uses the shared messages for the sign-up form's own rules", () => {
    const errors = registrationFormErrors(emptyRegistrationForm());
    expect(errors.role).toBe(FORM_MESSAGES.roleRequired);
    expect(errors.confirmPassword).toBe(FORM_MESSAGES.confirmYourPassword);
  });
});

describe("roleListErrors", () => {
  const blank = { addresses: [""], emails: [""], phones: [{ number: "", type: "office" as const }] };

  it("holds an attorney to at least one address, e-mail and phone", () => {
    expect(Object.keys(roleListErrors("attorney", blank)).sort()).toEqual(["addresses", "emails", "phones"]);
  });

  it("asks nothing of other roles, or before a role is chosen", () => {
    expect(roleListErrors("consultant", blank)).toEqual({});
    expect(roleListErrors("employee", blank)).toEqual({});
    expect(roleListErrors("", blank)).toEqual({});
  });
});
