import { z } from "zod";
import { id, text } from "../platform/input-primitives";

/**
 * Retention, legal hold and destruction (POPIA section 14; docs/decisions.md "Retention and
 * destruction"): a claimant's records may be destroyed once every matter of theirs is closed and past
 * its retention period, every invoice naming them is past the tax period, and no case is on hold.
 * Destruction itself always waits for an administrator's approval.
 */

/** Closed matters and their reports are kept this many years after their last activity unless the agency sets another period. */
export const DEFAULT_MATTER_RETENTION_YEARS = 5;
/** SARS: records of a supply are kept five years (Tax Administration Act s 29); no shorter period applies to invoices. */
export const SARS_INVOICE_RETENTION_YEARS = 5;

export const RETENTION_MESSAGES = {
  matterYears: "Keep closed matters between 1 and 50 years",
  invoiceYears: `Invoices are kept at least ${SARS_INVOICE_RETENTION_YEARS} years for SARS (and at most 50)`,
  holdReason: "Say why the case is on legal hold",
  caseNotFound: "That case does not exist.",
  alreadyHeld: "This case is already on legal hold.",
  notHeld: "This case is not on legal hold.",
  candidateNotFound: "That claimant is not awaiting destruction.",
  notDue: "This claimant's records are not yet due for destruction, or a case is on legal hold: nothing was destroyed.",
  onlyAdministrators: "Only an administrator can approve the destruction of a claimant's records.",
  certificateNotFound: "That destruction certificate does not exist.",
  alreadyAnonymised: "This claimant's records were already anonymised.",
  fileDestroyed: "This file was deleted when the claimant's records were destroyed (POPIA section 14): it can no longer be downloaded.",
} as const;

