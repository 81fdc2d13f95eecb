import { describe, expect, it } from "vitest";
import {
  attorneyListErrors,
  emptyRegistrationForm,
  formatCountdown,
  formatNotificationDate,
  isRegistrationFormValid,
  isValidEmail,
  isValidPassword,
  isValidPhone,
  missingPasswordRequirements,
  registrationFormErrors,
  SIDEBAR,
  canOpenRoute,
  toRegistrationPayload,
  unreadBadgeText,
} from "../../src";
import type { RegistrationForm } from "../../src";

describe("password rules (docs/product-rules.md#passwords-and-sessions)", () => {
  it("needs 12 characters, upper, lower, number and special character", () => {
    expect(isValidPassword("Str0ng!Password")).toBe(true);
    expect(missingPasswordRequirements("Str0ng!Pass").map((r) => r.label)).toEqual(["At least 12 characters"]);
    expect(missingPasswordRequirements("alllowercase").map((r) => r.id)).toEqual(["uppercase", "number", "special"]);
    expect(missingPasswordRequirements("").map((r) => r.id)).toEqual(["length", "uppercase", "lowercase", "number", "special"]);
    expect(isValidPassword("ABCDEFGHIJK1!")).toBe(false);
  });
});

describe("email and phone formats", () => {
  it.each([
    ["a@b.co", true],
    ["first.last@firm.co.za", true],
    ["a b@c.d", false],
    ["missing-at.example", false],
    ["no@dot", false],
    ["", false],
  ])("email %j is valid: %s", (email, valid) => expect(isValidEmail(email)).toBe(valid));

  it.each([
    ["+27 82 123 4567", true],
    ["(011) 555-0100", true],
    ["0821234567", true],
    ["082123456", false],
    ["27+82 123 4567", false],
    ["082 123 4567 ext 5", false],
  ])("phone %j is valid: %s", (phone, valid) => expect(isValidPhone(phone)).toBe(valid));
});

describe("attorney rows", () => {
  it("ignores blank rows, needs one of each, and names invalid ones", () => {
    expect(attorneyListErrors({ addresses: [" "], emails: [""], phones: [{ number: "", type: "office" }] })).toEqual({
      addresses: "At least one address is required",
      emails: "At least one email is required",
      phones: "At least one phone number is required",
    });
    expect(attorneyListErrors({ addresses: ["1 Main Rd"], emails: ["ok@x.co", "bad"], phones: [{ number: "123", type: "fax" }] })).toEqual({
      emails: "Please enter valid email addresses",
      phones: "Please enter valid phone numbers",
    });
  });
});

function attorneyForm(overrides: Partial<RegistrationForm> = {}): RegistrationForm {
  return {
    ...emptyRegistrationForm(),
    username: "lerato",
    password: "Str0ng!Password",
    confirmPassword: "Str0ng!Password",
    email: "lerato@firm.example",
    firstName: "Lerato",
    lastName: "Sithole",
    role: "attorney",
    firmName: "Sithole Inc",
    gender: "female",
    birthDate: "1985-06-30",
    addresses: ["12 Long Street"],
    emails: ["office@firm.example"],
    phones: [{ number: "+27 21 555 0100", type: "office" }],
    ...overrides,
  };
}

