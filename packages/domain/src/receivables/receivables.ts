import { z } from "zod";
import { addMonths, calendarDaysBetween } from "../court-clock/court-clock";
import { calendarDate, id, text, caseIdInputSchema } from "../platform/input-primitives";
import type { InvoiceLineKind } from "../invoices/invoices";
import { INVOICE_LINE_KIND_LABELS } from "../invoices/invoices";
import { invoiceBalance } from "../payments/payments";
import { addDays } from "../platform/sa-time";

/**
 * Deferred billing per matter (issue 29; docs/decisions.md "Deferred billing per matter"): the pure
 * rules of a case's deferral agreement, its billing events and their expected payment dates, the
 * receivables classes (deferred, due, overdue, past the long-stop), interest after the long-stop,
 * and the forecast by month. The services read the records; everything decided is decided here.
 */

export const DEFERRAL_INVOICING = ["issue_now", "issue_at_settlement"] as const;
export type DeferralInvoicing = (typeof DEFERRAL_INVOICING)[number];
export const DEFERRAL_INVOICING_LABELS: Record<DeferralInvoicing, string> = {
  issue_now: "Invoices issued now, paid on settlement",
  issue_at_settlement: "Invoices issued at settlement",
};

export const BILLING_EVENT_KINDS = ["order", "taxed", "raf_paid"] as const;
export type BillingEventKind = (typeof BILLING_EVENT_KINDS)[number];
export const BILLING_EVENT_LABELS: Record<BillingEventKind, string> = {
  order: "Settlement or court order",
  taxed: "Bill of costs taxed",
  raf_paid: "RAF paid",
};
/** What each event's expected payment is called. */
export const EXPECTED_PAYMENT_LABELS: Record<BillingEventKind, string> = {
  order: "Capital expected from the RAF",
  taxed: "Costs expected from the RAF",
  raf_paid: "Payment expected from the attorney",
};

/**
 * Where an open invoice stands (issue 37, item 3): deferred until its case's long-stop, then due or
 * overdue like any other invoice, from the later of the long-stop and its own due date. "Past the
 * long-stop" is not a class of its own but a mark on a due or overdue amount.
 */
export const RECEIVABLE_CLASSES = ["deferred", "due", "overdue"] as const;
export type ReceivableClass = (typeof RECEIVABLE_CLASSES)[number];
export const RECEIVABLE_CLASS_LABELS: Record<ReceivableClass, string> = {
  deferred: "Deferred",
  due: "Due",
  overdue: "Overdue",
};
/** An invoice's class as the case shows it: "Overdue, past long-stop". */
export const receivableLabel = (cls: ReceivableClass, pastLongStop: boolean): string =>
  pastLongStop ? `${RECEIVABLE_CLASS_LABELS[cls]}, past long-stop` : RECEIVABLE_CLASS_LABELS[cls];

export const BILLING_MESSAGES = {
  undertaking: "Write the attorney's undertaking (up to 4000 characters)",
  longStopMonths: "The long-stop is 1 to 120 months after the first invoice",
  interestRate: "Interest is 0 to 100 % a year, with at most two decimals",
  days: "Days are a whole number from 0 to 1000",
  eventInFuture: "An event cannot be recorded before it happened",
  eventBeforeIncident: "An event cannot be before the accident",
  taxedBeforeOrder: "The bill of costs is taxed after the settlement or court order: record that first",
  noAgreement: "This case has no deferral agreement: record the agreement first",
  issueAtSettlement: "This case's deferral agreement issues invoices at settlement: record the settlement or court order on the case first",
} as const;

// ---------------------------------------------------------------- settings

export const receivablesSettingsSchema = z.object({
  longStopMonths: z
    .number({ error: BILLING_MESSAGES.longStopMonths })
    .int(BILLING_MESSAGES.longStopMonths)
    .min(1, BILLING_MESSAGES.longStopMonths)
    .max(120, BILLING_MESSAGES.longStopMonths),
  capitalDays: z
    .number({ error: BILLING_MESSAGES.days })
    .int(BILLING_MESSAGES.days)
    .min(0, BILLING_MESSAGES.days)
    .max(1000, BILLING_MESSAGES.days),
  costsDays: z
    .number({ error: BILLING_MESSAGES.days })
    .int(BILLING_MESSAGES.days)
    .min(0, BILLING_MESSAGES.days)
    .max(1000, BILLING_MESSAGES.days),
});
export type ReceivablesSettings = z.output<typeof receivablesSettingsSchema>;
/** The RAF pays capital about 180 days after the order, and costs about 180 days after taxation. */
export const DEFAULT_RECEIVABLES_SETTINGS: ReceivablesSettings = { longStopMonths: 24, capitalDays: 180, costsDays: 180 };

