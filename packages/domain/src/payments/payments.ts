import { z } from "zod";
import { daysPastDue } from "../invoices/ageing";
import { addDays } from "../platform/sa-time";
import type { InvoiceStatus } from "../invoices/invoices";
import { calendarDate, id, listInput, optionalTextOrNull, pastCalendarDate, text } from "../platform/input-primitives";

/**
 * Payments, allocations, proofs of payment, statements and ageing (docs/decisions.md, "Payments"):
 * ZAR in integer cents. A payment is set against an attorney's open invoices, never more than the
 * payment or an invoice's balance; what is not set against an invoice stays as credit on the account.
 */

export const PAYMENT_METHODS = ["eft", "card", "cash", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { eft: "EFT", card: "Card", cash: "Cash", other: "Other" };

export const PAYMENT_PROOF_STATUSES = ["uploaded", "matched", "rejected"] as const;
export type PaymentProofStatus = (typeof PAYMENT_PROOF_STATUSES)[number];
export const PAYMENT_PROOF_STATUS_LABELS: Record<PaymentProofStatus, string> = {
  uploaded: "Awaiting matching",
  matched: "Matched",
  rejected: "Rejected",
};

/** The largest single payment: R 100 000 000.00, far beyond any account, well inside int8 sums. */
export const MAX_PAYMENT_CENTS = 10_000_000_000;
/** Invoices one allocation (or one proof) may name. */
export const MAX_ALLOCATIONS = 50;
/** The longest statement period, in days (five years). */
export const MAX_STATEMENT_DAYS = 5 * 366;

/* ---------- rules ---------- */

export interface InvoiceMoney {
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  /** The due date has passed (the day after the due date, in South Africa). */
  pastDue: boolean;
}

/** What is still owed on an issued invoice: total - credited - paid, never below nothing. */
export function invoiceBalance(m: Pick<InvoiceMoney, "totalCents" | "paidCents" | "creditedCents">): number {
  return Math.max(0, m.totalCents - m.creditedCents - m.paidCents);
}

/**
 * The one rule for an issued invoice's status from its money: nothing left to pay is "paid" (or
 * "credited" when credit notes cleared it and nothing was paid); something left is "overdue" past
 * the due date, else "partially paid" once money came in, else "issued". Payments, reversals,
 * credit notes and the overdue sweep all ask this.
 */
export function invoiceStatusFromMoney(m: InvoiceMoney): Exclude<InvoiceStatus, "draft"> {
  if (invoiceBalance(m) === 0) return m.paidCents === 0 ? "credited" : "paid";
  if (m.pastDue) return "overdue";
  return m.paidCents > 0 ? "partially_paid" : "issued";
}

/**
 * Payment reminders to the attorney (docs/decisions.md, "Overdue invoices and reminders"): on the
 * due date, then 7 and 30 days after it, once each; the overdue sweeper sends them.
 */
export const PAYMENT_REMINDER_STAGES = ["due", "days7", "days30"] as const;
export type PaymentReminderStage = (typeof PAYMENT_REMINDER_STAGES)[number];
export const PAYMENT_REMINDER_DAYS: Record<PaymentReminderStage, number> = { due: 0, days7: 7, days30: 30 };

/** The reminder stages an invoice has reached on `today`, earliest first (none before its due date). */
export function reminderStagesDue(dueDate: string, today: string): PaymentReminderStage[] {
  const days = daysPastDue(dueDate, today);
  return PAYMENT_REMINDER_STAGES.filter((stage) => days >= PAYMENT_REMINDER_DAYS[stage]);
}

/** One movement on an attorney's account: what raises the balance (invoice, reversal) or lowers it (credit note, payment). */
export interface AccountEntry {
  date: string;
  kind: "invoice" | "credit_note" | "payment" | "reversal";
  reference: string;
  description: string;
  /** Always positive; the kind says which way it moves the balance. */
  amountCents: number;
}

export const ACCOUNT_ENTRY_LABELS: Record<AccountEntry["kind"], string> = {
  invoice: "Invoice",
  credit_note: "Credit note",
  payment: "Payment",
  reversal: "Payment reversed",
};
const RAISES: Record<AccountEntry["kind"], boolean> = { invoice: true, reversal: true, credit_note: false, payment: false };
/** What an entry does to the balance: + for invoices and reversals, - for credit notes and payments. */
export const signedAmount = (e: Pick<AccountEntry, "kind" | "amountCents">) => (RAISES[e.kind] ? e.amountCents : -e.amountCents);

export interface StatementLine extends AccountEntry {
  /** The balance after this entry. */
  balanceCents: number;
}

export interface StatementTotals {
  openingCents: number;
  invoicedCents: number;
  creditedCents: number;
  /** Payments received less payments reversed in the period. */
  paidCents: number;
  closingCents: number;
}

/**
 * A statement for a period from the account's entries: the opening balance is everything before
 * `from`; the lines are the period's entries in date order with a running balance; and always
 * opening + invoices - credits - payments = closing (a negative closing balance is credit).
 */
export function buildStatement(
  entries: readonly AccountEntry[],
  from: string,
  to: string,
): { lines: StatementLine[]; totals: StatementTotals } {
  const order: Record<AccountEntry["kind"], number> = { invoice: 0, reversal: 1, credit_note: 2, payment: 3 };
  const sorted = [...entries].sort(
    (a, b) => a.date.localeCompare(b.date) || order[a.kind] - order[b.kind] || a.reference.localeCompare(b.reference),
  );
  const openingCents = sorted.filter((e) => e.date < from).reduce((sum, e) => sum + signedAmount(e), 0);
  const totals: StatementTotals = { openingCents, invoicedCents: 0, creditedCents: 0, paidCents: 0, closingCents: openingCents };
  const lines: StatementLine[] = [];
  for (const e of sorted) {
    if (e.date < from || e.date > to) continue;
    if (e.kind === "invoice") totals.invoicedCents += e.amountCents;
    if (e.kind === "credit_note") totals.creditedCents += e.amountCents;
    if (e.kind === "payment") totals.paidCents += e.amountCents;
    if (e.kind === "reversal") totals.paidCents -= e.amountCents;
    totals.closingCents += signedAmount(e);
    lines.push({ ...e, balanceCents: totals.closingCents });
  }
  return { lines, totals };
}

/** The statement period a page opens on: the last 90 days to today. */
export function defaultStatementPeriod(today: string): { from: string; to: string } {
  return { from: addDays(today, -89), to: today };
}

/* ---------- inputs ---------- */

const paymentCents = (label: string) =>
  z
    .number({ error: `${label} is an amount in cents` })
    .int(`${label} is a whole number of cents`)
    .min(1, `${label} must be more than R 0.00`)
    .max(MAX_PAYMENT_CENTS, `${label} can be at most R 100 000 000.00`);

const reference = (label: string) =>
  text(`${label} is required`).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);
