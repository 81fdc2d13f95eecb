import { z } from "zod";
import { sameShape, type SameShape } from "../platform/outputs";
import {
  INVOICE_KINDS,
  INVOICE_LINE_KINDS,
  INVOICE_STATUSES,
  type CreditNoteItem,
  type CreditNoteListItem,
  type InvoiceDetail,
  type InvoiceEmailAgainResult,
  type InvoiceLineItem,
  type InvoiceList,
  type InvoiceListItem,
  type InvoiceParty,
} from "./invoices";
import { SAMPLE_DOCUMENTS, SCHEDULED_FEE_KINDS, type FeeRate, type SampleDocumentView, type UnbilledItem } from "./fee-schedule";

/** What the invoices procedures answer (docs/architecture.md, "Outputs"); checked against the shared interfaces below. */
const nullableText = z.string().nullable();
const cents = z.number().int();

export const invoicePartyOutputSchema = z.object({
  name: z.string(),
  firmName: nullableText,
  address: z.string(),
  vatNumber: z.string(),
  email: z.string(),
});

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
  reportId: nullableText,
  reportReference: nullableText,
});

export const invoiceListItemOutputSchema = z.object({
  id: z.string(),
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
  balanceCents: cents,
  createdAt: z.string(),
});

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

const moneySideOutputSchema = z.object({
  count: z.number().int(),
  totalCents: cents,
  creditedCents: cents,
  balanceCents: cents,
  ageing: z.object({ current: cents, days1to30: cents, days31to60: cents, days61to90: cents, days90plus: cents, totalCents: cents }),
});

export const invoiceListOutputSchema = z.object({
  items: z.array(invoiceListItemOutputSchema),
  creditNotes: z.array(creditNoteListItemOutputSchema),
  totals: z.object({
    count: z.number().int(),
    creditNoteCount: z.number().int(),
    receivable: moneySideOutputSchema,
    payable: moneySideOutputSchema,
  }),
  truncated: z.boolean(),
});

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

export const invoiceDetailOutputSchema = invoiceListItemOutputSchema.extend({
  series: z.string(),
  caseId: nullableText,
  queryId: nullableText,
  bookingId: nullableText,
  reportId: nullableText,
  claimNumber: nullableText,
  attorneyReference: nullableText,
  vatRegistered: z.boolean(),
  supplier: invoicePartyOutputSchema,
  recipient: invoicePartyOutputSchema,
  lines: z.array(invoiceLineOutputSchema),
  creditNotes: z.array(creditNoteOutputSchema),
  pdfFileId: nullableText,
  pdfSha256: nullableText,
  issuedAt: nullableText,
  can: z.object({ edit: z.boolean(), issue: z.boolean(), discard: z.boolean(), credit: z.boolean(), emailAgain: z.boolean() }),
  issueBlocker: z.string().nullable(),
});
export const invoiceEmailAgainOutputSchema = z.object({ sentTo: z.string(), sentAt: z.string() });

sameShape<SameShape<z.output<typeof invoicePartyOutputSchema>, InvoiceParty>>();
sameShape<SameShape<z.output<typeof invoiceLineOutputSchema>, InvoiceLineItem>>();
sameShape<SameShape<z.output<typeof invoiceListItemOutputSchema>, InvoiceListItem>>();
sameShape<SameShape<z.output<typeof invoiceListOutputSchema>, InvoiceList>>();
sameShape<SameShape<z.output<typeof creditNoteOutputSchema>, CreditNoteItem>>();
sameShape<SameShape<z.output<typeof creditNoteListItemOutputSchema>, CreditNoteListItem>>();
sameShape<SameShape<z.output<typeof invoiceDetailOutputSchema>, InvoiceDetail>>();
sameShape<SameShape<z.output<typeof invoiceEmailAgainOutputSchema>, InvoiceEmailAgainResult>>();

export const feeRateOutputSchema = z.object({
  id: z.string(),
  specializationId: z.string(),
  specializationName: z.string(),
  consultantId: nullableText,
  consultantName: nullableText,
  feeKind: z.enum(SCHEDULED_FEE_KINDS),
  amountCents: cents,
  effectiveFrom: z.string(),
  current: z.boolean(),
});

export const unbilledItemOutputSchema = z.object({
  eventKey: z.string(),
  kind: z.enum(INVOICE_LINE_KINDS),
  description: z.string(),
  occurredAt: z.string(),
  claimantName: z.string(),
  reference: z.string(),
  unitPriceCents: cents.nullable(),
});

const moneyLine = z.object({
  description: z.string(),
  quantity: z.number().int(),
  unitPriceCents: cents,
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
});
export const sampleDocumentOutputSchema = z.object({
  kind: z.enum(SAMPLE_DOCUMENTS),
  title: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string(), rule: z.string() })),
  lines: z.array(moneyLine),
  netCents: cents,
  vatCents: cents,
  totalCents: cents,
  pdfPath: z.string(),
});

sameShape<SameShape<z.output<typeof feeRateOutputSchema>, FeeRate>>();
sameShape<SameShape<z.output<typeof unbilledItemOutputSchema>, UnbilledItem>>();
sameShape<SameShape<z.output<typeof sampleDocumentOutputSchema>, SampleDocumentView>>();
