import { z } from "zod";
import { calendarDate, id, optionalTextOrNull, pastCalendarDate } from "../platform/input-primitives";
import { required } from "../platform/schemas";

/**
 * The register of security compromises (POPIA section 22; docs/decisions.md "POPIA"): each one with
 * the fields the Information Regulator's eServices form asks for, so the filing is copied from it.
 */
export const BREACH_CERTAINTIES = ["confirmed", "suspected"] as const;
export type BreachCertainty = (typeof BREACH_CERTAINTIES)[number];
export const BREACH_CERTAINTY_LABELS: Record<BreachCertainty, string> = { confirmed: "Confirmed", suspected: "Suspected" };

/** Categories of personal information, as the agency holds them. */
export const BREACH_CATEGORIES = [
  "health",
  "identity_numbers",
  "contact_details",
  "legal_proceedings",
  "financial",
  "children",
  "account_credentials",
] as const;
export type BreachCategory = (typeof BREACH_CATEGORIES)[number];
export const BREACH_CATEGORY_LABELS: Record<BreachCategory, string> = {
  health: "Health information (reports, injuries, assessments)",
  identity_numbers: "ID and passport numbers",
  contact_details: "Contact details",
  legal_proceedings: "Legal proceedings (claims, cases)",
  financial: "Financial information (invoices, bank details)",
  children: "Information about children",
  account_credentials: "User account credentials",
};

export const BREACH_MESSAGES = {
  notFound: "That security compromise does not exist.",
  occurredAfterDiscovery: "It cannot have happened after it was discovered",
  notifiedBeforeDiscovery: "Data subjects cannot have been notified before the compromise was discovered",
  notifiedNeedsDate: "Give the date the data subjects were notified",
  notifiedNeedsHow: "Say how the data subjects were notified",
  reportedBeforeDiscovery: "It cannot have been reported before it was discovered",
  referenceNeedsDate: "Give the date it was reported to the Regulator with its reference",
  periodOrder: "The period must end on or after its start",
  periodNeedsUser: "Choose the account whose reads are affected",
  userNeedsPeriod: "Give the period in which the account was compromised",
  noCategory: "Choose at least one category of personal information",
} as const;

const breachFields = z.object({
  certainty: z.enum(BREACH_CERTAINTIES, { error: "Say whether the compromise is confirmed or suspected" }),
  discoveredOn: pastCalendarDate("Date of discovery"),
  occurredOn: pastCalendarDate("Date of occurrence")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
  description: required("How it happened", 4000),
  categories: z
    .array(z.enum(BREACH_CATEGORIES, { error: BREACH_MESSAGES.noCategory }), { error: BREACH_MESSAGES.noCategory })
    .min(1, BREACH_MESSAGES.noCategory),
  dataSubjectsCount: z.coerce
    .number({ error: "Give the number of data subjects (0 if none)" })
    .int("The number of data subjects is a whole number")
    .min(0, "The number of data subjects cannot be negative")
    .max(10_000_000, "The number of data subjects is too large"),
  subjectsNotified: z.boolean({ error: "Say whether the data subjects were notified" }),
  notifiedOn: pastCalendarDate("Date notified")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
  notificationMethod: optionalTextOrNull(500, "How they were notified"),
  delayReasons: optionalTextOrNull(2000, "Reasons for the delay"),
  measuresTaken: required("Measures taken", 4000),
  reportedOn: pastCalendarDate("Date reported to the Regulator")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
  regulatorReference: optionalTextOrNull(100, "The Regulator's reference"),
  /** A compromised account: the claimants it read in the period are listed as affected. */
  compromisedUserId: id("Choose the account")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
  compromisedFrom: calendarDate("From")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
  compromisedTo: calendarDate("To")
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
});

type BreachFields = z.output<typeof breachFields>;

/** The form's cross-field rules, as sentences on the field to fix. */
function breachRules(v: BreachFields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (v.occurredOn && v.occurredOn > v.discoveredOn) issue("occurredOn", BREACH_MESSAGES.occurredAfterDiscovery);
  if (v.subjectsNotified) {
    if (!v.notifiedOn) issue("notifiedOn", BREACH_MESSAGES.notifiedNeedsDate);
    else if (v.notifiedOn < v.discoveredOn) issue("notifiedOn", BREACH_MESSAGES.notifiedBeforeDiscovery);
    if (!v.notificationMethod) issue("notificationMethod", BREACH_MESSAGES.notifiedNeedsHow);
  }
  if (v.reportedOn && v.reportedOn < v.discoveredOn) issue("reportedOn", BREACH_MESSAGES.reportedBeforeDiscovery);
  if (v.regulatorReference && !v.reportedOn) issue("reportedOn", BREACH_MESSAGES.referenceNeedsDate);
  const period = v.compromisedFrom || v.compromisedTo;
  if (v.compromisedUserId && !(v.compromisedFrom && v.compromisedTo))
    issue(v.compromisedFrom ? "compromisedTo" : "compromisedFrom", BREACH_MESSAGES.userNeedsPeriod);
  if (period && !v.compromisedUserId) issue("compromisedUserId", BREACH_MESSAGES.periodNeedsUser);
  if (v.compromisedFrom && v.compromisedTo && v.compromisedTo < v.compromisedFrom) issue("compromisedTo", BREACH_MESSAGES.periodOrder);
}

export const breachInputSchema = breachFields.superRefine(breachRules);
export type BreachInput = z.input<typeof breachInputSchema>;
export const breachUpdateSchema = breachFields.extend({ id: id(BREACH_MESSAGES.notFound) }).superRefine(breachRules);

/** The claimants an account read in a period, from the access log: the pre-fill of the affected list. */
export const breachAffectedInputSchema = z
  .object({ userId: id("Choose the account"), from: calendarDate("From"), to: calendarDate("To") })
  .refine((v) => v.to >= v.from, { message: BREACH_MESSAGES.periodOrder, path: ["to"] });

export const affectedClaimantSchema = z.object({ patientId: z.string(), name: z.string(), reads: z.number(), lastReadAt: z.string() });
export type AffectedClaimant = z.infer<typeof affectedClaimantSchema>;

export const breachSchema = z.object({
  id: z.string(),
  reference: z.string(),
  certainty: z.enum(BREACH_CERTAINTIES),
  discoveredOn: z.string(),
  occurredOn: z.string().nullable(),
  description: z.string(),
  categories: z.array(z.enum(BREACH_CATEGORIES)),
  dataSubjectsCount: z.number(),
  subjectsNotified: z.boolean(),
  notifiedOn: z.string().nullable(),
  notificationMethod: z.string().nullable(),
  delayReasons: z.string().nullable(),
  measuresTaken: z.string(),
  reportedOn: z.string().nullable(),
  regulatorReference: z.string().nullable(),
  compromisedUserId: z.string().nullable(),
  compromisedUserName: z.string().nullable(),
  compromisedFrom: z.string().nullable(),
  compromisedTo: z.string().nullable(),
  affected: z.array(affectedClaimantSchema),
  recordedBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Breach = z.infer<typeof breachSchema>;
