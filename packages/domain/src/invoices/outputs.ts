import { z } from "zod";
import { INVOICE_KINDS, INVOICE_LINE_KINDS, INVOICE_STATUSES } from "./invoices";
import { SAMPLE_DOCUMENTS, SCHEDULED_FEE_KINDS } from "./fee-schedule";

/** What the invoices procedures answer (docs/architecture.md, "Outputs"); each type the services and the web share is inferred from its schema. */
const nullableText = z.string().nullable();
const cents = z.number().int();

export const invoicePartyOutputSchema = z.object({
  name: z.string(),
  /** The attorney's firm (recipients) or null. */
  firmName: nullableText,
  address: z.string(),
  vatNumber: z.string(),
  email: z.string(),
});
export type InvoiceParty = z.output<typeof invoicePartyOutputSchema>;

export const invoiceLineOutputSchema = z.object({
  id: z.string(),
  position: z.number().int(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
  /** The report the line bills (credit note lines: none). */
  reportId: nullableText,
  reportReference: nullableText,
});
export type InvoiceLineItem = z.output<typeof invoiceLineOutputSchema>;

export const invoiceListItemOutputSchema = z.object({
  id: z.string(),
  /** Null while a draft. */
  number: nullableText,
  kind: z.enum(INVOICE_KINDS),
  status: z.enum(INVOICE_STATUSES),
  statusLabel: z.string(),
  recipientName: z.string(),
  attorneyId: nullableText,
  consultantId: nullableText,
  consultantName: nullableText,
  claimantName: nullableText,
  caseReference: nullableText,
  issueDate: nullableText,
  dueDate: nullableText,
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
  creditedCents: cents,
  paidCents: cents,
  /** What is still owed: total - credited - paid (0 for drafts). */
  balanceCents: cents,
  createdAt: z.string(),
});
export type InvoiceListItem = z.output<typeof invoiceListItemOutputSchema>;

export const creditNoteListItemOutputSchema = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  invoiceNumber: z.string(),
  kind: z.enum(INVOICE_KINDS),
  recipientName: z.string(),
  consultantName: nullableText,
  claimantName: nullableText,
  caseReference: nullableText,
  issueDate: z.string(),
  reason: z.string(),
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
  createdAt: z.string(),
});
/** A credit note as a row of `/invoices`: it opens its invoice's page, which shows it in full. */
export type CreditNoteListItem = z.output<typeof creditNoteListItemOutputSchema>;

/**
 * One direction of money over the matched invoices: receivable (the agency's invoices to attorneys,
 * what they owe it) or payable (experts' invoices to the agency, what it owes them). Never added
 * together: one is money in, the other money out.
 */
const moneySideOutputSchema = z.object({
  /** Invoices of this side matched (drafts included). */
  count: z.number().int(),
  /** Issued invoices' totals. */
  totalCents: cents,
  /** The matched credit notes' totals against this side's invoices. */
  creditedCents: cents,
  /** Outstanding: what the open invoices still owe; `ageing` splits it by days past due. */
  balanceCents: cents,
  ageing: z.object({ current: cents, days1to30: cents, days31to60: cents, days61to90: cents, days90plus: cents, totalCents: cents }),
});
export type InvoiceMoneySide = z.output<typeof moneySideOutputSchema>;

const invoiceTotalsOutputSchema = z.object({
  /** Invoices matched (drafts included), both sides. */
  count: z.number().int(),
  creditNoteCount: z.number().int(),
  /** Invoices to attorneys: money owed to the agency. */
  receivable: moneySideOutputSchema,
  /** Experts' invoices to the agency: money the agency owes. */
  payable: moneySideOutputSchema,
});
export type InvoiceTotals = z.output<typeof invoiceTotalsOutputSchema>;

