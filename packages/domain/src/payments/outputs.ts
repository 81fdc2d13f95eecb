import { z } from "zod";
import { sameShape, type SameShape } from "../platform/outputs";
import { INVOICE_STATUSES } from "../invoices/invoices";
import {
  PAYMENT_METHODS,
  PAYMENT_PROOF_STATUSES,
  type AccountOverviewItem,
  type AccountSummary,
  type InvoicePayments,
  type PaymentItem,
  type PaymentProofItem,
  type Statement,
} from "./payments";

/** What the payments procedures answer (docs/architecture.md, "Outputs"); checked against the shared interfaces. */
const nullableText = z.string().nullable();
const cents = z.number().int();

export const paymentItemOutputSchema = z.object({
  id: z.string(),
  attorneyId: z.string(),
  attorneyName: z.string(),
  method: z.enum(PAYMENT_METHODS),
  methodLabel: z.string(),
  reference: z.string(),
  receivedOn: z.string(),
  amountCents: cents,
  allocatedCents: cents,
  unallocatedCents: cents,
  recordedByName: z.string(),
  createdAt: z.string(),
  reversedAt: nullableText,
  reversedByName: nullableText,
  reversalReason: nullableText,
  allocations: z.array(
    z.object({ id: z.string(), invoiceId: z.string(), invoiceNumber: z.string(), amountCents: cents, createdAt: z.string() }),
  ),
  proofIds: z.array(z.string()),
});

const ageingOutputSchema = z.object({
  current: cents,
  days1to30: cents,
  days31to60: cents,
  days61to90: cents,
  days90plus: cents,
  totalCents: cents,
});
const accountPartyOutputSchema = z.object({ id: z.string(), name: z.string(), firmName: nullableText, email: z.string() });

export const accountSummaryOutputSchema = z.object({
  attorney: accountPartyOutputSchema,
  outstandingCents: cents,
  deferredCents: cents,
  creditCents: cents,
  balanceCents: cents,
  ageing: ageingOutputSchema,
  openInvoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      status: z.enum(INVOICE_STATUSES),
      statusLabel: z.string(),
      claimantName: nullableText,
      attorneyReference: nullableText,
      issueDate: z.string(),
      dueDate: z.string(),
      totalCents: cents,
      creditedCents: cents,
      paidCents: cents,
      balanceCents: cents,
      daysPastDue: z.number().int(),
      deferred: z.boolean(),
      deferredUntil: nullableText,
    }),
  ),
  proofsAwaiting: z.number().int(),
});

export const accountOverviewOutputSchema = z.array(
  z.object({
    attorney: accountPartyOutputSchema,
    outstandingCents: cents,
    deferredCents: cents,
    creditCents: cents,
    balanceCents: cents,
    ageing: ageingOutputSchema,
    openInvoices: z.number().int(),
    proofsAwaiting: z.number().int(),
  }),
);

export const paymentProofOutputSchema = z.object({
  id: z.string(),
  attorneyId: z.string(),
  attorneyName: z.string(),
  fileId: z.string(),
  fileName: z.string(),
  amountCents: cents,
  paidOn: z.string(),
  reference: z.string(),
  note: nullableText,
  invoices: z.array(z.object({ id: z.string(), number: z.string() })),
  status: z.enum(PAYMENT_PROOF_STATUSES),
  statusLabel: z.string(),
  rejectReason: nullableText,
  paymentId: nullableText,
  decidedAt: nullableText,
  createdAt: z.string(),
});

export const statementOutputSchema = z.object({
  attorney: accountPartyOutputSchema,
  from: z.string(),
  to: z.string(),
  deferredCents: cents,
  lines: z.array(
    z.object({
      date: z.string(),
      kind: z.enum(["invoice", "credit_note", "payment", "reversal"]),
      reference: z.string(),
      description: z.string(),
      amountCents: cents,
      balanceCents: cents,
    }),
  ),
  totals: z.object({ openingCents: cents, invoicedCents: cents, creditedCents: cents, paidCents: cents, closingCents: cents }),
  pdfPath: z.string(),
});

export const invoicePaymentsOutputSchema = z.object({
  items: z.array(
    z.object({
      paymentId: z.string(),
      method: z.enum(PAYMENT_METHODS),
      methodLabel: z.string(),
      reference: z.string(),
      receivedOn: z.string(),
      amountCents: cents,
      reversed: z.boolean(),
      reversalReason: nullableText,
    }),
  ),
  creditCents: cents.nullable(),
  can: z.object({ record: z.boolean() }),
});

sameShape<SameShape<z.output<typeof paymentItemOutputSchema>, PaymentItem>>();
sameShape<SameShape<z.output<typeof accountSummaryOutputSchema>, AccountSummary>>();
sameShape<SameShape<z.output<typeof accountOverviewOutputSchema>[number], AccountOverviewItem>>();
sameShape<SameShape<z.output<typeof paymentProofOutputSchema>, PaymentProofItem>>();
sameShape<SameShape<z.output<typeof statementOutputSchema>, Statement>>();
sameShape<SameShape<z.output<typeof invoicePaymentsOutputSchema>, InvoicePayments>>();