describe("sign-up form validity per role", () => {
  it("starts invalid with every required field named", () => {
    const errors = registrationFormErrors(emptyRegistrationForm());
    expect(Object.keys(errors)).toEqual(
      expect.arrayContaining(["role", "username", "password", "email", "firstName", "lastName", "confirmPassword"]),
    );
  });

  it("accepts a complete attorney and strips confirmPassword and consultant fields from the payload", () => {
    const form = attorneyForm({ licenseNumber: "left over" });
    expect(isRegistrationFormValid(form)).toBe(true);
    const payload = toRegistrationPayload(form)!;
    expect(payload).not.toHaveProperty("confirmPassword");
    expect(payload).not.toHaveProperty("licenseNumber");
    expect(payload).toMatchObject({ role: "attorney", firmName: "Sithole Inc", addresses: ["12 Long Street"] });
  });

  it("requires firm name, gender and birth date of an attorney", () => {
    expect(registrationFormErrors(attorneyForm({ firmName: "" }))).toHaveProperty("firmName", "Firm name is required");
    expect(registrationFormErrors(attorneyForm({ gender: "" }))).toHaveProperty("gender", "Gender is required");
    expect(registrationFormErrors(attorneyForm({ birthDate: "" }))).toHaveProperty("birthDate");
  });

  it("takes an attorney's VAT number only as SARS issues them (10 digits starting with 4), or none", () => {
    const vatMessage = "A VAT number has 10 digits and starts with 4.";
    for (const bad of ["123456789", "5123456789", "41234567890", "4123 456789", "4l23456789"]) {
      expect(registrationFormErrors(attorneyForm({ vatNumber: bad })), bad).toEqual({ vatNumber: vatMessage });
    }
    expect(isRegistrationFormValid(attorneyForm({ vatNumber: "" }))).toBe(true);
    expect(toRegistrationPayload(attorneyForm({ vatNumber: " 4123456789 " }))).toMatchObject({ vatNumber: " 4123456789 " });
    expect(isRegistrationFormValid(attorneyForm({ vatNumber: " 4123456789 " }))).toBe(true);
  });

  it("requires specialization, licence number, phone and address of a consultant", () => {
    const form = attorneyForm({ role: "consultant" });
    expect(Object.keys(registrationFormErrors(form)).sort()).toEqual(["address", "licenseNumber", "phone", "specialization"]);
    expect(
      isRegistrationFormValid({ ...form, specialization: "Actuary", licenseNumber: "MP 1", phone: "0821234567", address: "1 Road" }),
    ).toBe(true);
  });

  it("names the attorney list errors even while other fields are still missing", () => {
    const errors = registrationFormErrors(attorneyForm({ firmName: "", addresses: [""], emails: ["bad"] }));
    expect(errors).toMatchObject({
      firmName: "Firm name is required",
      addresses: "At least one address is required",
      emails: "Please enter valid email addresses",
    });
  });

  it("formats the inactivity countdown as m:ss, rounding up", () => {
    expect(formatCountdown(120_000)).toBe("2:00");
    expect(formatCountdown(119_001)).toBe("2:00");
    expect(formatCountdown(119_000)).toBe("1:59");
    expect(formatCountdown(0)).toBe("0:00");
  });

  it("says 'Passwords do not match' when the confirmation differs", () => {
    expect(registrationFormErrors(attorneyForm({ confirmPassword: "Str0ng!Passwore" }))).toEqual({
      confirmPassword: "Passwords do not match",
    });
  });
});

describe("navigation and display rules", () => {
  it("gives each role Dashboard and Messages and its entries of docs/product-rules.md#navigation in order", () => {
    expect(SIDEBAR.attorney.map((e) => e.label)).toEqual([
      "Dashboard",
      "Messages",
      "My Cases",
      "My Queries",
      "My Invoices",
      "Reports",
      "Payments",
      "Settings",
    ]);
    expect(SIDEBAR.consultant.find((e) => e.label === "My Availability")?.to).toBe("/expert-availability");
    expect(SIDEBAR.employee.some((e) => e.label === "User Management")).toBe(false);
  });

  it("opens administrator pages to administrators only", () => {
    expect(canOpenRoute("administrator", "/audit-trail")).toBe(true);
    expect(canOpenRoute("employee", "/audit-trail")).toBe(false);
    expect(canOpenRoute("consultant", "/my-bookings")).toBe(true);
    expect(canOpenRoute("attorney", "/my-bookings")).toBe(false);
  });

  it("shows 9+ above nine unread and nothing at zero", () => {
    expect(unreadBadgeText(0)).toBeNull();
    expect(unreadBadgeText(9)).toBe("9");
    expect(unreadBadgeText(10)).toBe("9+");
  });

  it("formats notification dates as month abbreviation, day and time with am/pm in South African time", () => {
    expect(formatNotificationDate("2026-11-21T16:05:00Z")).toBe("Nov 21, 6:05 PM");
    expect(formatNotificationDate("2026-01-03T06:30:00Z")).toBe("Jan 3, 8:30 AM");
  });
});
