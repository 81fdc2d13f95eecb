import { PASSWORD_MIN_LENGTH, PHONE_MIN_LENGTH } from "../constants";

export interface PasswordRequirement {
  id: "length" | "uppercase" | "lowercase" | "number" | "special";
  label: string;
  test: (password: string) => boolean;
}

/** docs/product-rules.md#passwords-and-sessions: the password rules, listed in the live checklist in this order. */
export const PASSWORD_REQUIREMENTS: readonly PasswordRequirement[] = [
  { id: "length", label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: "uppercase", label: "One uppercase letter", test: (p) => /[A-Z]/.test(p) },
  { id: "lowercase", label: "One lowercase letter", test: (p) => /[a-z]/.test(p) },
  { id: "number", label: "One number", test: (p) => /[0-9]/.test(p) },
  { id: "special", label: "One special character", test: (p) => /[^A-Za-z0-9\s]/.test(p) },
];

export const PASSWORD_CHECKLIST_TITLE = "Password must include:";
export const PASSWORD_ALL_MET = "Password meets all requirements";
export const PASSWORDS_DO_NOT_MATCH = "Passwords do not match";
export const PASSWORDS_MATCH = "Passwords match";
/** Beyond the composition rules: a password from the common-password lists (docs/decisions.md). */
export const PASSWORD_TOO_COMMON = "This password is too common. Choose one that is harder to guess.";

/** The requirements a password still misses (empty when it is valid). */
export function missingPasswordRequirements(password: string): PasswordRequirement[] {
  return PASSWORD_REQUIREMENTS.filter((r) => !r.test(password));
}

export function isValidPassword(password: string): boolean {
  return missingPasswordRequirements(password).length === 0;
}

/** docs/product-rules.md#sign-up-and-validation: text, at sign, text, dot, text, with no spaces. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export function isValidEmail(email: string): boolean {
  return EMAIL_PATTERN.test(email);
}

/** docs/product-rules.md#sign-up-and-validation: at least 10 characters; digits, spaces, a leading plus, hyphens, parentheses. */
const PHONE_PATTERN = /^\+?[0-9\s\-()]+$/;
export function isValidPhone(phone: string): boolean {
  return phone.length >= PHONE_MIN_LENGTH && PHONE_PATTERN.test(phone);
}

export const PHONE_PLACEHOLDER = "+27 82 123 4567";

export const LIST_MESSAGES = {
  addressRequired: "At least one address is required",
  emailRequired: "At least one email is required",
  emailInvalid: "Please enter valid email addresses",
  phoneRequired: "At least one phone number is required",
  phoneInvalid: "Please enter valid phone numbers",
} as const;

export const PHONE_TYPES = ["office", "mobile", "home", "fax"] as const;
export type PhoneType = (typeof PHONE_TYPES)[number];
export const PHONE_TYPE_LABEL: Record<PhoneType, string> = { office: "Office", mobile: "Mobile", home: "Home", fax: "Fax" };

export interface AttorneyPhone {
  number: string;
  type: PhoneType;
}

export interface AttorneyListErrors {
  addresses?: string;
  emails?: string;
  phones?: string;
}

/**
 * The attorney's address, email and phone rows: blank rows are ignored, at least one filled row of
 * each kind is required, and every filled email and phone must be valid. Form and server share it.
 */
export function attorneyListErrors(lists: {
  addresses: readonly string[];
  emails: readonly string[];
  phones: readonly AttorneyPhone[];
}): AttorneyListErrors {
  const errors: AttorneyListErrors = {};
  const addresses = lists.addresses.map((a) => a.trim()).filter(Boolean);
  const emails = lists.emails.map((e) => e.trim()).filter(Boolean);
  const phones = lists.phones.map((p) => p.number.trim()).filter(Boolean);
  if (addresses.length === 0) errors.addresses = LIST_MESSAGES.addressRequired;
  if (emails.length === 0) errors.emails = LIST_MESSAGES.emailRequired;
  else if (!emails.every(isValidEmail)) errors.emails = LIST_MESSAGES.emailInvalid;
  if (phones.length === 0) errors.phones = LIST_MESSAGES.phoneRequired;
  else if (!phones.every(isValidPhone)) errors.phones = LIST_MESSAGES.phoneInvalid;
  return errors;
}

/** Usernames: a decision of ours (docs/decisions.md), the product only requires one. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;
export const USERNAME_RULE = "Username must be 3 to 50 letters, numbers, dots, hyphens or underscores";