// ---------------------------------------------------------------- inputs

const interestRatePercent = z
  .number({ error: BILLING_MESSAGES.interestRate })
  .min(0, BILLING_MESSAGES.interestRate)
  .max(100, BILLING_MESSAGES.interestRate)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-9, BILLING_MESSAGES.interestRate);

export const caseBillingInputSchema = caseIdInputSchema;

export const deferralAgreementInputSchema = z.object({
  caseId: id(),
  undertaking: text(BILLING_MESSAGES.undertaking).trim().min(1, BILLING_MESSAGES.undertaking).max(4000, BILLING_MESSAGES.undertaking),
  invoicing: z.enum(DEFERRAL_INVOICING, { error: "Choose how invoices are issued" }),
  longStopMonths: receivablesSettingsSchema.shape.longStopMonths,
  interestRatePercent,
});

export const billingEventInputSchema = z.object({
  caseId: id(),
  kind: z.enum(BILLING_EVENT_KINDS, { error: "Choose the event" }),
  occurredOn: calendarDate("The event's date"),
  /** Only for a settlement or court order: whether it names the experts' qualifying and reservation fees. */
  namesQualifyingFees: z.boolean().optional(),
  namesReservationFees: z.boolean().optional(),
});

export const billingEventRemoveSchema = z.object({ caseId: id(), kind: z.enum(BILLING_EVENT_KINDS, { error: "Choose the event" }) });

/** The REST upload of the undertaking's or the order's signed file: which case and which file. */
export const billingFileInputSchema = z.object({
  caseId: id(),
  kind: z.enum(["undertaking", "order"], { error: "Choose which file this is" }),
});

export const scheduleDownloadSchema = z.object({
  caseId: id(),
  format: z.enum(["pdf", "csv"], { error: "The schedule is a PDF or a CSV file" }),
});

// ---------------------------------------------------------------- rules

/** The long-stop date: `months` after the case's first invoice; none while nothing has been invoiced. */
export function longStopDate(firstInvoiceOn: string | null, months: number): string | null {
  return firstInvoiceOn ? addMonths(firstInvoiceOn, months) : null;
}

/** When each recorded event's payment is expected: capital after the order, costs after taxation, at once once the RAF paid. */
export function expectedPaymentDate(kind: BillingEventKind, occurredOn: string, settings: ReceivablesSettings): string {
  if (kind === "order") return addDays(occurredOn, settings.capitalDays);
  if (kind === "taxed") return addDays(occurredOn, settings.costsDays);
  return occurredOn;
}

/**
 * The expectation of the latest stage a case reached (the RAF paid, else taxation, else the order):
 * the one a case's "payment expected" reminder is about (issue 37, item 10: one per case, not one
 * per event). Null: no event recorded.
 */
export function latestExpectation(
  events: readonly { kind: BillingEventKind; occurredOn: string }[],
  settings: ReceivablesSettings,
): { kind: BillingEventKind; occurredOn: string; expectedOn: string } | null {
  const byKind = new Map(events.map((e) => [e.kind, e.occurredOn]));
  const stage = (["raf_paid", "taxed", "order"] as const).find((k) => byKind.has(k));
  if (!stage) return null;
  const occurredOn = byKind.get(stage)!;
  return { kind: stage, occurredOn, expectedOn: expectedPaymentDate(stage, occurredOn, settings) };
}

/**
 * When the agency expects a deferred case's invoices to be paid: the latest stage reached decides
 * (the RAF paid, else the costs after taxation, else the capital after the order), and never later
 * than the long-stop, after which they fall due anyway. Null: no event and nothing invoiced yet.
 */
export function caseExpectedDate(
  events: readonly { kind: BillingEventKind; occurredOn: string }[],
  settings: ReceivablesSettings,
  longStop: string | null,
): string | null {
  const expected = latestExpectation(events, settings)?.expectedOn;
  if (!expected) return longStop;
  if (!longStop) return expected;
  return expected < longStop ? expected : longStop;
}