/** The agency's retention periods (settings "retention"). */
export const retentionSettingsSchema = z.object({
  matterYears: z
    .number({ error: RETENTION_MESSAGES.matterYears })
    .int(RETENTION_MESSAGES.matterYears)
    .min(1, RETENTION_MESSAGES.matterYears)
    .max(50, RETENTION_MESSAGES.matterYears),
  invoiceYears: z
    .number({ error: RETENTION_MESSAGES.invoiceYears })
    .int(RETENTION_MESSAGES.invoiceYears)
    .min(SARS_INVOICE_RETENTION_YEARS, RETENTION_MESSAGES.invoiceYears)
    .max(50, RETENTION_MESSAGES.invoiceYears),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
export const DEFAULT_RETENTION_SETTINGS: RetentionSettings = {
  matterYears: DEFAULT_MATTER_RETENTION_YEARS,
  invoiceYears: SARS_INVOICE_RETENTION_YEARS,
};

/**
 * `date` (YYYY-MM-DD) plus whole years. 29 February moves to 1 March in a year without one, so a
 * record is never destroyed a day before its full period has run.
 */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const target = new Date(Date.UTC(y + years, m - 1, d));
  return target.toISOString().slice(0, 10);
}

/** One matter (case) of the claimant as the rule sees it. */
export interface RetentionMatter {
  /** Only closed or settled matters run a retention period; an open one keeps everything. */
  closed: boolean;
  /** The last day anything happened on the matter (its queries, reports, bookings included). */
  lastActivityOn: string;
  onHold: boolean;
}

export type DestructionVerdict =
  { kind: "kept"; reason: "open_matter" | "legal_hold" | "no_matters" } | { kind: "date"; on: string; decidedBy: "matters" | "invoices" };

/**
 * The day this claimant's records may be destroyed: the later of (last matter activity + the matter
 * period) and (latest invoice date + the invoice period, never under SARS's five years). None while a
 * matter is open or on legal hold.
 */
export function destructionDate(
  matters: readonly RetentionMatter[],
  invoiceDates: readonly string[],
  settings: RetentionSettings,
): DestructionVerdict {
  if (matters.length === 0) return { kind: "kept", reason: "no_matters" };
  if (matters.some((m) => m.onHold)) return { kind: "kept", reason: "legal_hold" };
  if (matters.some((m) => !m.closed)) return { kind: "kept", reason: "open_matter" };
  const lastActivity = matters.map((m) => m.lastActivityOn).reduce((a, b) => (a > b ? a : b));
  const mattersEnd = addYears(lastActivity, settings.matterYears);
  if (invoiceDates.length === 0) return { kind: "date", on: mattersEnd, decidedBy: "matters" };
  const lastInvoice = invoiceDates.reduce((a, b) => (a > b ? a : b));
  const invoicesEnd = addYears(lastInvoice, Math.max(settings.invoiceYears, SARS_INVOICE_RETENTION_YEARS));
  return invoicesEnd > mattersEnd
    ? { kind: "date", on: invoicesEnd, decidedBy: "invoices" }
    : { kind: "date", on: mattersEnd, decidedBy: "matters" };
}

/** Whether the claimant's records are due for destruction on `today`. */
export function isDueForDestruction(verdict: DestructionVerdict, today: string): boolean {
  return verdict.kind === "date" && verdict.on <= today;
}

/** One matter as a deletion or objection request sees it: the rule's view plus what the refusal names. */
export interface ErasureMatter extends RetentionMatter {
  reference: string;
  /** The standing legal hold's reason, when the matter is on hold. */
  holdReason: string | null;
}

/**
 * Why a deletion or objection request (POPIA sections 11(3), 24) cannot be carried out on `today`, in
 * a sentence naming the rule; null when nothing keeps the claimant's records. The same rule as the
 * destruction sweep (destructionDate), so a request and the sweep never disagree.
 */
export function erasureRefusal(
  matters: readonly ErasureMatter[],
  invoiceDates: readonly string[],
  settings: RetentionSettings,
  today: string,
): string | null {
  const verdict = destructionDate(matters, invoiceDates, settings);
  if (verdict.kind === "kept") {
    if (verdict.reason === "no_matters") return null;
    if (verdict.reason === "legal_hold") {
      const held = matters.find((m) => m.onHold)!;
      return `Matter ${held.reference} is on legal hold: ${held.holdReason ?? "no reason recorded"}`;
    }
    const open = matters.find((m) => !m.closed)!;
    return `Matter ${open.reference} is still open: its records are kept while it runs and for ${settings.matterYears} years after it closes`;
  }
  if (isDueForDestruction(verdict, today)) return null;
  return verdict.decidedBy === "invoices"
    ? `Invoices must be kept ${Math.max(settings.invoiceYears, SARS_INVOICE_RETENTION_YEARS)} years for SARS (until ${verdict.on})`
    : `Closed matters are kept ${settings.matterYears} years after their last activity (until ${verdict.on})`;
}

// ---- Inputs and outputs ----

export const legalHoldSetSchema = z.object({
  caseId: id(RETENTION_MESSAGES.caseNotFound),
  reason: text(RETENTION_MESSAGES.holdReason)
    .trim()
    .min(1, RETENTION_MESSAGES.holdReason)
    .max(1000, "The reason must be at most 1000 characters"),
});
export const legalHoldLiftSchema = z.object({ caseId: id(RETENTION_MESSAGES.caseNotFound) });
export const destructionApproveSchema = z.object({ patientId: id(RETENTION_MESSAGES.candidateNotFound) });
export const destructionCertificateInputSchema = z.object({ id: id(RETENTION_MESSAGES.certificateNotFound) });

export const legalHoldSchema = z.object({
  caseId: z.string(),
  caseReference: z.string(),
  patientName: z.string(),
  reason: z.string(),
  setBy: z.string(),
  setAt: z.string(),
  /** The South African day the hold was set, as its "set on" label shows it. */
  setOn: z.string(),
});
export type LegalHold = z.infer<typeof legalHoldSchema>;

export const destructionCandidateSchema = z.object({
  patientId: z.string(),
  patientName: z.string(),
  caseReferences: z.array(z.string()),
  lastActivityOn: z.string(),
  invoiceCount: z.number(),
  dueOn: z.string(),
  decidedBy: z.enum(["matters", "invoices"]),
  /** When the sweep first found the claimant due (null: found just now, on demand). */
  foundAt: z.string().nullable(),
});
export type DestructionCandidate = z.infer<typeof destructionCandidateSchema>;

/** What a destruction removed, by kind (the certificate's counts). */
export const destructionCountsSchema = z.object({
  claimants: z.number(),
  cases: z.number(),
  queries: z.number(),
  reports: z.number(),
  bookings: z.number(),
  files: z.number(),
  messages: z.number(),
  invoicesKept: z.number(),
});
export type DestructionCounts = z.infer<typeof destructionCountsSchema>;

export const destructionCertificateSchema = z.object({
  id: z.string(),
  number: z.string(),
  destroyedAt: z.string(),
  approvedBy: z.string(),
  counts: destructionCountsSchema,
});
export type DestructionCertificate = z.infer<typeof destructionCertificateSchema>;

/** The neutral text that replaces a destroyed claimant's names and free text. */
export const ANONYMISED = "Anonymised";
