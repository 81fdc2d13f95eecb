import { z } from "zod";
import { patientInputSchema } from "../claimants/claimants";
import { pastDateSchema } from "../platform/schemas";
import { CASE_SORTS } from "../constants";
import { id, idInputSchema, listInput, optionalTextOrNull, searchText } from "../platform/input-primitives";

/** Cases (matters): one claimant's claim, under which the attorney sends queries. */

export const CLAIM_TYPES = ["raf", "medical_negligence", "personal_injury", "workers_compensation", "other"] as const;
export type ClaimType = (typeof CLAIM_TYPES)[number];
export const CLAIM_TYPE_LABEL: Record<ClaimType, string> = {
  raf: "Road Accident Fund",
  medical_negligence: "Medical negligence",
  personal_injury: "Personal injury",
  workers_compensation: "Workers' compensation",
  other: "Other",
};

export const CASE_STATUSES = ["open", "on_hold", "settled", "closed"] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];
export const CASE_STATUS_LABEL: Record<CaseStatus, string> = { open: "Open", on_hold: "On hold", settled: "Settled", closed: "Closed" };
/** A finished matter: only these run a retention period (docs/decisions.md "Retention and destruction"). */
export const FINISHED_CASE_STATUSES: readonly CaseStatus[] = ["settled", "closed"];

/** The attorney's file reference on a case: at most this many characters (docs/product-rules.md "Search and views"). */
export const ATTORNEY_REFERENCE_MAX = 60;

/** What a case says about the claim; the claimant is chosen (or added) apart, and fixed once the case is open. */
const caseFields = z.object({
  claimType: z.enum(CLAIM_TYPES, { error: "Choose a claim type" }),
  incidentDate: pastDateSchema("Incident date"),
  rafClaimNumber: optionalTextOrNull(50, "RAF claim number"),
  courtCaseNumber: optionalTextOrNull(50, "Court case number"),
  /** The attorney's own file reference for the matter ("VDM/RAF/0412"): found by every list's search, and a new invoice's default reference. */
  attorneyReference: optionalTextOrNull(ATTORNEY_REFERENCE_MAX, "Your file reference"),
  status: z.enum(CASE_STATUSES, { error: "Choose a case status" }).default("open"),
  notes: optionalTextOrNull(2000, "Notes"),
});

export const CASE_CLAIMANT_MESSAGE = "Choose a claimant or add a new one";

/**
 * A new case: for one of the attorney's claimants (`patientId`), or for a claimant added with it
 * (`newClaimant`, the claimants form's own schema), both in one transaction (docs/decisions.md,
 * "The main journey").
 */
export const caseInputSchema = caseFields
  .extend({
    patientId: id("Choose a claimant").optional(),
    newClaimant: patientInputSchema.optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.patientId === !value.newClaimant) ctx.addIssue({ code: "custom", path: ["patientId"], message: CASE_CLAIMANT_MESSAGE });
  });
export type CaseInput = z.input<typeof caseInputSchema>;
export const caseUpdateSchema = caseFields.extend({ patientId: id("Choose a claimant") }).extend(idInputSchema.shape);
export const caseListInputSchema = listInput({
  search: searchText,
  patientId: id("Choose a claimant").optional(),
  sort: z.enum(CASE_SORTS, { error: "Choose a sort order" }).default("newest"),
});
export { CASE_SORTS, CASE_SORT_LABEL, type CaseSort } from "../constants";
