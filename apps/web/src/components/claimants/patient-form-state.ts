import type { ClaimantMessageChannel, Patient, PatientInput, CLAIMANT_GENDERS, HOME_LANGUAGES } from "@medlegal/domain";
import { FORM_MESSAGES, parseSaId, SA_ID_MESSAGES } from "@medlegal/domain";
import { todayInSa } from "@/lib/format";
import type { CompetentPersonState } from "./competent-person-fields";
import { competentPersonNeeded, competentPersonPayload, competentPersonState } from "./competent-person-fields";

/* The claimant form's state and the pure steps around it: from a claimant or a draft, to the server's payload, and the checks the schema cannot make yet. */

type DocumentKind = "id" | "passport";

export interface PatientFormState extends CompetentPersonState {
  firstName: string;
  lastName: string;
  documentKind: DocumentKind;
  idNumber: string;
  passportNumber: string;
  birthDate: string;
  gender: (typeof CLAIMANT_GENDERS)[number] | "";
  email: string;
  phone: string;
  address: string;
  homeLanguage: (typeof HOME_LANGUAGES)[number] | "";
  interpreterNeeded: boolean;
  consentReceivedAt: string;
  /** "" is no consent to text messages. */
  messageChannel: ClaimantMessageChannel | "";
  /** When the claimant's phone replied STOP (shown, not edited); a channel then needs `messageConsentRenewed`. */
  messageStoppedAt: string | null;
  messageConsentRenewed: boolean;
}

export function initialState(patient?: Patient, draft?: PatientInput): PatientFormState {
  if (draft) {
    return {
      firstName: draft.firstName ?? "",
      lastName: draft.lastName ?? "",
      documentKind: !draft.idNumber && draft.passportNumber ? "passport" : "id",
      idNumber: draft.idNumber ?? "",
      passportNumber: draft.passportNumber ?? "",
      birthDate: draft.birthDate ?? "",
      gender: draft.gender ?? "",
      email: draft.email ?? "",
      phone: draft.phone ?? "",
      address: draft.address ?? "",
      homeLanguage: draft.homeLanguage ?? "",
      interpreterNeeded: draft.interpreterNeeded ?? false,
      consentReceivedAt: draft.consentReceivedAt ?? "",
      messageChannel: draft.messageChannel ?? "",
      messageStoppedAt: null,
      messageConsentRenewed: false,
      ...competentPersonState(draft.needsCurator ?? false, draft.competentPerson ?? null),
    };
  }
  return {
    firstName: patient?.firstName ?? "",
    lastName: patient?.lastName ?? "",
    documentKind: patient && !patient.idNumber && patient.passportNumber ? "passport" : "id",
    idNumber: patient?.idNumber ?? "",
    passportNumber: patient?.passportNumber ?? "",
    birthDate: patient?.birthDate ?? "",
    gender: patient?.gender ?? "",
    email: patient?.email ?? "",
    phone: patient?.phone ?? "",
    address: patient?.address ?? "",
    homeLanguage: (patient?.homeLanguage as PatientFormState["homeLanguage"]) ?? "",
    interpreterNeeded: patient?.interpreterNeeded ?? false,
    consentReceivedAt: patient?.consentReceivedAt ?? "",
    messageChannel: patient?.messageChannel ?? "",
    messageStoppedAt: patient?.messageStoppedAt ?? null,
    messageConsentRenewed: false,
    ...competentPersonState(patient?.needsCurator ?? false, patient?.competentPerson ?? null),
  };
}

/** What the server receives: only the chosen identity document. */
export function toPatientPayload(form: PatientFormState): PatientInput {
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    idNumber: form.documentKind === "id" ? form.idNumber.replace(/\s/g, "") : "",
    passportNumber: form.documentKind === "passport" ? form.passportNumber : "",
    birthDate: form.birthDate,
    gender: form.gender as PatientInput["gender"],
    email: form.email,
    phone: form.phone,
    address: form.address,
    homeLanguage: form.homeLanguage as PatientInput["homeLanguage"],
    interpreterNeeded: form.interpreterNeeded,
    consentReceivedAt: form.consentReceivedAt,
    messageChannel: form.messageChannel || null,
    ...(form.messageStoppedAt && form.messageChannel && { messageConsentRenewed: form.messageConsentRenewed }),
    needsCurator: form.needsCurator,
    competentPerson: competentPersonPayload(form, competentPersonNeeded(form, todayInSa())),
  };
}

/**
 * The ID number's own rules, checked even while other fields are still empty (zod runs the
 * schema's cross-field refinement only once every field is valid).
 */
export function idNumberErrors(form: PatientFormState): Record<string, string> {
  if (form.documentKind !== "id") return {};
  const digits = form.idNumber.replace(/\s/g, "");
  if (!digits) return {};
  const info = parseSaId(digits);
  if (!info) return { idNumber: SA_ID_MESSAGES.invalid };
  const errors: Record<string, string> = {};
  if (form.birthDate && form.birthDate !== info.birthDate) errors.birthDate = SA_ID_MESSAGES.birthDateMismatch;
  if (form.gender && form.gender !== "other" && form.gender !== info.gender) errors.gender = SA_ID_MESSAGES.genderMismatch;
  return errors;
}

/** The shared schema's errors plus the ID number's own; the ID-or-passport rule shows on the chosen document. */
export function refinePatient(form: PatientFormState, errors: Record<string, string>): Record<string, string> {
  const e = { ...errors, ...idNumberErrors(form) };
  if (form.documentKind === "passport" && e.idNumber) {
    e.passportNumber = FORM_MESSAGES.passportRequired;
    delete e.idNumber;
  }
  return e;
}