/** An open invoice to an attorney as the receivables rules read it; `longStop` is its case's (null: no deferral agreement, or nothing invoiced yet). */
export interface ReceivableFacts {
  dueDate: string;
  deferral: boolean;
  longStop: string | null;
}

/** Whether a deferred invoice's long-stop has passed on `today` (the day after it). */
export const pastLongStop = (invoice: ReceivableFacts, today: string): boolean =>
  invoice.deferral && invoice.longStop !== null && invoice.longStop < today;

/**
 * The day from which an invoice is owed, and from which it ages and bears interest: its due date,
 * and for a deferred invoice the later of its case's long-stop and its due date, so never a day
 * before the invoice existed (an invoice issued after the long-stop is owed from its own due date).
 */
export function owedFrom(invoice: ReceivableFacts): string {
  return invoice.deferral && invoice.longStop && invoice.longStop > invoice.dueDate ? invoice.longStop : invoice.dueDate;
}

/**
 * Where an open invoice stands today. A deferred invoice (its case has an agreement) is "deferred"
 * until its long-stop has passed; after it, and any other invoice, is due until the day it is owed
 * from (`owedFrom`) and overdue after it. The accounts card, the exposure per firm, the case and
 * the statement all read this.
 */
export function receivableClass(invoice: ReceivableFacts, today: string): ReceivableClass {
  if (invoice.deferral && !pastLongStop(invoice, today)) return "deferred";
  return owedFrom(invoice) < today ? "overdue" : "due";
}

/** Simple interest per year on a deferred invoice's balance, from the day after it is owed (`owedFrom`) to today; none before its long-stop. */
export function interestAfterLongStop(balanceCents: number, rateBp: number, invoice: ReceivableFacts, today: string): number {
  if (!pastLongStop(invoice, today) || balanceCents <= 0 || rateBp <= 0) return 0;
  const days = calendarDaysBetween(owedFrom(invoice), today);
  if (days <= 0) return 0;
  return Math.round((balanceCents * rateBp * days) / (10_000 * 365));
}

/** Adds an open invoice to a set of receivables totals: its class's column, "of which past the long-stop", its interest. */
export function addToTotals(
  totals: ReceivablesTotals,
  r: { class: ReceivableClass; pastLongStop: boolean; balanceCents: number; interestCents: number },
): void {
  totals[`${r.class}Cents`] += r.balanceCents;
  if (r.pastLongStop) totals.pastLongStopCents += r.balanceCents;
  totals.interestCents += r.interestCents;
}

