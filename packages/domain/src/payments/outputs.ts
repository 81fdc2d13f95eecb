import { z } from "zod";
import { INVOICE_STATUSES } from "../invoices/invoices";
import { PAYMENT_METHODS, PAYMENT_PROOF_STATUSES } from "./payments";

/** What the payments procedures answer (docs/architecture.md, "Outputs"); each type the services and the web share is inferred from its schema. */
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
  /** Set against invoices (0 once reversed). */
  allocatedCents: cents,
  /** Left as credit on the account (0 once reversed). */
  unallocatedCents: cents,
  recordedByName: z.string(),
  createdAt: z.string(),
  reversedAt: nullableText,
  reversedByName: nullableText,
  reversalReason: nullableText,
  allocations: z.array(
    z.object({ id: z.string(), invoiceId: z.string(), invoiceNumber: z.string(), amountCents: cents, createdAt: z.string() }),
  ),
  /** Proofs of payment matched to it. */
  proofIds: z.array(z.string()),
});
export type PaymentItem = z.output<typeof paymentItemOutputSchema>;

const ageingOutputSchema = z.object({
  current: cents,
  days1to30: cents,
  days31to60: cents,
  days61to90: cents,
  days90plus: cents,
  totalCents: cents,
});
const accountPartyOutputSchema = z.object({ id: z.string(), name: z.string(), firmName: nullableText, email: z.string() });
export type AccountParty = z.output<typeof accountPartyOutputSchema>;
const openInvoiceOutputSchema = z.object({
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
  /** Days past the due date (0 or less: not overdue); a deferred invoice's from its long-stop. */
  daysPastDue: z.number().int(),
  /** Its case has a deferral agreement and the long-stop has not passed (issue 29): not due, not overdue. */
  deferred: z.boolean(),
  /** The long-stop of an invoice on a deferred case (null: not deferred). */
  deferredUntil: nullableText,
});
export type OpenInvoiceItem = z.output<typeof openInvoiceOutputSchema>;

export const accountSummaryOutputSchema = z.object({
  attorney: accountPartyOutputSchema,
  /** Owed on open invoices that are not deferred: their balances added up (equal to the ageing's total). */
  outstandingCents: cents,
  /** Open balances deferred to settlement (before their long-stop): apart from what is due. */
  deferredCents: cents,
  /** Payments not set against any invoice yet. */
  creditCents: cents,
  /** outstanding + deferred - credit: what the attorney owes, due or not (negative: the agency owes them); the statement's closing balance. */
  balanceCents: cents,
  ageing: ageingOutputSchema,
  openInvoices: z.array(openInvoiceOutputSchema),
  /** Proofs of payment awaiting a match. */
  proofsAwaiting: z.number().int(),
});
export type AccountSummary = z.output<typeof accountSummaryOutputSchema>;

/** An attorney's account in the administrators' overview: the summary, with a count of open invoices instead of the list. */
const accountOverviewItemOutputSchema = accountSummaryOutputSchema.extend({ openInvoices: z.number().int() });
export type AccountOverviewItem = z.output<typeof accountOverviewItemOutputSchema>;
export const accountOverviewOutputSchema = z.array(accountOverviewItemOutputSchema);

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
export type PaymentProofItem = z.output<typeof paymentProofOutputSchema>;

export const statementOutputSchema = z.object({
  attorney: accountPartyOutputSchema,
  from: z.string(),
  to: z.string(),
  /** Of what is open today, the balances deferred to settlement (issue 29): shown apart from what is due. */
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
  /** GET this path for the PDF. */
  pdfPath: z.string(),
});
export type Statement = z.output<typeof statementOutputSchema>;

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
  /** The attorney's unallocated credit, to staff who may allocate it; null for others. */
  creditCents: cents.nullable(),
  can: z.object({ record: z.boolean() }),
});
export type InvoicePayments = z.output<typeof invoicePaymentsOutputSchema>;
