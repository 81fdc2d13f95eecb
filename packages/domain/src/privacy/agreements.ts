import { z } from "zod";
import { calendarDate, id, pastCalendarDate } from "../platform/input-primitives";
import type { Role } from "../users/roles";
import { isExpert, isInterpreter, isStaff, ROLES } from "../users/roles";
import { required } from "../platform/schemas";

/**
 * The agreement register (POPIA sections 19-21, issue 25; docs/decisions.md "POPIA"): every user
 * who sees claimant data has a signed confidentiality (staff) or operator (experts) agreement on
 * record. An expert without a current one cannot be proposed on a query.
 */
export const AGREEMENT_KINDS = ["confidentiality", "operator"] as const;
export type AgreementKind = (typeof AGREEMENT_KINDS)[number];
export const AGREEMENT_KIND_LABELS: Record<AgreementKind, string> = {
  confidentiality: "Confidentiality agreement",
  operator: "Operator agreement",
};

/** Privacy managers hear this many days before an agreement stops holding (once per agreement). */
export const AGREEMENT_EXPIRY_REMINDER_DAYS = 30;

/** Who must have an agreement: the agency's staff and its experts see claimant data; attorneys are the claimants' own. */
export function seesClaimantData(who: Role | { role: Role }): boolean {
  const role = typeof who === "string" ? who : who.role;
  return isStaff(role) || isExpert(role) || isInterpreter(role);
}

/** The kind a role signs: experts and interpreters, outside the agency, are operators (section 21); staff sign the agency's confidentiality undertaking. */
export function agreementKindFor(who: Role | { role: Role }): AgreementKind {
  const role = typeof who === "string" ? who : who.role;
  return isExpert(role) || isInterpreter(role) ? "operator" : "confidentiality";
}

export interface AgreementDates {
  signedOn: string;
  /** The last day it holds ("valid until"); null: no end. */
  expiresOn: string | null;
  revokedAt: string | null;
}

/** Current: signed by today, not revoked, and today is no later than its last valid day. */
export function isCurrentAgreement(a: AgreementDates | null | undefined, today: string): boolean {
  return !!a && !a.revokedAt && a.signedOn <= today && (a.expiresOn === null || today <= a.expiresOn);
}

/** Expiring: current, but its last valid day is within the reminder window. */
export function isExpiringAgreement(a: AgreementDates | null | undefined, today: string, days = AGREEMENT_EXPIRY_REMINDER_DAYS): boolean {
  if (!a || !isCurrentAgreement(a, today) || a.expiresOn === null) return false;
  const last = new Date(`${today}T00:00:00Z`);
  last.setUTCDate(last.getUTCDate() + days);
  return a.expiresOn <= last.toISOString().slice(0, 10);
}

export const AGREEMENT_STATES = ["current", "expiring", "missing"] as const;
export type AgreementState = (typeof AGREEMENT_STATES)[number];
export const AGREEMENT_STATE_LABELS: Record<AgreementState, string> = { current: "Current", expiring: "Expiring soon", missing: "Missing" };

/** A user's state in the register, from their latest agreement (expired and revoked ones count as missing). */
export function agreementState(latest: AgreementDates | null | undefined, today: string): AgreementState {
  if (!isCurrentAgreement(latest, today)) return "missing";
  return isExpiringAgreement(latest, today) ? "expiring" : "current";
}

export const AGREEMENT_MESSAGES = {
  notFound: "That agreement does not exist.",
  userNotFound: "That user does not exist.",
  notNeeded: "Only staff and experts see claimant data: attorneys need no agreement in this register.",
  expiresBeforeSigned: "The agreement must hold beyond the day it was signed",
  alreadyRevoked: "This agreement is already revoked or replaced.",
  /** Refused proposal of an expert (assignments): says what to do. */
  noCurrentAgreement: (name: string) =>
    `${name} has no current confidentiality agreement on record; record one in Privacy before proposing them.`,
} as const;

/** What the record dialog sends with the file (multipart fields, REST). */
export const agreementRecordSchema = z
  .object({
    userId: id(AGREEMENT_MESSAGES.userNotFound),
    kind: z.enum(AGREEMENT_KINDS, { error: "Choose the kind of agreement" }),
    version: required("Version", 50),
    signedOn: pastCalendarDate("Date signed"),
    expiresOn: calendarDate("Valid until")
      .optional()
      .or(z.literal(""))
      .transform((v) => v || null),
  })
  .refine((v) => !v.expiresOn || v.expiresOn > v.signedOn, { message: AGREEMENT_MESSAGES.expiresBeforeSigned, path: ["expiresOn"] });
export type AgreementRecordInput = z.input<typeof agreementRecordSchema>;

export const agreementRevokeSchema = z.object({
  id: id(AGREEMENT_MESSAGES.notFound),
  reason: required("Reason", 500),
});
export const userAgreementsInputSchema = z.object({ userId: id(AGREEMENT_MESSAGES.userNotFound) });

export const agreementSchema = z.object({
  id: z.string(),
  userId: z.string(),
  kind: z.enum(AGREEMENT_KINDS),
  version: z.string(),
  signedOn: z.string(),
  expiresOn: z.string().nullable(),
  fileId: z.string(),
  fileName: z.string(),
  recordedBy: z.string(),
  recordedAt: z.string(),
  revokedAt: z.string().nullable(),
  revokeReason: z.string().nullable(),
  current: z.boolean(),
});
export type Agreement = z.infer<typeof agreementSchema>;

/** One row of the register: a user who sees claimant data, their state and their latest agreement. */
export const agreementOverviewSchema = z.object({
  userId: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  specialization: z.string().nullable(),
  state: z.enum(AGREEMENT_STATES),
  latest: agreementSchema.nullable(),
});
export type AgreementOverview = z.infer<typeof agreementOverviewSchema>;
