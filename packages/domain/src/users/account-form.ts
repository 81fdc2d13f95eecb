import type { UserDetail } from "../platform/outputs";
import { DEFAULT_PHONE_TYPE } from "../constants";
import { FORM_MESSAGES } from "../platform/form-messages";
import type { Gender, RegistrationForm } from "../platform/schemas";
import type { AttorneyListErrors, AttorneyPhone } from "./passwords";
import { attorneyListErrors } from "./passwords";

/**
 * Rules shared by the account forms (sign-up, the administrator's user form, /settings) and the
 * services that receive them. Pure: no I/O.
 */

/** The attorney's own fields as a form holds them. */
export type AttorneyDetails = Pick<RegistrationForm, "firmName" | "vatNumber" | "gender" | "birthDate" | "addresses" | "emails" | "phones">;
/** The consultant's own fields as a form holds them. */
export type ConsultantDetails = Pick<RegistrationForm, "specialization" | "licenseNumber" | "phone" | "address">;

type ContactLists = Pick<AttorneyDetails, "addresses" | "emails" | "phones">;

export function emptyAttorneyDetails(): AttorneyDetails {
  return {
    firmName: "",
    vatNumber: "",
    gender: "",
    birthDate: "",
    addresses: [""],
    emails: [""],
    phones: [{ number: "", type: DEFAULT_PHONE_TYPE }],
  };
}

export function emptyConsultantDetails(): ConsultantDetails {
  return { specialization: "", licenseNumber: "", phone: "", address: "" };
}

/** A saved account's role fields as a form holds them (one empty row where a list is empty). */
export function roleDetailsOf(user: UserDetail): AttorneyDetails & ConsultantDetails {
  const empty = emptyAttorneyDetails();
  return {
    firmName: user.firmName ?? "",
    vatNumber: user.vatNumber ?? "",
    gender: user.gender ?? "",
    birthDate: user.birthDate ?? "",
    addresses: user.addresses.length > 0 ? [...user.addresses] : empty.addresses,
    emails: user.emails.length > 0 ? [...user.emails] : empty.emails,
    phones: user.phones.length > 0 ? user.phones.map((p) => ({ ...p })) : empty.phones,
    specialization: user.specialization ?? "",
    licenseNumber: user.licenseNumber ?? "",
    phone: user.phone ?? "",
    address: user.address ?? "",
  };
}

/** Blank address, email and phone rows are ignored by the rules, and not sent or stored either. */
export function withoutBlankRows<T extends ContactLists>(lists: T): T {
  return {
    ...lists,
    addresses: lists.addresses.map((a) => a.trim()).filter(Boolean),
    emails: lists.emails.map((e) => e.trim()).filter(Boolean),
    phones: lists.phones.map((p) => ({ ...p, number: p.number.trim() })).filter((p) => p.number),
  };
}

/** What a payload carries for an attorney: the fields, blank rows left out. */
export function attorneyPayload(details: AttorneyDetails) {
  return {
    firmName: details.firmName,
    vatNumber: details.vatNumber,
    gender: details.gender as Gender,
    birthDate: details.birthDate,
    ...withoutBlankRows({ addresses: details.addresses, emails: details.emails, phones: details.phones }),
  };
}

/** What a payload carries for a consultant. */
export function consultantPayload(details: ConsultantDetails) {
  return { specialization: details.specialization, licenseNumber: details.licenseNumber, phone: details.phone, address: details.address };
}

/** The role's own fields for a payload: an attorney's, a consultant's or an interpreter's phone; administrators and employees have none. */
export function roleFieldsPayload(role: string, details: AttorneyDetails & ConsultantDetails) {
  if (role === "attorney") return attorneyPayload(details);
  if (role === "consultant") return consultantPayload(details);
  if (role === "interpreter") return { phone: details.phone };
  return {};
}

/**
 * The list rules a role's own fields add on top of its schema: an attorney's address, email and
 * phone rows; nothing for other roles or while no role is chosen ("").
 */
export function roleListErrors(
  role: string,
  lists: { addresses: readonly string[]; emails: readonly string[]; phones: readonly AttorneyPhone[] },
): AttorneyListErrors {
  return role === "attorney" ? attorneyListErrors(lists) : {};
}

/** Whether a typed e-mail differs from the saved one; capitals and surrounding spaces do not count. */
export function emailChanged(saved: string, typed: string): boolean {
  return typed.trim().toLowerCase() !== saved.trim().toLowerCase();
}

/** A whole number of at least 0 as typed in a text field ("12", not "1.5", "-3" or ""). */
export function isWholeNumberText(text: string): boolean {
  return /^\d+$/.test(text.trim());
}

/** An error for a from/to pair of ISO days when the end comes before the start; null otherwise. */
export function dateRangeError(from: string | undefined, to: string | undefined): string | null {
  return from && to && to < from ? FORM_MESSAGES.dateRangeOrder : null;
}