const reason = (what: string) =>
  text(`Give the reason ${what}`).trim().min(1, `Give the reason ${what}`).max(1000, "A reason must be at most 1000 characters");

export const allocationsSchema = z
  .array(z.object({ invoiceId: id("Choose an invoice"), amountCents: paymentCents("The amount for an invoice") }), {
    error: "List the invoices to allocate to",
  })
  .max(MAX_ALLOCATIONS, `A payment is allocated to at most ${MAX_ALLOCATIONS} invoices at once`)
  .refine((list) => new Set(list.map((a) => a.invoiceId)).size === list.length, "Allocate to each invoice once");

/** An administrator records money received from an attorney; it may be allocated at once and may match a proof of payment. */
export const recordPaymentSchema = z.object({
  attorneyId: id("Choose the attorney who paid"),
  method: z.enum(PAYMENT_METHODS, { error: "Choose how the payment was made: EFT, card, cash or other" }),
  reference: reference("The payment reference"),
  receivedOn: pastCalendarDate("Date received"),
  amountCents: paymentCents("The amount"),
  allocations: allocationsSchema.default([]),
  /** The attorney's proof of payment this payment answers (matched in the same transaction). */
  proofId: id("Choose a proof of payment")
    .nullish()
    .transform((v) => v ?? null),
});
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;

export const allocatePaymentSchema = z.object({
  paymentId: id("Choose a payment"),
  allocations: allocationsSchema.refine((list) => list.length > 0, "Allocate to at least one invoice"),
});

export const reversePaymentSchema = z.object({ id: id("Choose a payment"), reason: reason("for reversing the payment") });

/** Whose account: administrators name the attorney; an attorney leaves it out (their own). */
export const accountInputSchema = listInput({ attorneyId: id("Choose an attorney").optional() });

export const paymentListInputSchema = listInput({ attorneyId: id("Choose an attorney").optional() });

export const statementInputSchema = z
  .object({
    attorneyId: id("Choose an attorney").optional(),
    from: calendarDate("From"),
    to: calendarDate("To"),
  })
  .refine((v) => v.from <= v.to, { message: "The period ends before it starts", path: ["to"] })
  .refine((v) => Date.parse(`${v.to}T00:00:00Z`) - Date.parse(`${v.from}T00:00:00Z`) <= MAX_STATEMENT_DAYS * 86_400_000, {
    message: "Choose a period of at most five years",
    path: ["to"],
  });

/** What an attorney says of the money they sent, with the slip (the file travels beside these fields). */
export const proofUploadSchema = z.object({
  amountCents: paymentCents("The amount paid"),
  paidOn: pastCalendarDate("Date paid"),
  reference: reference("The payment reference"),
  note: optionalTextOrNull(500, "A note"),
  invoiceIds: z
    .array(id("Choose an invoice"), { error: "Choose the invoices paid" })
    .max(MAX_ALLOCATIONS, `Name at most ${MAX_ALLOCATIONS} invoices`)
    .default([]),
});

export const proofListInputSchema = listInput({
  attorneyId: id("Choose an attorney").optional(),
  status: z.enum(PAYMENT_PROOF_STATUSES, { error: "Choose a proof status" }).optional(),
});

export const matchProofSchema = z.object({ id: id("Choose a proof of payment"), paymentId: id("Choose the payment it proves") });
export const rejectProofSchema = z.object({ id: id("Choose a proof of payment"), reason: reason("for rejecting the proof") });

export const invoicePaymentsInputSchema = z.object({ invoiceId: id("Choose an invoice") });

/* ---------- outputs (zod schemas in outputs.ts) ---------- */
