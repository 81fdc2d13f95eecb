import { z } from "zod";
import { INVOICE_LIST_KINDS, INVOICE_SORTS, INVOICE_STATUSES, type InvoiceListKind, type InvoiceStatus } from "../constants";
import { calendarDate, id, idInputSchema, listInput, optionalTextOrNull, searchText, text } from "../platform/input-primitives";

/**
 * Invoices and credit notes (docs/decisions.md, "Invoices"): ZAR in integer cents, VAT 15 % per
 * line rounded half up, totals the sums of the lines; a draft has no number and may change, an
 * issued document never does (a correction is a credit note).
 */

export const VAT_RATE_PERCENT = 15;
/** Days from issue to the due date of every invoice. */
export const INVOICE_PAYMENT_DAYS = 30;
/** The largest amount one line may carry: R 10 000 000.00, far beyond any fee, well inside int8 sums. */
export const MAX_LINE_CENTS = 1_000_000_000;
export const MAX_INVOICE_LINES = 50;

export const INVOICE_KINDS = ["attorney", "expert"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];
export const INVOICE_KIND_LABELS: Record<InvoiceKind, string> = { attorney: "Invoice to attorney", expert: "Expert invoice" };

export {
  INVOICE_LIST_KINDS,
  INVOICE_SORTS,
  INVOICE_SORT_LABEL,
  INVOICE_STATUSES,
  type InvoiceListKind,
  type InvoiceSort,
  type InvoiceStatus,
} from "../constants";
export const INVOICE_LIST_KIND_LABELS: Record<InvoiceListKind, string> = { ...INVOICE_KIND_LABELS, credit_note: "Credit note" };

/** Each fee its own line, as attorneys list them in a bill of costs. */
export const INVOICE_LINE_KINDS = [
  "assessment",
  "report",
  "raf4",
  "addendum",
  "joint_minute",
  "qualifying_fee",
  "reservation_day",
  "court_attendance",
  "travel",
  "late_cancellation",
  "no_show",
  "other",
  // The claimant's day paid by the agency for the attorney: transport, stay, interpreter, meals (issue 28).
  "disbursement",
] as const;
export type InvoiceLineKind = (typeof INVOICE_LINE_KINDS)[number];
export const INVOICE_LINE_KIND_LABELS: Record<InvoiceLineKind, string> = {
  assessment: "Assessment",
  report: "Medico-legal report",
  raf4: "RAF 4 serious injury assessment",
  addendum: "Addendum",
  joint_minute: "Joint minute",
  qualifying_fee: "Qualifying fee",
  reservation_day: "Reservation day",
  court_attendance: "Court attendance",
  travel: "Travel",
  late_cancellation: "Late cancellation",
  no_show: "No-show",
  other: "Other",
  disbursement: "Disbursement",
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  draft: "Draft",
  issued: "Issued",
  partially_paid: "Partially paid",
  paid: "Paid",
  overdue: "Overdue",
  credited: "Credited",
};

/**
 * The moves an invoice may make; anything else is refused (409). A reversed payment takes a paid or
 * partly paid invoice back (`invoiceStatusFromMoney` in payments.ts decides where).
 */
export const INVOICE_MOVES: Record<InvoiceStatus, readonly InvoiceStatus[]> = {
  draft: ["issued"],
  issued: ["partially_paid", "paid", "overdue", "credited"],
  partially_paid: ["issued", "paid", "overdue", "credited"],
  overdue: ["partially_paid", "paid", "credited"],
  paid: ["issued", "partially_paid", "overdue"],
  credited: [],
};

export function canMoveInvoice(from: InvoiceStatus, to: InvoiceStatus): boolean {
  return INVOICE_MOVES[from].includes(to);
}

/** States in which money is still owed on an invoice. */
export const OPEN_INVOICE_STATUSES = ["issued", "partially_paid", "overdue"] as const satisfies readonly InvoiceStatus[];

/** VAT on a line's value excluding VAT, rounded half up to the cent (R 0.30 -> R 0.05). */
export function lineVat(netCents: number, vatRegistered = true): number {
  if (!vatRegistered) return 0;
  if (!Number.isSafeInteger(netCents) || netCents < 0) throw new RangeError("A line's value is a whole, non-negative number of cents");
  // Integers only: net * 15 / 100, half up, without floating point.
  return Math.floor((netCents * VAT_RATE_PERCENT + 50) / 100);
}

export interface PricedLine {
  quantity: number;
  unitPriceCents: number;
}

export interface LineAmounts {
  netCents: number;
  vatCents: number;
  totalCents: number;
}

export function lineAmounts(line: PricedLine, vatRegistered = true): LineAmounts {
  const netCents = line.quantity * line.unitPriceCents;
  const vatCents = lineVat(netCents, vatRegistered);
  return { netCents, vatCents, totalCents: netCents + vatCents };
}