export const invoiceListOutputSchema = z.object({
  items: z.array(invoiceListItemOutputSchema),
  /** Credit notes the filters match (none when a status is chosen: a credit note has none). */
  creditNotes: z.array(creditNoteListItemOutputSchema),
  /** Over every invoice the filters match (drafts excluded from the money sums). */
  totals: invoiceTotalsOutputSchema,
  /** True when more than the 500 rows shown matched. */
  truncated: z.boolean(),
});
export type InvoiceList = z.output<typeof invoiceListOutputSchema>;

export const creditNoteOutputSchema = z.object({
  id: z.string(),
  number: z.string(),
  invoiceId: z.string(),
  reason: z.string(),
  issueDate: z.string(),
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
  pdfFileId: z.string(),
  lines: z.array(invoiceLineOutputSchema),
  createdAt: z.string(),
});
export type CreditNoteItem = z.output<typeof creditNoteOutputSchema>;

export const invoiceDetailOutputSchema = invoiceListItemOutputSchema.extend({
  series: z.string(),
  caseId: nullableText,
  queryId: nullableText,
  bookingId: nullableText,
  reportId: nullableText,
  claimNumber: nullableText,
  attorneyReference: nullableText,
  vatRegistered: z.boolean(),
  /** Frozen at issue; for a draft, as it would print now. */
  supplier: invoicePartyOutputSchema,
  recipient: invoicePartyOutputSchema,
  lines: z.array(invoiceLineOutputSchema),
  creditNotes: z.array(creditNoteOutputSchema),
  /** The stored PDF as downloads serve it (marked "Copy"); null for drafts. */
  pdfFileId: nullableText,
  /** sha256 of the original PDF frozen and e-mailed at issue. */
  pdfSha256: nullableText,
  issuedAt: nullableText,
  /** What the caller may do now; the server checks again on every call. */
  /** emailAgain: staff may send the issued invoice's copy to its recipient again (at most every 10 minutes). */
  can: z.object({ edit: z.boolean(), issue: z.boolean(), discard: z.boolean(), credit: z.boolean(), emailAgain: z.boolean() }),
  /** A draft that cannot be issued yet: the sentence saying what is missing and who completes it; else null. */
  issueBlocker: z.string().nullable(),
});
export type InvoiceDetail = z.output<typeof invoiceDetailOutputSchema>;
export const invoiceEmailAgainOutputSchema = z.object({ sentTo: z.string(), sentAt: z.string() });
/** What "E-mail again" answers: where the copy went and when. */
export type InvoiceEmailAgainResult = z.output<typeof invoiceEmailAgainOutputSchema>;

export const feeRateOutputSchema = z.object({
  id: z.string(),
  specializationId: z.string(),
  specializationName: z.string(),
  consultantId: nullableText,
  consultantName: nullableText,
  feeKind: z.enum(SCHEDULED_FEE_KINDS),
  amountCents: cents,
  effectiveFrom: z.string(),
  /** The rate in force today for its specialization, expert and kind. */
  current: z.boolean(),
});
export type FeeRate = z.output<typeof feeRateOutputSchema>;

export const unbilledItemOutputSchema = z.object({
  eventKey: z.string(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  /** When the work was done (attended, approved, cancelled). */
  occurredAt: z.string(),
  claimantName: z.string(),
  reference: z.string(),
  /** The schedule's price on that day; null when the schedule has none. */
  unitPriceCents: cents.nullable(),
});
export type UnbilledItem = z.output<typeof unbilledItemOutputSchema>;

const moneyLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
});
/** A sample document's fields, each with the rule of the VAT Act it meets (for the demo screens). */
const sampleFieldOutputSchema = z.object({ label: z.string(), value: z.string(), rule: z.string() });
export type SampleField = z.output<typeof sampleFieldOutputSchema>;

export const sampleDocumentOutputSchema = z.object({
  kind: z.enum(SAMPLE_DOCUMENTS),
  title: z.string(),
  fields: z.array(sampleFieldOutputSchema),
  lines: z.array(moneyLine),
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
  /** GET this path for the PDF. */
  pdfPath: z.string(),
});
export type SampleDocumentView = z.output<typeof sampleDocumentOutputSchema>;
