import { z } from "zod";
import { calendarDate, id, optionalTextOrNull } from "../platform/input-primitives";
import { parseRandToCents } from "../platform/money";
import { emailSchema, phoneNumberSchema, required } from "../platform/schemas";
import { HOLDER_KINDS, LEGAL_BASES, PAIA_MAX_EXTENSION_DAYS, RECORD_REQUEST_STATUSES } from "./paia";

/** Records requested for a case (issue 40): the holders' register and a request's input. */

export const HOLDER_CATEGORIES = ["hospital", "clinic", "practice", "ambulance", "police", "employer", "school", "raf", "other"] as const;
export type HolderCategory = (typeof HOLDER_CATEGORIES)[number];
export const HOLDER_CATEGORY_LABEL: Record<HolderCategory, string> = {
  hospital: "Hospital",
  clinic: "Clinic",
  practice: "Medical practice",
  ambulance: "Ambulance service",
  police: "Police station",
  employer: "Employer",
  school: "School",
  raf: "Road Accident Fund",
  other: "Other",
};

export const RECORD_KINDS = [
  "hospital_notes",
  "radiology",
  "ambulance_report",
  "police_report",
  "payslips",
  "employer_letter",
  "school_reports",
  "other",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export const RECORD_KIND_LABEL: Record<RecordKind, string> = {
  hospital_notes: "Hospital notes",
  radiology: "Radiology (X-rays, scans and their reports)",
  ambulance_report: "Ambulance report",
  police_report: "Police accident report",
  payslips: "Payslips",
  employer_letter: "Employer's letter",
  school_reports: "School reports",
  other: "Other records",
};

/** What entitles the agency to ask: the claimant's signed consent or the attorney's mandate. */
export const REQUEST_AUTHORITIES = ["signed_consent", "attorney_mandate"] as const;
export type RequestAuthority = (typeof REQUEST_AUTHORITIES)[number];
export const REQUEST_AUTHORITY_LABEL: Record<RequestAuthority, string> = {
  signed_consent: "The claimant's signed consent",
  attorney_mandate: "The attorney's mandate",
};

const MAX_FEE_CENTS = 10_000_000;

/** A fee typed as rand ("R 35.00", "35") into cents; an empty field is no fee. */
const randAmount = (label: string) =>
  z.union([z.number(), z.string()], { error: `${label} must be an amount in rand` }).transform((v, ctx) => {
    const cents = typeof v === "number" ? Math.round(v * 100) : v.trim() === "" ? 0 : parseRandToCents(v);
    if (cents === null || !Number.isFinite(cents) || cents < 0 || cents > MAX_FEE_CENTS) {
      ctx.addIssue({ code: "custom", message: `${label} must be an amount in rand from R 0 to R 100 000` });
      return z.NEVER;
    }
    return cents;
  });

export const recordHolderInputSchema = z.object({
  name: required("Name", 200),
  kind: z.enum(HOLDER_KINDS, { error: "Choose whether the holder is a public or a private body" }),
  category: z.enum(HOLDER_CATEGORIES, { error: "Choose what kind of holder this is" }),
  informationOfficer: required("Information officer", 200),
  email: emailSchema,
  phone: phoneNumberSchema
    .optional()
    .or(z.literal(""))
    .transform((v) => v || null),
  postalAddress: optionalTextOrNull(500, "Postal address"),
  physicalAddress: optionalTextOrNull(500, "Physical address"),
  requestFee: randAmount("Request fee"),
  feeNotes: optionalTextOrNull(500, "Fee notes"),
});
export type RecordHolderInput = z.input<typeof recordHolderInputSchema>;

export const updateRecordHolderInputSchema = recordHolderInputSchema.extend({
  id: id(),
  active: z.boolean({ error: "Say whether the holder is in use" }),
});

export const recordHolderListInputSchema = z.object({ includeInactive: z.boolean().default(false) });

export const recordRequestInputSchema = z
  .object({
    caseId: id(),
    holderId: id("Choose the holder of the records"),
    recordKinds: z
      .array(z.enum(RECORD_KINDS, { error: "Choose records from the list" }), { error: "Choose the records to request" })
      .min(1, "Choose at least one kind of record")
      .max(RECORD_KINDS.length)
      .transform((kinds) => [...new Set(kinds)]),
    description: optionalTextOrNull(1000, "Description").nullable(),
    periodFrom: calendarDate("Period from").nullable(),
    periodTo: calendarDate("Period to").nullable(),
    specializationIds: z
      .array(id("Choose disciplines from the list"))
      .max(20, "At most 20 disciplines")
      .transform((ids) => [...new Set(ids)]),
    legalBasis: z.enum(LEGAL_BASES, { error: "Choose the legal basis of the request" }),
    authority: z.enum(["signed_consent", "attorney_mandate"], { error: "Say what entitles the agency to ask" }),
  })
  .superRefine((v, ctx) => {
    if (v.periodFrom && v.periodTo && v.periodFrom > v.periodTo)
      ctx.addIssue({ code: "custom", path: ["periodTo"], message: "The period cannot end before it starts" });
  });
export type RecordRequestInput = z.input<typeof recordRequestInputSchema>;

/** Moves a request takes by hand, each with the day it happened and what that step records. */
export const recordRequestMoveInputSchema = z
  .object({
    id: id(),
    status: z.enum(RECORD_REQUEST_STATUSES, { error: "Choose a status from the list" }),
    onDate: calendarDate("Date"),
    note: optionalTextOrNull(1000, "Note").nullable(),
    /** extended: the days of the extension (1 to 30). */
    extensionDays: z
      .number({ error: `An extension is from 1 to ${PAIA_MAX_EXTENSION_DAYS} days (PAIA s 26(1))` })
      .int(`An extension is from 1 to ${PAIA_MAX_EXTENSION_DAYS} days (PAIA s 26(1))`)
      .min(1, `An extension is from 1 to ${PAIA_MAX_EXTENSION_DAYS} days (PAIA s 26(1))`)
      .max(PAIA_MAX_EXTENSION_DAYS, `An extension is from 1 to ${PAIA_MAX_EXTENSION_DAYS} days (PAIA s 26(1))`)
      .nullable()
      .default(null),
    /** refused: the section of PAIA the holder cited ("s 34(1)"). */
    refusalSection: optionalTextOrNull(40, "Section cited").nullable(),
    /** fee_requested: the amount asked. */
    feeAmount: randAmount("Fee").nullable().default(null),
    feeKind: z.enum(["request", "access"], { error: "Choose a request or an access fee" }).nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.status === "extended" && v.extensionDays === null)
      ctx.addIssue({ code: "custom", path: ["extensionDays"], message: "Give the days of the extension" });
    if (v.status === "refused" && !v.refusalSection)
      ctx.addIssue({ code: "custom", path: ["refusalSection"], message: "Give the section of PAIA the holder cited" });
    if (v.status === "fee_requested" && !v.feeAmount)
      ctx.addIssue({ code: "custom", path: ["feeAmount"], message: "Give the fee the holder asked for" });
  });
export type RecordRequestMoveInput = z.input<typeof recordRequestMoveInputSchema>;

/** A request's files by what they are: the letter sent, a follow-up letter, the records received. */
export const RECORD_REQUEST_FILE_PURPOSES = ["letter", "follow_up", "records"] as const;
export type RecordRequestFilePurpose = (typeof RECORD_REQUEST_FILE_PURPOSES)[number];
export const RECORD_REQUEST_FILE_PURPOSE_LABEL: Record<RecordRequestFilePurpose, string> = {
  letter: "Request letter",
  follow_up: "Follow-up letter",
  records: "Records received",
};

/** A holder's scanned records: 500 pages of scan come to about 100 MB (issue 40 item 5). */
export const RECEIVED_RECORDS_MAX_BYTES = 100 * 1024 * 1024;

export const recordDeskInputSchema = z.object({ holderId: id("Choose a holder from the register").optional() });

/** The step an upload of received records makes, sent beside the file (POST /api/records/requests/:id/records). */
export const receivedRecordsInputSchema = z.object({
  id: id(),
  status: z.enum(["received", "received_in_part"], { error: "Say whether the records arrived in full or in part" }),
  onDate: calendarDate("Date received"),
  note: optionalTextOrNull(1000, "Note"),
});