/** The document's totals: the sums of its lines (never VAT on the sum, so the lines always add up). */
export function documentTotals(lines: readonly PricedLine[], vatRegistered = true): LineAmounts {
  return lines
    .map((line) => lineAmounts(line, vatRegistered))
    .reduce(
      (sum, l) => ({ netCents: sum.netCents + l.netCents, vatCents: sum.vatCents + l.vatCents, totalCents: sum.totalCents + l.totalCents }),
      {
        netCents: 0,
        vatCents: 0,
        totalCents: 0,
      },
    );
}

/** `INV-2026-00042`: a series, the year of issue and the next number of that series' counter. */
export function documentNumber(prefix: string, year: number, value: number): string {
  return `${prefix}-${year}-${String(value).padStart(5, "0")}`;
}

/* ---------- inputs ---------- */

/** An amount in whole cents within one line's limit, its messages naming the field. */
export const centsAmount = (label: string) =>
  z
    .number({ error: `${label} is an amount in cents` })
    .int(`${label} is a whole number of cents`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_LINE_CENTS, `${label} can be at most R 10 000 000.00`);

export const invoiceLineInputSchema = z
  .object({
    kind: z.enum(INVOICE_LINE_KINDS, { error: "Choose the kind of fee" }),
    description: text("Describe the service")
      .trim()
      .min(1, "Describe the service")
      .max(300, "A description must be at most 300 characters"),
    quantity: z
      .number({ error: "The quantity is a whole number" })
      .int("The quantity is a whole number")
      .min(1, "The quantity is at least 1")
      .max(10_000, "The quantity can be at most 10 000"),
    unitPriceCents: centsAmount("The unit price"),
    /** The report the line bills, one of the invoice's case (attorney invoices only). */
    reportId: id("Choose a report").nullish(),
  })
  .refine((line) => line.quantity * line.unitPriceCents <= MAX_LINE_CENTS, {
    message: "A line can be at most R 10 000 000.00",
    path: ["unitPriceCents"],
  });
export type InvoiceLineInput = z.output<typeof invoiceLineInputSchema>;

const invoiceLines = z
  .array(invoiceLineInputSchema)
  .min(1, "Add at least one line")
  .max(MAX_INVOICE_LINES, `An invoice has at most ${MAX_INVOICE_LINES} lines`);

/** A draft invoice to an attorney, made by staff (`/manual-invoice`); the case fills in the claimant and claim number. */
export const attorneyInvoiceDraftSchema = z.object({
  attorneyId: id("Choose the attorney to invoice"),
  caseId: id("Choose a case")
    .nullish()
    .transform((v) => v ?? null),
  attorneyReference: optionalTextOrNull(100, "The attorney's reference"),
  lines: invoiceLines,
});
export const invoiceDraftUpdateSchema = attorneyInvoiceDraftSchema.extend({ id: id("Choose an invoice") });

export const creditNoteInputSchema = z.object({
  invoiceId: id("Choose the invoice to credit"),
  reason: text("Give the reason for the credit note")
    .trim()
    .min(1, "Give the reason for the credit note")
    .max(1000, "A reason must be at most 1000 characters"),
  /** The lines credited; left out, the whole uncredited balance is credited line by line. */
  lines: z
    .array(invoiceLineInputSchema)
    .min(1, "Add at least one line to credit")
    .max(MAX_INVOICE_LINES, `A credit note has at most ${MAX_INVOICE_LINES} lines`)
    .optional(),
});

export const invoiceListInputSchema = listInput({
  status: z.enum(INVOICE_STATUSES, { error: "Choose an invoice status" }).optional(),
  /** Invoices to attorneys, expert invoices or credit notes; without it, every invoice and credit note. */
  kind: z.enum(INVOICE_LIST_KINDS, { error: "Choose invoices to attorneys, expert invoices or credit notes" }).optional(),
  attorneyId: id("Choose an attorney").optional(),
  consultantId: id("Choose an expert").optional(),
  /** Issue dates from and to (inclusive); drafts count by the day they were made. */
  from: calendarDate("From").optional(),
  to: calendarDate("To").optional(),
  search: searchText,
  /** The invoices' order; credit notes keep theirs, newest first. */
  sort: z.enum(INVOICE_SORTS, { error: "Choose a sort order" }).default("newest"),
});

export { idInputSchema as invoiceIdInputSchema };

/* ---------- outputs (shapes the web reads; zod schemas in outputs.ts) ---------- */

/**
 * SARS (VAT Act s20(4)): a tax invoice for more than R 5 000 is a full tax invoice and must carry the
 * recipient's name and address (and VAT number when registered); at or below it, an abridged one may leave them out.
 */
export const FULL_TAX_INVOICE_ABOVE_CENTS = 500_000;

/** What a full tax invoice still lacks of its recipient ("name", "address"); empty when it may be issued. */
export function missingRecipientDetails(p: {
  vatRegistered: boolean;
  totalCents: number;
  recipient: { name: string; address: string };
}): ("name" | "address")[] {
  if (!p.vatRegistered || p.totalCents <= FULL_TAX_INVOICE_ABOVE_CENTS) return [];
  const missing: ("name" | "address")[] = [];
  if (!p.recipient.name.trim()) missing.push("name");
  if (!p.recipient.address.trim()) missing.push("address");
  return missing;
}