export interface ForecastMonth {
  /** YYYY-MM */
  month: string;
  /** "Dec 2026" */
  label: string;
  deferredCents: number;
  dueCents: number;
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * Expected inflows per month for the next `months` months from today's: each open balance in the
 * month of its expected date; a date already past (late, not yet paid) counts in this month, and
 * one beyond the horizon is left out.
 */
export function forecastByMonth(
  items: readonly { expectedOn: string; balanceCents: number; deferred: boolean }[],
  today: string,
  months = 12,
): ForecastMonth[] {
  const first = `${today.slice(0, 7)}-01`;
  const list: ForecastMonth[] = Array.from({ length: months }, (_, i) => {
    const day = addMonths(first, i);
    return {
      month: day.slice(0, 7),
      label: `${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`,
      deferredCents: 0,
      dueCents: 0,
    };
  });
  const index = new Map(list.map((m, i) => [m.month, i]));
  for (const item of items) {
    if (item.balanceCents <= 0) continue;
    const month = item.expectedOn < today ? today.slice(0, 7) : item.expectedOn.slice(0, 7);
    const at = index.get(month);
    if (at === undefined) continue;
    if (item.deferred) list[at]!.deferredCents += item.balanceCents;
    else list[at]!.dueCents += item.balanceCents;
  }
  return list;
}

/** How the bill-of-costs schedule names each fee: the issue's own list of an expert's fees. */
export function scheduleFeeLabel(kind: InvoiceLineKind, description: string): string {
  if (kind === "reservation_day") return "Reservation fee";
  if (kind === "travel") return "Logistics (travel)";
  if (kind === "other") return description;
  return INVOICE_LINE_KIND_LABELS[kind];
}

// ---------------------------------------------------------------- answers

const cents = z.number().int();
const nullableText = z.string().nullable();

export const receivablesTotalsSchema = z.object({
  deferredCents: cents,
  dueCents: cents,
  overdueCents: cents,
  /** Of the due and overdue amounts, what is past its case's long-stop (not added to them again). */
  pastLongStopCents: cents,
  interestCents: cents,
});
export type ReceivablesTotals = z.output<typeof receivablesTotalsSchema>;
export const emptyReceivablesTotals = (): ReceivablesTotals => ({
  deferredCents: 0,
  dueCents: 0,
  overdueCents: 0,
  pastLongStopCents: 0,
  interestCents: 0,
});

export const caseBillingOutputSchema = z.object({
  caseId: z.string(),
  reference: z.string(),
  agreement: z
    .object({
      undertaking: z.string(),
      undertakingFileId: nullableText,
      undertakingFileName: nullableText,
      invoicing: z.enum(DEFERRAL_INVOICING),
      invoicingLabel: z.string(),
      longStopMonths: z.number().int(),
      interestRatePercent: z.number(),
      recordedByName: z.string(),
      recordedAt: z.string(),
    })
    .nullable(),
  firstInvoiceOn: nullableText,
  longStopOn: nullableText,
  expectedOn: nullableText,
  events: z.array(
    z.object({
      kind: z.enum(BILLING_EVENT_KINDS),
      label: z.string(),
      occurredOn: z.string(),
      orderFileId: nullableText,
      orderFileName: nullableText,
      namesQualifyingFees: z.boolean().nullable(),
      namesReservationFees: z.boolean().nullable(),
      expectedOn: z.string(),
      expectedLabel: z.string(),
      reminded: z.boolean(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      issueDate: z.string(),
      totalCents: cents,
      balanceCents: cents,
      class: z.enum(RECEIVABLE_CLASSES),
      pastLongStop: z.boolean(),
      classLabel: z.string(),
    }),
  ),
  totals: receivablesTotalsSchema,
  /** The agency's default long-stop in months (Settings), for a new agreement. */
  defaultLongStopMonths: z.number().int(),
  scheduleLines: z.number().int(),
  schedulePdfPath: z.string(),
  scheduleCsvPath: z.string(),
  can: z.object({ manageAgreement: z.boolean(), recordEvents: z.boolean() }),
});
export type CaseBillingView = z.output<typeof caseBillingOutputSchema>;

export const receivablesOverviewOutputSchema = z.object({
  today: z.string(),
  months: z.array(z.object({ month: z.string(), label: z.string(), deferredCents: cents, dueCents: cents })),
  firms: z.array(
    z.object({
      attorneyId: z.string(),
      attorneyName: z.string(),
      firmName: nullableText,
      deferredCents: cents,
      dueCents: cents,
      overdueCents: cents,
      pastLongStopCents: cents,
      interestCents: cents,
    }),
  ),
  totals: receivablesTotalsSchema,
});
export type ReceivablesOverview = z.output<typeof receivablesOverviewOutputSchema>;

/** Whether a schedule line's invoice is paid: the taxing master and the attorney see what is still owed. */
export type SchedulePaidState = "Paid" | "Part paid" | "Unpaid";
export function schedulePaidState(m: { totalCents: number; paidCents: number; creditedCents: number }): SchedulePaidState {
  if (invoiceBalance(m) === 0) return "Paid";
  return m.paidCents > 0 ? "Part paid" : "Unpaid";
}

export interface ScheduleLine {
  expertName: string;
  discipline: string;
  fee: string;
  invoiceNumber: string;
  invoiceDate: string;
  netCents: number;
  totalCents: number;
  paidState: SchedulePaidState;
}

export interface DisbursementSchedule {
  /** The agency that supplies the experts' services and issued the invoices, with its VAT number ("" when not registered). */
  supplierName: string;
  supplierVatNumber: string;
  /** The South African day the schedule was made (YYYY-MM-DD). */
  date: string;
  caseReference: string;
  claimantName: string;
  rafClaimNumber: string | null;
  courtCaseNumber: string | null;
  attorneyReference: string | null;
  attorneyName: string;
  firmName: string | null;
  lines: ScheduleLine[];
  netCents: number;
  totalCents: number;
}
