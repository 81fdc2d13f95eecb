import { z } from "zod";
import { birthDateSchema, emailSchema, pastDateSchema, phoneNumberSchema, required } from "./schemas";
import { parseSaId, SA_ID_MESSAGES } from "./sa-id";
import { idInputSchema, listInput, optionalTextOrNull, searchText } from "./input-primitives";

export const CLAIMANT_GENDERS = ["male", "female", "other"] as const;

export const HOME_LANGUAGES = [
  "English",
  "Afrikaans",
  "isiZulu",
  "isiXhosa",
  "Sepedi",
  "Setswana",
  "Sesotho",
  "Xitsonga",
  "siSwati",
  "Tshivenda",
  "isiNdebele",
  "South African Sign Language",
  "Other",
] as const;

/**
 * A claimant: an SA ID number (13 digits, Luhn check digit, birth date and gender matching the
 * number) or a passport number; consent is the date the signed consent was received (POPIA).
 */
const patientFields = z.object({
  firstName: required("First name"),
  lastName: required("Last name"),
  idNumber: optionalTextOrNull(13, "ID number"),
  passportNumber: optionalTextOrNull(20, "Passport number"),
  birthDate: birthDateSchema,
  gender: z.enum(CLAIMANT_GENDERS, { error: "Gender is required" }),
  email: emailSchema.or(z.literal("")).optional().transform((v) => v || null),
  phone: phoneNumberSchema.or(z.literal("")).optional().transform((v) => v || null),
  address: optionalTextOrNull(300, "Address"),
  homeLanguage: z.enum(HOME_LANGUAGES, { error: "Choose a home language" }),
  interpreterNeeded: z.boolean().default(false),
  consentReceivedAt: pastDateSchema("Consent date").optional().or(z.literal("")).transform((v) => v || null),
});

/** The identity rules across fields, for a new claimant and an edited one alike. */
function identityRules(value: z.output<typeof patientFields>, ctx: z.RefinementCtx) {
  if (!value.idNumber && !value.passportNumber) {
    ctx.addIssue({ code: "custom", path: ["idNumber"], message: SA_ID_MESSAGES.idOrPassport });
    return;
  }
  if (!value.idNumber) return;
  const info = parseSaId(value.idNumber);
  if (!info) {
    ctx.addIssue({ code: "custom", path: ["idNumber"], message: SA_ID_MESSAGES.invalid });
    return;
  }
  if (info.birthDate !== value.birthDate) ctx.addIssue({ code: "custom", path: ["birthDate"], message: SA_ID_MESSAGES.birthDateMismatch });
  if (value.gender !== "other" && info.gender !== value.gender) {
    ctx.addIssue({ code: "custom", path: ["gender"], message: SA_ID_MESSAGES.genderMismatch });
  }
}

export const patientInputSchema = patientFields.superRefine(identityRules);
export type PatientInput = z.input<typeof patientInputSchema>;
export const patientUpdateSchema = patientFields.extend(idInputSchema.shape).superRefine(identityRules);
export const patientListInputSchema = listInput({ search: searchText });

export interface Patient {
  id: string;
  attorneyId: string;
  attorneyName: string;
  firstName: string;
  lastName: string;
  idNumber: string | null;
  passportNumber: string | null;
  birthDate: string;
  gender: (typeof CLAIMANT_GENDERS)[number];
  email: string | null;
  phone: string | null;
  address: string | null;
  homeLanguage: string;
  interpreterNeeded: boolean;
  consentReceivedAt: string | null;
  casesCount: number;
  createdAt: string;
}

/** What a consultant sees of a claimant in a query assigned to them: enough to assess, no more. */
export interface ClaimantForConsultant {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  homeLanguage: string;
  interpreterNeeded: boolean;
}
