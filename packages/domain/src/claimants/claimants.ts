import { z } from "zod";
import { CLAIMANT_MESSAGE_CHANNELS } from "../claimant-texts/claimant-texts";
import { birthDateSchema, emailSchema, pastDateSchema, phoneNumberSchema, required } from "../platform/schemas";
import { parseSaId, SA_ID_MESSAGES } from "../platform/sa-id";
import { id, idInputSchema, listInput, optionalTextOrNull, searchText } from "../platform/input-primitives";

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

/** Age of majority (Children's Act section 17): below it, a competent person consents for the claimant. */
export const ADULT_AGE = 18;

/**
 * The competent person who consents for a claimant who cannot (POPIA sections 34-35): a parent or
 * guardian of a child, or the curator of an adult who cannot manage their affairs. Their consent
 * date stands in for the claimant's own; video links go to them.
 */
export const competentPersonSchema = z.object({
  name: required("The competent person's name"),
  relationship: required("Relationship to the claimant", 100),
  identityNumber: required("The competent person's ID or passport number", 20),
  phone: phoneNumberSchema,
  email: emailSchema
    .or(z.literal(""))
    .optional()
    .transform((v) => v || null),
  consentOn: pastDateSchema("The competent person's consent date")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
});
export type CompetentPerson = z.output<typeof competentPersonSchema>;

/** Whole years from a birth date to a day (both YYYY-MM-DD). */
export function ageOn(birthDate: string, day: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Whether a claimant's consent must come from a competent person: a child on that day, or someone who needs a curator. */
export function needsCompetentPerson(claimant: { birthDate: string; needsCurator: boolean }, day: string): boolean {
  return claimant.needsCurator || ageOn(claimant.birthDate, day) < ADULT_AGE;
}

/**
 * Whom a claimant's video link goes to: the claimant, or for a child or a curated adult their
 * competent person, when an e-mail address is known (null: staff invite someone by hand).
 */
export function claimantGuest(
  claimant: {
    firstName: string;
    lastName: string;
    email: string | null;
    birthDate: string;
    needsCurator: boolean;
    competentPerson: { name: string; relationship: string; email: string | null } | null;
  },
  day: string,
): { name: string; email: string; role: "claimant" } | null {
  if (needsCompetentPerson(claimant, day)) {
    const person = claimant.competentPerson;
    return person?.email
      ? {
          name: `${person.name} (${person.relationship.toLowerCase()} of ${claimant.firstName} ${claimant.lastName})`,
          email: person.email,
          role: "claimant",
        }
      : null;
  }
  return claimant.email ? { name: `${claimant.firstName} ${claimant.lastName}`, email: claimant.email, role: "claimant" } : null;
}

export const CLAIMANT_CONSENT_MESSAGES = {
  competentPersonNeeded:
    "This claimant is under 18 or needs a curator: record the competent person (parent, guardian or curator) and the date they consented before booking an assessment.",
  claimantConsentNeeded: "Record the date the claimant's consent was received before booking an assessment.",
  phoneForMessages: "Enter the claimant's phone number to send them reminders by text.",
  /** A claimant whose phone replied STOP gets texts again only on a consent recorded on purpose (issue 37). */
  consentAfterStop:
    "The claimant replied STOP to our texts. Tick “The claimant asked for texts again” to record their new consent, or choose no messages.",
} as const;

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
  email: emailSchema
    .or(z.literal(""))
    .optional()
    .transform((v) => v || null),
  phone: phoneNumberSchema
    .or(z.literal(""))
    .optional()
    .transform((v) => v || null),
  address: optionalTextOrNull(300, "Address"),
  homeLanguage: z.enum(HOME_LANGUAGES, { error: "Choose a home language" }),
  interpreterNeeded: z.boolean().default(false),
  consentReceivedAt: pastDateSchema("Consent date")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
  // Left out by a form that does not show them: the saved values stay (null clears the competent person).
  needsCurator: z.boolean().optional(),
  competentPerson: competentPersonSchema.nullish(),
  // Consent to reminders by text and the channel (docs/decisions.md "Messages to claimants"); left out keeps the saved choice.
  messageChannel: z.enum(CLAIMANT_MESSAGE_CHANNELS, { error: "Choose SMS, WhatsApp or no messages" }).nullable().optional(),
  // After a STOP, a channel counts only with this confirmation that the claimant asked again (issue 37).
  messageConsentRenewed: z.boolean().optional(),
});

/** The identity rules across fields, for a new claimant and an edited one alike. */
function identityRules(value: z.output<typeof patientFields>, ctx: z.RefinementCtx) {
  if (value.messageChannel && !value.phone)
    ctx.addIssue({ code: "custom", path: ["messageChannel"], message: CLAIMANT_CONSENT_MESSAGES.phoneForMessages });
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
/**
 * An edit may carry out a data subject's correction request (POPIA section 24): the request's
 * reference then goes into the audit row (docs/decisions.md "POPIA").
 */
export const patientUpdateSchema = patientFields
  .extend({ ...idInputSchema.shape, subjectRequestId: id("That correction request does not exist.").optional() })
  .superRefine(identityRules);
export const patientListInputSchema = listInput({ search: searchText });

/** What a consultant sees of a claimant in a query assigned to them: enough to assess, no more. */
export interface ClaimantForConsultant {
  firstName: string;
  lastName: string;
  birthDate: string;
  gender: string;
  homeLanguage: string;
  interpreterNeeded: boolean;
}
