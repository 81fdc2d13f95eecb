import { z } from "zod";
import { calendarDate } from "../platform/input-primitives";
import type { InvoiceLineKind } from "../invoices/invoices";
import { INVOICE_LINE_KIND_LABELS } from "../invoices/invoices";

/**
 * The books exported (docs/decisions.md, "Issue 29: bank statements and the books"): a period's
 * invoices, credit notes and receipts as CSV in the layouts the bookkeeper imports — Sage
 * Accounting (South Africa)'s customer invoice, customer credit note and customer receipt
 * imports, and Xero's sales invoice import (credit notes as negative lines in the same file). The
 * README names the layouts followed. Each line carries its tax code: 15 % VAT, or zero-rated.
 */

export const BOOKS_LAYOUTS = ["sage_invoices", "sage_credit_notes", "sage_receipts", "xero_sales_invoices"] as const;
export type BooksLayout = (typeof BOOKS_LAYOUTS)[number];
export const BOOKS_LAYOUT_LABELS: Record<BooksLayout, string> = {
  sage_invoices: "Sage Accounting: customer invoices",
  sage_credit_notes: "Sage Accounting: customer credit notes",
  sage_receipts: "Sage Accounting: customer receipts",
  xero_sales_invoices: "Xero: sales invoices and credit notes",
};

/** A line's VAT: standard-rated at 15 %, or zero-rated (no VAT on it). */
export type VatTreatment = "standard" | "zero";
export const vatTreatment = (line: { vatCents: number }): VatTreatment => (line.vatCents > 0 ? "standard" : "zero");

/** The tax names each package's South African edition lists by default; an import matches them by name. */
export const SAGE_TAX_TYPES: Record<VatTreatment, string> = { standard: "Standard Rate (15%)", zero: "Zero Rate" };
export const XERO_TAX_TYPES: Record<VatTreatment, string> = { standard: "Standard Rate Sales (15%)", zero: "Zero Rated Sales" };
/** The income account the lines post to unless the bookkeeper's chart says otherwise (Xero's default "Sales"). */
export const XERO_SALES_ACCOUNT = "200";

/** The longest period one export covers: a year and a day. */
export const MAX_BOOKS_DAYS = 366;

export const booksExportInputSchema = z
  .object({
    layout: z.enum(BOOKS_LAYOUTS, { error: "Choose the layout: Sage invoices, credit notes, receipts, or Xero" }),
    from: calendarDate("From"),
    to: calendarDate("To"),
  })
  .refine((p) => p.from <= p.to, { message: "The period ends before it starts", path: ["to"] })
  .refine((p) => (Date.parse(p.to) - Date.parse(p.from)) / 86_400_000 < MAX_BOOKS_DAYS, {
    message: "Export at most a year at a time",
    path: ["to"],
  });

/** Cents as the packages read money: "1150.00", "-57.50". */
export function booksAmount(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** YYYY-MM-DD as dd/mm/yyyy, the date both packages' South African imports read. */
export function booksDate(date: string): string {
  const [y, m, d] = date.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * A line as the books name it (issue 37, item 16): the kind of fee only. The line's own text can
 * name the claimant, the expert's discipline or the injury, and health information does not go into
 * a third-party ledger; the reference (case and invoice) leads back to the invoice in the app.
 */
export function booksLineDescription(kind: InvoiceLineKind): string {
  return kind === "other" ? "Other services" : INVOICE_LINE_KIND_LABELS[kind];
}

/**
 * A recipient's address (one text, lines split by commas or line breaks: "4th Floor, 90 Rivonia
 * Road, Sandton, 2196") as the imports' address columns: up to `maxLines` street lines (the rest
 * joined into the last), the city (the last part before the postal code) and the 4-digit postal code.
 */
export function postalAddress(address: string, maxLines: number): { lines: string[]; city: string; postalCode: string } {
  const parts = address
    .split(/\r?\n|,/)
    .map((p) => p.trim())
    .filter(Boolean);
  let postalCode = "";
  const last = parts[parts.length - 1] ?? "";
  const code = last.match(/^(.*?)\s*\b(\d{4})$/);
  if (code) {
    postalCode = code[2]!;
    if (code[1]) parts[parts.length - 1] = code[1];
    else parts.pop();
  }
  const city = parts.length > 1 ? parts.pop()! : "";
  const lines = parts.length > maxLines ? [...parts.slice(0, maxLines - 1), parts.slice(maxLines - 1).join(", ")] : parts;
  return { lines: Array.from({ length: maxLines }, (_, i) => lines[i] ?? ""), city, postalCode };
}
